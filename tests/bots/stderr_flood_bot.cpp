// Plays correctly but writes 4 MB to stderr before every move.
#include <string>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    static const std::string chunk(64 * 1024, 'e');
    for (int i = 0; i < 64; ++i) std::fwrite(chunk.data(), 1, chunk.size(), stderr);
    return false;
  };
  return testbot::run(h);
}

// At its first decision writes one line of 100 MB without a newline, then sleeps.
#include <string>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    const std::string chunk(1 << 20, 'x');
    std::fputs("move ", stdout);
    for (int i = 0; i < 100; ++i) std::fwrite(chunk.data(), 1, chunk.size(), stdout);
    std::fflush(stdout);
    for (;;) testbot::sleep_ms(1000);
    return true;
  };
  return testbot::run(h);
}

// Plays its first decision, then exits with status 0 at its second.
#include <cstdlib>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    if (decision >= 2) std::exit(0);
    return false;
  };
  return testbot::run(h);
}

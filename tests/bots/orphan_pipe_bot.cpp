// At its first decision starts a child that keeps stdout and stderr open and sleeps,
// then exits: the referee sees the bot gone while its pipes never reach end-of-file.
#include <cstdlib>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    if (::fork() == 0) {
      for (;;) testbot::sleep_ms(1000);
    }
    std::_Exit(0);
    return true;
  };
  return testbot::run(h);
}

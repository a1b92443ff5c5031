// Plays its move, then exits 50 ms later: while its opponent is thinking.
#include <cstdlib>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int) {
    testbot::say("move " + legal.front());
    testbot::sleep_ms(50);
    std::exit(3);
    return true;
  };
  return testbot::run(h);
}

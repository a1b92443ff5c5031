// Plays its first two decisions of every game, then resigns.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    static int in_game = 0;
    (void)decision;
    if (++in_game % 3 != 0) return false;
    testbot::say("resign");
    return true;
  };
  return testbot::run(h);
}

// Plays two moves, then crashes (SIGABRT) in the middle of the game.
#include <cstdlib>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    if (decision >= 3) std::abort();
    return false;
  };
  return testbot::run(h);
}

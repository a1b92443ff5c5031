// Plays its first move, then repeats that same move: well formed, no longer legal.
#include "misbehaving_bot.h"

static std::string first;

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int decision) {
    if (decision == 1) {
      first = legal.front();
      return false;
    }
    testbot::say("move " + first);
    return true;
  };
  return testbot::run(h);
}

// Plays its first two moves, then writes a complete move but for its newline and exits: a
// line cut by the end of output is not a move (the bot crashed before finishing it).
#include <cstdlib>

#include "misbehaving_bot.h"
#include "raw_write.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int decision) {
    if (decision < 3) return false;
    testbot::raw_write("move " + legal.front());
    std::exit(0);
  };
  return testbot::run(h);
}

// Plays the first legal move, except at its decision N (argument, default 3): there it
// answers with a move that was legal at its first decision but is not now (an occupied
// cell), else with a token no game parses. Deterministic: `arena repro` must reproduce
// the fault byte for byte.
#include <cstdlib>
#include <set>
#include <string>

#include "misbehaving_bot.h"

static int fault_at = 3;
static std::vector<std::string> first;

int main(int argc, char** argv) {
  if (argc > 1) fault_at = std::atoi(argv[1]);
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int decision) {
    if (decision == 1) first = legal;
    if (decision != fault_at) return false;
    std::set<std::string> now(legal.begin(), legal.end());
    for (const auto& m : first)
      if (!now.count(m)) {
        std::fputs("fixed_illegal_bot: playing an illegal move on purpose\n", stderr);
        testbot::say("move " + m);
        return true;
      }
    testbot::say("move zz-not-a-move");
    return true;
  };
  return testbot::run(h);
}

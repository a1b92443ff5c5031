// Plays legal moves until it can answer with a move that was legal at an earlier
// decision but is not now (an occupied cell, a stone that moved): well formed, illegal.
#include <set>

#include "misbehaving_bot.h"

static std::set<std::string> seen;

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int) {
    std::set<std::string> now(legal.begin(), legal.end());
    for (const auto& m : seen)
      if (!now.count(m)) {
        testbot::say("move " + m);
        return true;
      }
    seen.insert(legal.begin(), legal.end());
    return false;
  };
  return testbot::run(h);
}

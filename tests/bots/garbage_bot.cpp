// Answers a decision with a line that is no protocol message at all.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    testbot::say("I think the best move is probably the first one");
    return true;
  };
  return testbot::run(h);
}

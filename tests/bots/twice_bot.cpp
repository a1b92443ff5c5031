// Answers every decision twice.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int) {
    testbot::say("move " + legal.front());
    testbot::say("move " + legal.front());
    return true;
  };
  return testbot::run(h);
}

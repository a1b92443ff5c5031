// Writes info lines without end instead of moving.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    for (long i = 0;; ++i) testbot::say("info thinking very hard " + std::to_string(i));
    return true;
  };
  return testbot::run(h);
}

// Writes the first part of its move line, pauses 30 ms (the referee's read then finds only
// the part, a short read), and writes the rest: the line is taken whole, once.
#include "misbehaving_bot.h"
#include "raw_write.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int) {
    testbot::raw_write("mo");
    testbot::sleep_ms(30);
    testbot::raw_write("ve " + legal.front());
    testbot::sleep_ms(5);
    testbot::raw_write("\n");
    return true;
  };
  return testbot::run(h);
}

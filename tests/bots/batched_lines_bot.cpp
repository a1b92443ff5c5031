// Writes several lines in one write(2): two info lines and its move, so one read of the
// referee returns three lines that must all be taken, in order.
#include "misbehaving_bot.h"
#include "raw_write.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int decision) {
    testbot::raw_write("info depth " + std::to_string(decision) + "\ninfo string batched\nmove " +
                       legal.front() + "\n");
    return true;
  };
  return testbot::run(h);
}

// Writes each of its moves one byte per write(2), with a short pause after every byte: the
// referee must put the line together from as many reads as there are bytes.
#include "misbehaving_bot.h"
#include "raw_write.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int) {
    const std::string line = "move " + legal.front() + "\n";
    for (char c : line) {
      testbot::raw_write(std::string(1, c));
      testbot::sleep_ms(1);
    }
    return true;
  };
  return testbot::run(h);
}

// A well-behaved slow bot: answers every request with its first legal move after 200 ms.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    testbot::sleep_ms(200);
    return false;
  };
  return testbot::run(h);
}

// Answers its first decision correctly, then sleeps far past any deadline.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    if (decision < 2) return false;
    testbot::sleep_ms(60000);
    return false;
  };
  return testbot::run(h);
}

// Closes its standard output at its second decision and stays alive without answering.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    if (decision < 2) return false;
    std::fclose(stdout);
    ::close(1);
    for (;;) testbot::sleep_ms(1000);
    return true;
  };
  return testbot::run(h);
}

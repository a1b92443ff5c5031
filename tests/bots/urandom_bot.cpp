// A nondeterministic bot: picks among the legal moves with bytes from /dev/urandom, so the
// same lines give different answers (`arena repro` must say so).
#include <cstdio>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>& legal, int) {
    unsigned value = 0;
    if (std::FILE* f = std::fopen("/dev/urandom", "rb")) {
      if (std::fread(&value, sizeof value, 1, f) != 1) value = 0;
      std::fclose(f);
    }
    testbot::say("move " + legal[value % legal.size()]);
    return true;
  };
  return testbot::run(h);
}

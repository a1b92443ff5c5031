// At its first decision forks in a doubling cascade (bounded at 2^8 processes so a
// referee running as root, where RLIMIT_NPROC does not apply, cannot take the machine
// down) and never answers; every process just sleeps.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    for (int generation = 0; generation < 8; ++generation) ::fork();  // failures are fine
    for (;;) testbot::sleep_ms(1000);
    return true;
  };
  return testbot::run(h);
}

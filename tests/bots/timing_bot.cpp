// A well-behaved bot for the clock tests: before each of its moves it either burns CPU or
// sleeps. `timing_bot burn MS` spins until its own CPU time has grown by MS milliseconds (so it
// uses that much CPU however busy the machine is); `timing_bot sleep MS` sleeps MS milliseconds
// of wall time, using almost no CPU (a bot that waits on something, or is starved).
#include <time.h>

#include <cstdlib>
#include <cstring>

#include "misbehaving_bot.h"

namespace {

bool burn = false;
long amount_ms = 0;

long cpu_ms() {
  timespec ts{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<long>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 3) {
    burn = std::strcmp(argv[1], "burn") == 0;
    amount_ms = std::atol(argv[2]);
  }
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    if (!burn) {
      testbot::sleep_ms(amount_ms);
      return false;
    }
    const long until = cpu_ms() + amount_ms;
    volatile unsigned long spin = 0;
    while (cpu_ms() < until)
      for (int i = 0; i < 10000; ++i) spin = spin + 1;
    return false;
  };
  return testbot::run(h);
}

// At its first decision forks in a doubling cascade in which every process moves to a
// process group of its own (setpgid) or a new session (setsid), so killing the bot's group
// misses them all; bounded at 2^5 processes; never answers.
#include <unistd.h>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    for (int generation = 0; generation < 5; ++generation)
      if (::fork() == 0) {
        if (generation % 2)
          ::setsid();
        else
          ::setpgid(0, 0);
      }
    for (;;) testbot::sleep_ms(1000);
    return true;
  };
  return testbot::run(h);
}

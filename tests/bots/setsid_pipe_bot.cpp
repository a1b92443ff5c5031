// At its first decision starts a child that leaves the bot's session and process group
// (setsid) and keeps stdout and stderr open, then exits: the referee must rule a crash at
// once, kill the child wherever it went, and never wait for end-of-file.
#include <unistd.h>

#include <cstdlib>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    if (::fork() == 0) {
      ::setsid();
      for (;;) testbot::sleep_ms(1000);
    }
    std::_Exit(0);
    return true;
  };
  return testbot::run(h);
}

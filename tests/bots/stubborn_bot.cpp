// Plays correctly but ignores SIGTERM and "quit", and leaves a child process in its
// process group: only a kill of the whole group gets rid of it.
#include <signal.h>

#include "misbehaving_bot.h"

int main() {
  ::signal(SIGTERM, SIG_IGN);
  if (::fork() == 0) {
    for (;;) testbot::sleep_ms(1000);
  }
  testbot::Hooks h;
  h.on_quit = [] {
    for (;;) testbot::sleep_ms(1000);
  };
  return testbot::run(h);
}

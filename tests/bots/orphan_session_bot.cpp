// Plays correctly and exits at once on "quit", but first starts a child that leaves the bot's
// session and process group (setsid), closes its standard streams and keeps running: killing
// the bot's group misses it. For `arena check-bot` tests.
#include <unistd.h>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_quit = [] {
    if (::fork() == 0) {
      ::setsid();
      ::close(0);
      ::close(1);
      ::close(2);
      for (;;) testbot::sleep_ms(1000);
    }
  };
  return testbot::run(h);
}

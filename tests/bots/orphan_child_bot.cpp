// Plays correctly and exits at once on "quit", but first starts a child that closes its
// standard streams and keeps running in the bot's process group: the exit looks clean,
// yet something is left behind. For `arena check-bot` tests.
#include <unistd.h>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_quit = [] {
    if (::fork() == 0) {
      ::close(0);
      ::close(1);
      ::close(2);
      for (;;) testbot::sleep_ms(1000);
    }
  };
  return testbot::run(h);
}

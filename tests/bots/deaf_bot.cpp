// Completes the handshake, then never reads its stdin again (the referee's writes pile
// up in the pipe) and never answers; ignores SIGTERM too.
#include <signal.h>

#include <iostream>

#include "misbehaving_bot.h"

int main() {
  ::signal(SIGTERM, SIG_IGN);
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.rfind("arena", 0) == 0) {
      testbot::say("name deaf");
      testbot::say("ready");
      break;
    }
  }
  for (;;) testbot::sleep_ms(1000);
}

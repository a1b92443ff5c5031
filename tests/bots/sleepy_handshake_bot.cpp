// Sleeps 30 s before answering the handshake.
#include "misbehaving_bot.h"

int main() {
  testbot::sleep_ms(30000);
  return testbot::run({});
}

// Starts but never completes the handshake.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.handshake = false;
  return testbot::run(h);
}

// Answers before being asked: as soon as it learns the legal moves of its first
// decision it writes a move, and only then waits for "go".
#include <iostream>

#include "misbehaving_bot.h"

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.rfind("arena", 0) == 0) {
      testbot::say("name eager");
      testbot::say("ready");
    } else if (line.rfind("newgame", 0) == 0) {
      testbot::say("move a1");  // nobody asked
    } else if (line == "quit") {
      return 0;
    }
  }
  return 0;
}

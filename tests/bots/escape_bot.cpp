// Writes terminal escape sequences and invalid UTF-8 where the referee quotes a bot's text:
// with the argument "name", a handshake line (an OSC title change and a bell); otherwise,
// after a UTF-8 name, a move made of ESC sequences, a lone CR and invalid UTF-8.
#include <cstring>

#include "misbehaving_bot.h"

int main(int argc, char** argv) {
  const bool in_name = argc > 1 && std::strcmp(argv[1], "name") == 0;
  if (in_name) {
    std::string line;
    std::getline(std::cin, line);
    testbot::say("name evil\x1b]0;pwned\x07\x1b[2J\r");
    std::getline(std::cin, line);
    return 0;
  }
  testbot::Hooks h;
  h.handshake = false;
  h.on_go = [](const std::vector<std::string>&, int) {
    testbot::say("move \x1b[31mred\xff\xfe\xc3(\xe2\x82\x1b]8;;http://x\x07");
    return true;
  };
  std::string line;
  std::getline(std::cin, line);
  testbot::say("name Ünïcödé bot");
  testbot::say("ready");
  return testbot::run(h);
}

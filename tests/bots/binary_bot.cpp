// Answers its first decision with a move line holding NUL bytes and invalid UTF-8.
#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    const char line[] = "move \0\xff\xfe\xc3\x28\n";
    std::fwrite(line, 1, sizeof line - 1, stdout);
    std::fflush(stdout);
    return true;
  };
  return testbot::run(h);
}

// Writes 300 KiB to its standard error at its first decision of every process, then crashes:
// a bot restarted for every game fills its log file again each time unless the cap is per file.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    const std::string chunk(1024, 'x');
    for (int i = 0; i < 300; ++i) std::fputs((chunk + "\n").c_str(), stderr);
    std::fflush(stderr);
    std::abort();
    return true;
  };
  return testbot::run(h);
}

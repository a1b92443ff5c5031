// At its first decision allocates and touches memory in 32 MiB blocks up to 1 GiB (a
// cap so a run without an address-space limit does not starve the machine), then
// sleeps. Under the referee's address-space limit the allocation fails first and the
// bot dies of std::bad_alloc.
#include <cstring>
#include <vector>

#include "misbehaving_bot.h"

int main() {
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int) {
    static std::vector<char*> blocks;
    for (int i = 0; i < 32; ++i) {
      char* b = new char[32 << 20];
      std::memset(b, 1, 32 << 20);
      blocks.push_back(b);
    }
    for (;;) testbot::sleep_ms(1000);
    return true;
  };
  return testbot::run(h);
}

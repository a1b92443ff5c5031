// Reads its input with read(2) as it arrives and checks how the referee cuts it into writes:
// a `newgame` must come in the same read as this seat's first request (its `go`), whichever
// seat it holds (docs/protocol.md, "When `newgame` comes"). One message of a few hundred
// bytes is one write, under PIPE_BUF, so it is read whole. Otherwise the bot plays the first
// legal move; a `newgame` that came alone makes it say so on stderr and exit with status 3,
// which the referee rules a crash.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>
#include <vector>

#include "raw_write.h"

namespace {

bool starts_with(const std::string& line, const char* word) { return line.rfind(word, 0) == 0; }

}  // namespace

int main() {
  std::string pending;  // a line cut by the end of a read
  std::vector<std::string> legal;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(0, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return 0;
    pending.append(buf, static_cast<std::size_t>(n));
    bool newgame = false, go = false;
    std::size_t start = 0;
    for (std::size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1) {
      const std::string line = pending.substr(start, end - start);
      if (starts_with(line, "arena ")) testbot::raw_write("name message-bounds\nready\n");
      if (starts_with(line, "newgame ")) newgame = true;
      if (starts_with(line, "quit")) return 0;
      if (starts_with(line, "legal ")) {
        legal.clear();
        for (std::size_t a = 6, b; a < line.size(); a = b + 1) {
          b = line.find(' ', a);
          if (b == std::string::npos) b = line.size();
          legal.push_back(line.substr(a, b - a));
        }
      }
      if (starts_with(line, "go ")) {
        go = true;
        testbot::raw_write("move " + legal.front() + "\n");
      }
    }
    pending.erase(0, start);
    if (newgame && !go) {
      std::fputs("newgame came without this seat's first request\n", stderr);
      return 3;
    }
  }
}

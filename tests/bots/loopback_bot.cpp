// A bot that probes the network it is given (tests/referee/run_folder_check_test.cpp, the
// sandbox's loopback): at its first decision it listens on 127.0.0.1 and connects to itself
// there, then tries to connect to 127.0.0.1:PORT, where the test listens on the host, and
// writes to its standard error (the referee's log) "loopback: own=ok|failed host=reached|
// unreachable", then plays the first legal move. Usage: loopback_bot PORT.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstdio>
#include <cstdlib>

#include "misbehaving_bot.h"

namespace {

int g_port = 0;

sockaddr_in loopback(int port) {
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return addr;
}

bool connects(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr = loopback(port);
  const bool ok = fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  if (fd >= 0) ::close(fd);
  return ok;
}

// Listens on 127.0.0.1 (any port) and connects to itself there.
bool own_loopback_works() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr = loopback(0);
  socklen_t size = sizeof addr;
  const bool ok = fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
                  ::listen(fd, 1) == 0 && ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &size) == 0 &&
                  connects(ntohs(addr.sin_port));
  if (fd >= 0) ::close(fd);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  g_port = std::atoi(argv[1]);
  testbot::Hooks h;
  h.on_go = [](const std::vector<std::string>&, int decision) {
    if (decision == 1)
      std::fprintf(stderr, "loopback: own=%s host=%s\n", own_loopback_works() ? "ok" : "failed",
                   connects(g_port) ? "reached" : "unreachable");
    return false;
  };
  return testbot::run(h);
}

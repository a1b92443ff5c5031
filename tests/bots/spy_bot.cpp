// A bot that reads `arena serve`'s page while it plays (tests/serve/serve_test.cpp): before each
// of its moves it writes its process id ("=== pid N"), fetches the state, every game in play
// and a finished game's replay from http://127.0.0.1:PORT/, and appends each answer to OUT
// ("=== <target>" then the body), then plays the first legal move. Usage: spy_bot PORT OUT.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <fstream>
#include <regex>
#include <set>

#include "misbehaving_bot.h"

namespace {

int g_port = 0;
std::string g_out;

// GET `target` of the server; the body ("" when the server cannot be reached).
std::string get(const std::string& target) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(g_port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string text;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
    const std::string req = "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if (::write(fd, req.data(), req.size()) == static_cast<ssize_t>(req.size())) {
      char buf[8192];
      for (ssize_t n; (n = ::read(fd, buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
    }
  }
  ::close(fd);
  const std::size_t body = text.find("\r\n\r\n");
  return body == std::string::npos ? "" : text.substr(body + 4);
}

void spy() {
  std::ofstream out(g_out, std::ios::app);
  // A process plays one game (hidden-information games get fresh processes): its id tells the
  // test which game it was in.
  out << "=== pid " << ::getpid() << "\n";
  const std::string state = get("/api/state");
  out << "=== /api/state\n" << state << "\n";
  const std::regex id("\"id\":\"([A-Za-z0-9-]+)\"");
  for (auto it = std::sregex_iterator(state.begin(), state.end(), id); it != std::sregex_iterator(); ++it) {
    const std::string target = "/api/live/" + (*it)[1].str();
    out << "=== " << target << "\n" << get(target) << "\n";
  }
  for (const char* target : {"/", "/api/data", "/api/replay/1", "/files/games.pgn"})
    out << "=== " << target << "\n" << get(target) << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  g_port = std::atoi(argv[1]);
  g_out = argv[2];
  testbot::Hooks h;
  // No wait: the server reads the folder again before every answer, and the game's live file
  // exists before its first move is asked for, so even at its first move the spy sees its game.
  h.on_go = [](const std::vector<std::string>&, int) {
    spy();
    return false;
  };
  return testbot::run(h);
}

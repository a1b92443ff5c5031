// The test side of `arena serve` (tests/serve/): the real binary started in the background, a
// minimal HTTP client over a raw socket (so a target is sent exactly as written, unnormalised),
// and a reader of the Server-Sent Events stream. Waits are for conditions, with generous
// timeouts; nothing is left running or on disk.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "tests/killed_referee.h"
#include "tests/shell_run.h"

namespace servetest {

using Clock = std::chrono::steady_clock;

struct TempDir {
  std::string path;
  TempDir() {
    char t[] = "/tmp/arena-serve-XXXXXX";
    REQUIRE(::mkdtemp(t));
    path = t;
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

// `cmd` run by /bin/sh in the background, its output to `log`; stopped (SIGTERM, then waited
// for) when it goes out of scope unless waited for before.
struct Background {
  pid_t pid = -1;
  std::string log;
  Background(const std::string& cmd, std::string log_file) : log(std::move(log_file)) {
    const std::string line = "exec " + cmd + " > '" + log + "' 2>&1";
    pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      ::execl("/bin/sh", "sh", "-c", line.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  // The exit status (-1: killed by a signal), waiting at most `seconds`, else killed.
  int wait(int seconds = 120) {
    const auto until = Clock::now() + std::chrono::seconds(seconds);
    int status = 0;
    while (::waitpid(pid, &status, WNOHANG) == 0) {
      if (Clock::now() > until) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        reftest::remove_run_folder_of(pid);
        pid = -1;
        FAIL("timed out: " << shelltest::slurp(log));
      }
      ::usleep(10 * 1000);
    }
    pid = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  int stop() {
    if (pid > 0) ::kill(pid, SIGTERM);
    return wait(30);
  }
  ~Background() {
    if (pid > 0) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
      reftest::remove_run_folder_of(pid);
    }
  }
};

// Waits (at most `seconds`) for `done`; false on timeout.
inline bool wait_for(const std::function<bool()>& done, int seconds = 60) {
  const auto until = Clock::now() + std::chrono::seconds(seconds);
  while (!done()) {
    if (Clock::now() > until) return false;
    ::usleep(10 * 1000);
  }
  return true;
}

// `arena serve DIR --port 0` started (after `prefix`, e.g. "prlimit --nofile=40:40 ", which
// execs it: the process id stays the server's), the `arena` of `bin_dir`; its port read from its
// first line.
struct Server {
  Background process;
  int port = 0;
  Server(const std::string& dir, const std::string& log, const std::string& prefix = "",
         const std::string& bin_dir = ARENA_BIN_DIR)
      : process(prefix + bin_dir + "/arena serve '" + dir + "' --port 0", log) {
    REQUIRE(wait_for([&] { return shelltest::slurp(log).find("/ (Ctrl-C") != std::string::npos; }, 60));
    const std::string text = shelltest::slurp(log);
    const std::size_t colon = text.find("127.0.0.1:");
    REQUIRE(colon != std::string::npos);
    port = std::stoi(text.substr(colon + 10));
  }
};

inline int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  REQUIRE(fd >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  return fd;
}

struct Response {
  int status = 0;
  std::string head, body;
};

// One request, `target` sent as written; the whole answer (the server closes the connection),
// nullopt when the server closed it without one.
inline std::optional<Response> try_request(int port, const std::string& target,
                                           const std::string& method = "GET") {
  const int fd = connect_to(port);
  const std::string req = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  REQUIRE(::write(fd, req.data(), req.size()) == static_cast<ssize_t>(req.size()));
  std::string text;
  char buf[65536];
  pollfd p{fd, POLLIN, 0};
  while (::poll(&p, 1, 30000) > 0) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  Response r;
  const std::size_t end = text.find("\r\n\r\n");
  if (end == std::string::npos || end < 12) return std::nullopt;
  r.head = text.substr(0, end);
  r.body = text.substr(end + 4);
  r.status = std::stoi(text.substr(9, 3));
  return r;
}

inline Response request(int port, const std::string& target, const std::string& method = "GET") {
  std::optional<Response> r = try_request(port, target, method);
  REQUIRE(r);
  return *r;
}

// The descriptors process `pid` holds open now, those numbered below `below` only: a limit of
// N descriptors (RLIMIT_NOFILE) leaves the numbers from 0 to N-1, and one inherited with a higher
// number takes none of them.
inline int open_descriptors(pid_t pid, int below = 1 << 30) {
  std::error_code ec;
  int n = 0;
  for (std::filesystem::directory_iterator it("/proc/" + std::to_string(pid) + "/fd", ec), end;
       !ec && it != end; it.increment(ec))
    n += std::stoi(it->path().filename().string()) < below;
  return n;
}

// The /events stream: everything read so far.
struct Events {
  int fd;
  std::string text;
  explicit Events(int port) : fd(connect_to(port)) {
    const std::string req = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    REQUIRE(::write(fd, req.data(), req.size()) == static_cast<ssize_t>(req.size()));
  }
  ~Events() { ::close(fd); }
  // Reads for at most `ms`.
  void read_some(int ms) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, ms) <= 0) return;
    char buf[65536];
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) text.append(buf, static_cast<std::size_t>(n));
  }
  // The data of the last complete "state" event ("" none).
  std::string last_state() const {
    std::string last;
    for (std::size_t at = text.find("event: state\ndata: "); at != std::string::npos;
         at = text.find("event: state\ndata: ", at + 1)) {
      const std::size_t end = text.find("\n\n", at);
      if (end == std::string::npos) break;
      last = text.substr(at + 19, end - at - 19);
    }
    return last;
  }
};

}  // namespace servetest

// What waiting for a bot's answer costs, by the way the waiting side waits: the pipe round trip
// of referee_bench (a parent writes a request, a child answers one short line) with the parent
// waiting four ways, everything pinned to one CPU (a ply's cost there is the two processes'
// own work and two context switches, the same from run to run):
//   - blocking read(2): the bare round trip, the floor of referee_bench's ratio;
//   - epoll_wait then a non-blocking read: what the referee's event loop does per ply;
//   - the pipe registered with epoll but never waited on, a non-blocking read right after the
//     write (the answer is there: the child ran while the parent wrote): the loop without its
//     wait call, as a referee that read speculatively would do;
//   - a non-blocking read right after the write, no epoll at all.
// The differences say what each part of the referee's way of waiting costs (docs/performance.md,
// "Issue 30"). Prints Markdown table rows: | measurement | value | target | met |
//
//   pipe_wait_bench [TRIPS] [REQUEST_BYTES]
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <sys/epoll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/table_row.h"

namespace {

enum class Wait { kBlocking, kEpoll, kRegisteredNoWait, kNonBlocking };

const char* name(Wait w) {
  switch (w) {
    case Wait::kBlocking:
      return "blocking read (the bare round trip)";
    case Wait::kEpoll:
      return "epoll_wait, then a non-blocking read (the referee's loop)";
    case Wait::kRegisteredNoWait:
      return "registered with epoll, a non-blocking read at once (no wait call)";
    case Wait::kNonBlocking:
      return "a non-blocking read at once, no epoll";
  }
  return "";
}

// Reads whatever is there; on an empty pipe waits for it (poll) and counts a miss.
void read_answer(int fd, Wait how, int epoll_fd, std::vector<char>& buf, long& misses) {
  if (how == Wait::kBlocking) {
    (void)!::read(fd, buf.data(), buf.size());
    return;
  }
  if (how == Wait::kEpoll) {
    epoll_event ev{};
    ::epoll_wait(epoll_fd, &ev, 1, 10000);
  }
  while (::read(fd, buf.data(), buf.size()) < 0) {
    ++misses;
    pollfd p{fd, POLLIN, 0};
    ::poll(&p, 1, 10000);
  }
}

// Mean microseconds per round trip; `misses`: reads that found the pipe empty.
double round_trip_us(Wait how, int trips, std::size_t request_bytes, long& misses) {
  int to_child[2], to_parent[2];
  if (::pipe(to_child) != 0 || ::pipe(to_parent) != 0) return -1;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(to_child[1]);
    ::close(to_parent[0]);
    std::vector<char> buf(1 << 16);
    while (::read(to_child[0], buf.data(), buf.size()) > 0)
      if (::write(to_parent[1], "move a1-b2\n", 11) != 11) break;
    ::_exit(0);
  }
  ::close(to_child[0]);
  ::close(to_parent[1]);
  const int epoll_fd = ::epoll_create1(EPOLL_CLOEXEC);
  if (how != Wait::kBlocking) ::fcntl(to_parent[0], F_SETFL, O_NONBLOCK);
  if (how == Wait::kEpoll || how == Wait::kRegisteredNoWait) {
    epoll_event ev{};
    ev.events = EPOLLIN | EPOLLET;  // as Asio registers a descriptor
    ::epoll_ctl(epoll_fd, EPOLL_CTL_ADD, to_parent[0], &ev);
  }
  std::string request(std::max<std::size_t>(request_bytes, 1), 'x');
  request.back() = '\n';
  std::vector<char> buf(1 << 16);
  misses = 0;
  auto trip = [&] {
    (void)!::write(to_child[1], request.data(), request.size());
    read_answer(to_parent[0], how, epoll_fd, buf, misses);
  };
  for (int i = 0; i < 200; ++i) trip();  // warm up
  misses = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < trips; ++i) trip();
  const double us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  ::close(to_child[1]);
  ::close(to_parent[0]);
  ::close(epoll_fd);
  ::waitpid(pid, nullptr, 0);
  return us / trips;
}

}  // namespace

int main(int argc, char** argv) {
  const int trips = argc > 1 ? std::atoi(argv[1]) : 100000;
  const std::size_t bytes = argc > 2 ? static_cast<std::size_t>(std::atol(argv[2])) : 845;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(std::max(0, ::sched_getcpu()), &one);
  if (::sched_setaffinity(0, sizeof one, &one) != 0) {
    arena::bench::row("pipe round trip on one CPU", "cannot pin (sched_setaffinity refused)", "", "");
    return 1;
  }
  // Five rounds, the ways taken in turn, the best of each: the machine's bursts hit one round.
  const Wait ways[] = {Wait::kBlocking, Wait::kEpoll, Wait::kRegisteredNoWait, Wait::kNonBlocking};
  double best[4] = {1e9, 1e9, 1e9, 1e9};
  long missed[4] = {0, 0, 0, 0};
  for (int round = 0; round < 5; ++round)
    for (int w = 0; w < 4; ++w) {
      long misses = 0;
      best[w] = std::min(best[w], round_trip_us(ways[w], trips / 5, bytes, misses));
      missed[w] += misses;
    }
  for (int w = 0; w < 4; ++w)
    arena::bench::row(
        "pipe round trip on one CPU, " + std::to_string(bytes) + "-byte request, waiting by " + name(ways[w]),
        arena::bench::fmt("%.2f µs", best[w]) + (w ? arena::bench::fmt(" (%+.2f)", best[w] - best[0]) : "") +
            (missed[w] ? ", " + std::to_string(missed[w]) + " reads found it empty" : ""),
        "(reference)", "");
  return 0;
}

// Helpers of the referee integration tests: bot paths, a unique tag per test run so
// the tests can find (and count) exactly their own bot processes in /proc.
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "referee/match_runner.h"
#include "tests/bin_path.h"

namespace reftest {

using shelltest::bin;

// A fresh marker to append to bot command lines (bots ignore extra arguments).
inline std::string new_tag() {
  static std::atomic<int> counter{0};
  return "--arena-test-tag=" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
         std::to_string(std::random_device{}());
}

inline arena::BotSpec bot(const std::string& name, const std::string& exe, const std::string& tag) {
  arena::BotSpec b;
  b.name = name;
  b.command.argv = {bin(exe), tag};
  return b;
}

// The contents of a /proc file of another process, or "" if it cannot be read. A process
// can exit between opening and reading its files (read then fails with ESRCH); that is
// "not there", not an error. std::ifstream would throw from underflow() in that case.
inline std::string read_proc_file(const std::string& path) {
  std::string text;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) text.clear();
    break;
  }
  ::close(fd);
  return text;
}

// The state letter of /proc/<pid>/stat ('R', 'S', 'Z', ...), or 0 if the process is gone.
// Also yields the parent pid when asked. comm may hold spaces and ')', so parse after the
// last ')'.
inline char proc_state(int pid, int* ppid = nullptr) {
  const std::string line = read_proc_file("/proc/" + std::to_string(pid) + "/stat");
  const auto close = line.rfind(')');
  if (close == std::string::npos) return 0;
  char state = 0;
  int parent = 0;
  if (std::sscanf(line.c_str() + close + 1, " %c %d", &state, &parent) != 2) return 0;
  if (ppid) *ppid = parent;
  return state;
}

// Live (non-zombie) processes whose command line contains `tag`.
inline std::vector<int> live_processes_with(const std::string& tag) {
  std::vector<int> pids;
  DIR* d = ::opendir("/proc");
  if (!d) return pids;
  while (dirent* e = ::readdir(d)) {
    const int pid = std::atoi(e->d_name);
    if (pid <= 0) continue;
    const std::string cmdline = read_proc_file("/proc/" + std::to_string(pid) + "/cmdline");
    if (cmdline.find(tag) == std::string::npos) continue;
    const char state = proc_state(pid);
    if (state == 0 || state == 'Z') continue;
    pids.push_back(pid);
  }
  ::closedir(d);
  return pids;
}

// The processes with `tag` still alive after giving killed ones up to two seconds to go.
// A SIGKILL sent to a bot's process group takes effect at once, but a grandchild of the
// referee is reaped by init (or a subreaper) in its own time, so an immediate look at
// /proc can still catch it on its way out.
inline std::vector<int> processes_left(const std::string& tag) {
  std::vector<int> left = live_processes_with(tag);
  for (int i = 0; i < 100 && !left.empty(); ++i) {
    ::usleep(20 * 1000);
    left = live_processes_with(tag);
  }
  return left;
}

// Runs the jobs and returns the records in job order.
inline std::vector<arena::GameRecord> play(std::vector<arena::BotSpec> bots,
                                           const std::vector<arena::GameJob>& jobs,
                                           arena::RunnerOptions options) {
  options.stop_on_signals = false;
  std::vector<arena::GameRecord> records(jobs.size());
  arena::MatchRunner runner(std::move(bots), options);
  runner.run(jobs, [&](std::size_t job, const arena::GameRecord& r) { records[job] = r; });
  return records;
}

inline std::vector<std::string> actions_text(const arena::GameRecord& r) {
  std::vector<std::string> v;
  for (const auto& a : r.actions) v.push_back(std::to_string(a.actor) + ":" + a.text);
  return v;
}

}  // namespace reftest

#include "process/bot_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <unordered_map>

namespace arena {

namespace {

// The bytes of a /proc file; "" if the process is gone or the file unreadable.
std::string read_file(const std::string& path) {
  std::string text;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char buf[8192];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) {
      text.append(buf, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    break;
  }
  ::close(fd);
  return text;
}

struct ProcInfo {
  char state = 0;
  pid_t ppid = 0, pgrp = 0;
};

// From /proc/<pid>/stat; comm may hold spaces and ')', so fields are read after the last ')'.
bool read_stat(pid_t pid, ProcInfo& info) {
  const std::string line = read_file("/proc/" + std::to_string(pid) + "/stat");
  const auto close = line.rfind(')');
  if (close == std::string::npos) return false;
  int ppid = 0, pgrp = 0;
  if (std::sscanf(line.c_str() + close + 1, " %c %d %d", &info.state, &ppid, &pgrp) != 3) return false;
  info.ppid = ppid;
  info.pgrp = pgrp;
  return true;
}

bool environ_has(pid_t pid, std::string_view marker) {
  const std::string env = read_file("/proc/" + std::to_string(pid) + "/environ");
  std::size_t start = 0;
  while (start < env.size()) {
    std::size_t end = env.find('\0', start);
    if (end == std::string::npos) end = env.size();
    if (std::string_view(env).substr(start, end - start) == marker) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

std::string new_bot_marker() {
  static std::atomic<unsigned long> counter{0};
  return "ARENA_BOT_ID=" + std::to_string(::getpid()) + "-" + std::to_string(++counter);
}

std::vector<pid_t> find_bot_processes(pid_t root, std::string_view marker) {
  std::unordered_map<pid_t, ProcInfo> procs;
  DIR* d = ::opendir("/proc");
  if (!d) return {};
  const pid_t self = ::getpid();  // once: each call is a system call
  while (dirent* e = ::readdir(d)) {
    const pid_t pid = static_cast<pid_t>(std::atoi(e->d_name));
    ProcInfo info;
    if (pid > 0 && pid != self && read_stat(pid, info) && info.state != 'Z') procs[pid] = info;
  }
  ::closedir(d);
  std::vector<pid_t> found;
  for (const auto& [pid, info] : procs) {
    if (pid == root) continue;
    bool ours = info.pgrp == root;
    // Parent links up to the root (bounded: a cycle cannot happen, but pids are reused).
    pid_t up = info.ppid;
    for (int depth = 0; !ours && up > 1 && depth < 64; ++depth) {
      if (up == root) ours = true;
      const auto it = procs.find(up);
      up = it == procs.end() ? 0 : it->second.ppid;
    }
    if (ours || (!marker.empty() && environ_has(pid, marker))) found.push_back(pid);
  }
  return found;
}

int kill_bot_processes(pid_t root, std::string_view marker, int rounds) {
  std::set<pid_t> killed;
  for (int round = 0; round < rounds; ++round) {
    const std::vector<pid_t> found = find_bot_processes(root, marker);
    if (found.empty()) break;
    for (pid_t pid : found) {
      ::kill(pid, SIGKILL);
      killed.insert(pid);
    }
    ::usleep(1000);  // let the kills land before looking again
  }
  return static_cast<int>(killed.size());
}

}  // namespace arena

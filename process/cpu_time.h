// The CPU time (user + system) a bot's process tree has used, for the CPU clock (docs/
// referee.md, "Wall clock and CPU clock"). No cgroup is needed, so it works in any container:
// the root process's own CPU clock (all its threads, nanoseconds, one clock_gettime), the time
// of the children it has waited for (cutime + cstime of /proc/ROOT/stat, in clock ticks), and
// the CPU clocks of every live descendant found through the /proc/PID/task/PID/children links
// (the root's file is kept open: one pread when the bot has no children). Three system calls
// per reading for a bot of one process, one more per descendant; two readings a decision.
// What it misses: a descendant that left the tree (reparented to init) and the threads' own
// children other than the main thread's.
#pragma once

#include <sys/types.h>

#include <cstdint>

namespace arena {

class TreeCpuClock {
 public:
  explicit TreeCpuClock(pid_t root);
  ~TreeCpuClock();
  TreeCpuClock(const TreeCpuClock&) = delete;
  TreeCpuClock& operator=(const TreeCpuClock&) = delete;
  // Microseconds of CPU the tree has used since the root started; never allocates.
  std::int64_t read_us();

 private:
  std::int64_t descendants_us(int children_fd, int depth);
  pid_t root_;
  int stat_fd_ = -1;      // /proc/ROOT/stat
  int children_fd_ = -1;  // /proc/ROOT/task/ROOT/children
  std::int64_t ticks_us_ = 10000;
};

}  // namespace arena

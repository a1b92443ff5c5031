// The CPU time (user + system) a bot's process tree has used, for the CPU clock (docs/
// referee.md, "Wall clock and CPU clock"). No cgroup is needed, so it works in any container:
// the root process's own CPU clock (all its threads, nanoseconds, one clock_gettime), the time
// of the children it has waited for (cutime + cstime of /proc/ROOT/stat, in clock ticks), and
// the CPU clocks of every live descendant found through the /proc/PID/task/PID/children links
// (the root's file is kept open: one pread when the bot has no children). Three system calls
// per reading for a bot of one process, one more per descendant; two readings a decision.
// What it misses: a descendant that left the tree (reparented to init) and the threads' own
// children other than the main thread's. A bot in a control group of its own is measured by
// the group instead, which misses nothing (process/cpu_cgroup.h).
#pragma once

#include <sys/types.h>

#include <cstdint>

namespace arena {

enum class CpuSource { kProc, kCgroupV2, kCgroupV1 };
// "proc", "cgroup v2" or "cgroup v1 cpuacct": how records and docs name the source.
const char* cpu_source_name(CpuSource source);

// The CPU time of one bot, read at the start and at the end of each of its decisions.
class CpuClock {
 public:
  virtual ~CpuClock() = default;
  // Microseconds of CPU the bot's processes have used; never less than the last reading,
  // never allocates.
  virtual std::int64_t read_us() = 0;
  virtual CpuSource source() const = 0;
};

class TreeCpuClock : public CpuClock {
 public:
  explicit TreeCpuClock(pid_t root);
  ~TreeCpuClock() override;
  TreeCpuClock(const TreeCpuClock&) = delete;
  TreeCpuClock& operator=(const TreeCpuClock&) = delete;
  // Microseconds of CPU the tree has used since the root started; never allocates.
  std::int64_t read_us() override;
  CpuSource source() const override { return CpuSource::kProc; }

 private:
  std::int64_t descendants_us(int children_fd, int depth);
  pid_t root_;
  int stat_fd_ = -1;      // /proc/ROOT/stat
  int children_fd_ = -1;  // /proc/ROOT/task/ROOT/children
  std::int64_t ticks_us_ = 10000;
  std::int64_t last_us_ = 0;  // a descendant that exits between two reads is counted once it is waited for
};

}  // namespace arena

// A control group of one bot, for the CPU clock (docs/referee.md, "Wall clock and CPU clock").
// The kernel charges a group every CPU cycle any of its processes uses, whatever they do: a
// grandchild that double-forks away from the bot (reparented to init, out of reach of the
// /proc tree walk of process/cpu_time.h) stays in its group. The bot joins its group between
// fork and exec (process/child_launch.h), so bubblewrap and everything below it are in it too.
//
// Where the group is made, in this order: a cgroup v2 hierarchy (/sys/fs/cgroup when it is
// cgroup2, else /sys/fs/cgroup/unified), below this referee's own group there (cpu.stat's
// usage_usec exists in every v2 group, no controller needed); else cgroup v1's cpuacct
// (cpuacct.usage); else none, and the clock walks /proc. ARENA_CGROUP overrides the search:
// "none" (the /proc walk), or a folder of a cgroup hierarchy to make the groups in (tests).
// Groups are named "arena-<referee pid>-<n>"; a group is removed when its bot ends, and the
// first group a referee makes removes those of referees that are gone (killed with SIGKILL).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>

#include "process/cpu_time.h"

namespace arena {

class CpuCgroup {
 public:
  // A new empty group, or nullptr when none can be made here (then the /proc walk).
  static std::unique_ptr<CpuCgroup> make();
  // Kills whatever is still in the group and removes it (waiting at most a second for killed
  // processes to be gone).
  ~CpuCgroup();
  CpuCgroup(const CpuCgroup&) = delete;
  CpuCgroup& operator=(const CpuCgroup&) = delete;

  CpuSource source() const { return source_; }
  const std::string& path() const { return path_; }
  // Open for writing, close-on-exec: a child that writes "0" to it joins the group. -1 once
  // closed (after the bot started: it is needed no more).
  int join_fd() const { return procs_fd_; }
  void close_join_fd();
  // Microseconds of CPU (user + system) the group's processes have used, never less than the
  // last reading (once the group is gone, the last); one pread.
  std::int64_t read_us();
  // True if `pid` is in the group (it joined).
  bool holds(pid_t pid) const;
  // SIGKILL to every process in the group (cgroup.kill where the kernel has it), then rmdir;
  // true once the group is gone. A killed process leaves the group only once it has run its
  // exit: until then rmdir fails (EBUSY), and the caller tries again a little later.
  bool kill_and_remove();

 private:
  CpuCgroup(CpuSource source, std::string path);
  void kill_members() const;
  CpuSource source_;
  std::string path_;
  int procs_fd_ = -1;
  int usage_fd_ = -1;
  bool removed_ = false;
  std::int64_t last_us_ = 0;
};

// The CPU clock of a bot in a group: the group's counter. `group` outlives the clock (the bot
// process holds it).
class CgroupCpuClock : public CpuClock {
 public:
  explicit CgroupCpuClock(CpuCgroup& group) : group_(group) {}
  std::int64_t read_us() override { return group_.read_us(); }
  CpuSource source() const override { return group_.source(); }

 private:
  CpuCgroup& group_;
};

}  // namespace arena

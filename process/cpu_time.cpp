#include "process/cpu_time.h"

#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstring>

namespace arena {

const char* cpu_source_name(CpuSource source) {
  switch (source) {
    case CpuSource::kCgroupV2:
      return "cgroup v2";
    case CpuSource::kCgroupV1:
      return "cgroup v1 cpuacct";
    case CpuSource::kProc:
      break;
  }
  return "proc";
}

namespace {

// The kernel's CPU clock of a whole process (CPUCLOCK_SCHED of its thread group), as
// clock_getcpuclockid() makes it, without that call's extra clock_getres.
clockid_t process_clock(pid_t pid) { return static_cast<clockid_t>((~static_cast<unsigned>(pid) << 3) | 2U); }

std::int64_t clock_us(pid_t pid) {
  timespec ts{};
  if (::clock_gettime(process_clock(pid), &ts) != 0) return 0;  // gone meanwhile
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

int open_proc(pid_t pid, const char* tail) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/%s", static_cast<int>(pid), tail);
  return ::open(path, O_RDONLY | O_CLOEXEC);
}

// Fields 16 and 17 of /proc/PID/stat (cutime, cstime: waited-for children), in ticks.
std::int64_t waited_children_ticks(int fd) {
  char buf[1024];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return 0;
  buf[n] = '\0';
  const char* p = std::strrchr(buf, ')');  // the command name may hold spaces and brackets
  if (!p) return 0;
  std::int64_t sum = 0;
  // Each space after ")" starts the next field, field 3 (the state) first; cutime and cstime
  // are fields 16 and 17.
  for (int field = 3; field <= 17; ++field) {
    p = std::strchr(p + 1, ' ');
    if (!p) return 0;
    if (field >= 16) {
      std::int64_t v = 0;
      std::from_chars(p + 1, buf + n, v);
      sum += v;
    }
  }
  return sum;
}

}  // namespace

TreeCpuClock::TreeCpuClock(pid_t root) : root_(root) {
  stat_fd_ = open_proc(root, "stat");
  char tail[48];
  std::snprintf(tail, sizeof tail, "task/%d/children", static_cast<int>(root));
  children_fd_ = open_proc(root, tail);
  const long hz = ::sysconf(_SC_CLK_TCK);
  if (hz > 0) ticks_us_ = 1000000 / hz;
}

TreeCpuClock::~TreeCpuClock() {
  if (stat_fd_ >= 0) ::close(stat_fd_);
  if (children_fd_ >= 0) ::close(children_fd_);
}

// The CPU clocks of the live descendants listed in `children_fd` (a children file), with
// theirs, to a bounded depth (a fork chain cannot make the referee recurse without end).
std::int64_t TreeCpuClock::descendants_us(int children_fd, int depth) {
  if (children_fd < 0 || depth > 8) return 0;
  char buf[512];
  const ssize_t n = ::pread(children_fd, buf, sizeof buf, 0);
  if (n <= 0) return 0;
  std::int64_t sum = 0;
  const char* p = buf;
  const char* end = buf + n;
  while (p < end) {
    int child = 0;
    const auto [next, ec] = std::from_chars(p, end, child);
    if (ec != std::errc()) {
      ++p;
      continue;
    }
    p = next;
    sum += clock_us(child);
    char tail[48];
    std::snprintf(tail, sizeof tail, "task/%d/children", child);
    const int fd = open_proc(child, tail);
    if (fd >= 0) {
      sum += descendants_us(fd, depth + 1);
      ::close(fd);
    }
  }
  return sum;
}

std::int64_t TreeCpuClock::read_us() {
  std::int64_t us = clock_us(root_);
  if (stat_fd_ >= 0) us += waited_children_ticks(stat_fd_) * ticks_us_;
  us += descendants_us(children_fd_, 0);
  if (us > last_us_) last_us_ = us;
  return last_us_;
}

}  // namespace arena

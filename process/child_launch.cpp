#include "process/child_launch.h"

#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace arena {

namespace {

constexpr int kStderrPipeBytes = 1 << 20;  // /proc/sys/fs/pipe-max-size's default

// What the child was doing when it failed, sent to the parent with errno.
enum Stage : int { kDup = 1, kGroup, kSignals, kDeathSignal, kLimits, kChdir, kCloseFds, kExec, kCgroup };

const char* stage_text(int stage) {
  switch (stage) {
    case kDup:
      return "redirecting stdin/stdout/stderr";
    case kGroup:
      return "making a process group";
    case kSignals:
      return "resetting signals";
    case kDeathSignal:
      return "setting the parent-death signal";
    case kLimits:
      return "setting resource limits";
    case kChdir:
      return "entering the working folder";
    case kCloseFds:
      return "closing inherited descriptors";
    default:
      return "";
  }
}

// Child side only from here on: system calls, no allocation, no locks.

void report(int report_fd, int stage) {
  const int msg[2] = {stage, errno};
  ssize_t ignored = ::write(report_fd, msg, sizeof msg);
  (void)ignored;
}

[[noreturn]] void fail(int report_fd, int stage) {
  report(report_fd, stage);
  ::_exit(127);
}

// 0 means "leave as it is" unless `zero_means_zero`. A limit is only ever lowered.
bool lower_limit(int resource, std::uint64_t value, bool zero_means_zero = false) {
  if (value == 0 && !zero_means_zero) return true;
  rlimit current{};
  if (::getrlimit(resource, &current) != 0) return false;
  rlim_t v = static_cast<rlim_t>(value);
  if (current.rlim_max != RLIM_INFINITY && v > current.rlim_max) v = current.rlim_max;
  const rlimit next{v, v};
  return ::setrlimit(resource, &next) == 0;
}

[[noreturn]] void run_child(const LaunchPlan& plan, const int in[2], const int out[2], const int err[2],
                            int report_fd, pid_t parent) {
  // dup2 clears close-on-exec on 0-2; every other descriptor of ours is close-on-exec.
  if (::dup2(in[0], 0) < 0 || ::dup2(out[1], 1) < 0 || ::dup2(err[1], 2) < 0) fail(report_fd, kDup);
  if (plan.own_group && ::setpgid(0, 0) != 0) fail(report_fd, kGroup);
  // "0" moves the writing process; not fatal: the referee then measures the bot another way.
  if (plan.cgroup_join_fd >= 0 && ::write(plan.cgroup_join_fd, "0", 1) != 1) report(report_fd, kCgroup);
  // The referee ignores SIGPIPE and its threads may block signals; the bot starts clean.
  sigset_t none;
  sigemptyset(&none);
  if (::sigprocmask(SIG_SETMASK, &none, nullptr) != 0) fail(report_fd, kSignals);
  struct sigaction dfl {};
  dfl.sa_handler = SIG_DFL;
  if (::sigaction(SIGPIPE, &dfl, nullptr) != 0) fail(report_fd, kSignals);
  if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(report_fd, kDeathSignal);
  if (::getppid() != parent) ::_exit(127);  // the referee died before prctl took effect
  const ProcessLimits& l = plan.limits;
  if (!lower_limit(RLIMIT_CORE, 0, true) || !lower_limit(RLIMIT_AS, l.address_space_bytes) ||
      !lower_limit(RLIMIT_CPU, l.cpu_seconds) || !lower_limit(RLIMIT_NPROC, l.max_processes) ||
      !lower_limit(RLIMIT_FSIZE, l.file_size_bytes) || !lower_limit(RLIMIT_NOFILE, l.open_files))
    fail(report_fd, kLimits);
  if (plan.working_dir && ::chdir(plan.working_dir) != 0) fail(report_fd, kChdir);
  // Everything above stderr closes at exec, including descriptors another referee
  // thread opened without close-on-exec between our pipe2 and fork.
  if (::syscall(SYS_close_range, 3u, ~0u, CLOSE_RANGE_CLOEXEC) != 0) fail(report_fd, kCloseFds);
  ::execve(plan.program, plan.argv, plan.envp);
  fail(report_fd, kExec);
}

void close_pair(int p[2]) {
  for (int i = 0; i < 2; ++i)
    if (p[i] >= 0) ::close(p[i]);
  p[0] = p[1] = -1;
}

}  // namespace

bool launch_child(const LaunchPlan& plan, LaunchedChild& child, std::string& error) {
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, report[2] = {-1, -1};
  auto close_all = [&] {
    close_pair(in);
    close_pair(out);
    close_pair(err);
    close_pair(report);
  };
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0 ||
      ::pipe2(report, O_CLOEXEC) != 0) {
    error = std::string("cannot create pipes: ") + std::strerror(errno);
    close_all();
    return false;
  }
  // A roomier stderr pipe: a bot that logs much blocks on a full pipe only once a megabyte,
  // not once every 64 KiB, so on a busy machine its clock does not pay a wait for the
  // referee's turn on a core at every 64 KiB. The kernel fills pages as they are written
  // (a quiet bot costs nothing); over the per-user limit the call fails and 64 KiB stays.
  ::fcntl(err[0], F_SETPIPE_SZ, kStderrPipeBytes);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    error = std::string("fork failed: ") + std::strerror(errno);
    close_all();
    return false;
  }
  if (pid == 0) run_child(plan, in, out, err, report[1], parent);

  // So that a kill right after the start already reaches the whole group (the child
  // does the same; whichever runs first wins, the other is a no-op or EACCES after exec).
  if (plan.own_group) ::setpgid(pid, pid);
  ::close(report[1]);
  report[1] = -1;
  int msg[2] = {0, 0};
  ssize_t got;
  for (;;) {
    got = ::read(report[0], msg, sizeof msg);  // end of file: exec succeeded
    if (got < 0 && errno == EINTR) continue;
    if (got != sizeof msg || msg[0] != kCgroup) break;
    child.cgroup_errno = msg[1] != 0 ? msg[1] : EIO;  // a note, not a failure: read on
  }
  if (got > 0) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    error = std::strerror(msg[1]);
    if (msg[0] != kExec) error += std::string(" (") + stage_text(msg[0]) + ")";
    close_all();
    return false;
  }
  child.pid = pid;
  child.stdin_fd = in[1];
  child.stdout_fd = out[0];
  child.stderr_fd = err[0];
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  ::close(report[0]);
  return true;
}

}  // namespace arena

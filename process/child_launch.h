// Starting a bot process: fork, set the child up, exec. Our own instead of a library
// launcher because the referee forks from several event-loop threads at once: between
// fork and exec the child may only make system calls. A lock another thread held at the
// fork (malloc's, a sanitizer allocator's, an io_context's) stays locked for ever in the
// child, and Boost.Process's launchers allocate there (asio's notify_fork), which hung
// bots in the sanitizer build.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>

#include "process/process_limits.h"

namespace arena {

// Everything the child needs, prepared before the fork (the child allocates nothing).
struct LaunchPlan {
  const char* program = nullptr;      // absolute path
  char* const* argv = nullptr;        // null-terminated
  char* const* envp = nullptr;        // null-terminated: the bot's whole environment
  const char* working_dir = nullptr;  // null: the referee's
  bool own_group = true;              // a process group of its own (killed as a whole)
  ProcessLimits limits;               // lowered only, never raised; no core dumps ever
  // A group's cgroup.procs open for writing (process/cpu_cgroup.h), or -1: the child joins
  // the group before exec, so everything it runs is charged to it from the first instruction.
  int cgroup_join_fd = -1;
};

struct LaunchedChild {
  pid_t pid = -1;
  int stdin_fd = -1;  // the referee's ends, close-on-exec
  int stdout_fd = -1;
  int stderr_fd = -1;
  // Not 0 when the child could not join its group (LaunchPlan::cgroup_join_fd): the errno. The
  // child runs anyway; the caller measures it another way.
  int cgroup_errno = 0;
};

// Starts the child with its stdin, stdout and stderr on fresh pipes. In the child: its
// own process group (if asked), SIGKILL when the starting *thread* of the referee ends
// (PR_SET_PDEATHSIG), default signal dispositions and mask, the limits, the working
// folder, and no descriptor but 0-2. Returns false with `error` set (nothing left
// running or open) if the child could not be set up or the program not executed.
bool launch_child(const LaunchPlan& plan, LaunchedChild& child, std::string& error);

}  // namespace arena

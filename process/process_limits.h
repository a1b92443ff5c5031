// The kernel limits put on every bot process: one struct from the command line to setrlimit.
#pragma once

#include <cstdint>

namespace arena {

// Kernel resource limits (setrlimit) applied to each bot process before exec; they are
// inherited by everything the bot starts. 0 leaves that limit as the referee has it.
// Limits are only ever lowered, never raised. See docs/security.md.
struct ProcessLimits {
  std::uint64_t address_space_bytes = 2ULL << 30;  // RLIMIT_AS: a memory hog fails to allocate
  std::uint64_t cpu_seconds = 3600;                // RLIMIT_CPU: a spinning orphan cannot burn forever
  // RLIMIT_NPROC counts every process of the bot's *user*, not of the bot, and the kernel
  // does not enforce it for root. It bounds a fork bomb of an unprivileged referee.
  std::uint64_t max_processes = 4096;
  std::uint64_t file_size_bytes = 64ULL << 20;  // RLIMIT_FSIZE: a bot cannot fill the disk with one file
  std::uint64_t open_files = 1024;              // RLIMIT_NOFILE
};

}  // namespace arena

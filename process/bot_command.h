// What starts a bot and how its process is kept: the command, the limits, the sandbox, the
// logs. Plain settings without Boost.Asio, so that the settings of a run (referee/run_options.h,
// tournaments/run_settings.h), which most files include, need not include process/bot_process.h.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "process/process_limits.h"

namespace arena {

// How a bot is isolated beyond the limits. kBwrap runs it under bubblewrap: no network,
// read-only system, private /tmp, only the paths its command names (read-only) and its
// scratch folder visible (process/sandbox_view.h).
enum class Sandbox { kNone, kBwrap };
// "none" or "bwrap", as configurations and flags spell it.
const char* sandbox_name(Sandbox sandbox);

struct BotCommand {
  std::vector<std::string> argv;  // program (path, or a name looked up in PATH) and arguments
  std::string working_dir;        // empty: the referee's own
  // Each bot gets its own process group, killed as a whole. Only a person's terminal
  // client stays in the referee's group: a background group may not read the terminal.
  bool own_process_group = true;
};

// How one bot process is run (BotProcess::Options).
struct BotProcessOptions {
  std::size_t max_line_bytes = 64 * 1024;
  std::string log_path;           // stderr and referee notes; empty: discarded
  std::size_t log_cap = 1 << 20;  // bytes kept in the log; the rest is read and dropped
  ProcessLimits limits;
  Sandbox sandbox = Sandbox::kNone;
  // Under the sandbox: more files or folders to bind read-only (--sandbox-bind), and folders
  // the bot must not see even inside a folder its command names (the output and log
  // folders, other bots' folders): masked by an empty tmpfs (process/sandbox_view.h).
  std::vector<std::string> sandbox_binds, sandbox_hidden;
  // Each bot process gets a fresh scratch folder (its HOME and TMPDIR) created under this
  // folder (empty: the system temporary folder) and removed once the bot is gone.
  std::string scratch_root;
  // After "quit" and the grace period: SIGTERM to the group, then SIGKILL after this.
  std::chrono::milliseconds term_grace{200};
  // For the CPU clock: the bot runs in a control group of its own where one can be made
  // (process/cpu_cgroup.h), removed when it ends.
  bool cpu_cgroup = false;
};

}  // namespace arena

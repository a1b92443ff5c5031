// Every process a bot started, wherever it went. A bot's children may leave its process
// group and session (setsid, setpgid) and outlive it; the referee must still find and kill
// them, with or without the sandbox. Each bot is started with a marker in its environment
// (ARENA_BOT_ID=<referee pid>-<n>), which its descendants inherit across fork, exec, setsid
// and setpgid; the scan also follows the process group and parent links, for a descendant
// that cleared its environment while it still hangs below the bot. Reads /proc: done when a
// bot ends or is stopped, never on the per-move path.
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

namespace arena {

// "ARENA_BOT_ID=<referee pid>-<n>", unique among this referee's bots.
std::string new_bot_marker();

// Live processes (zombies excluded) other than `root` itself that carry `marker` in their
// environment, are in the process group `root`, or descend from `root` by parent links.
std::vector<pid_t> find_bot_processes(pid_t root, std::string_view marker);

// SIGKILLs those processes, scanning again until a scan finds none (a process may fork
// between scans), at most `rounds` scans. Returns how many distinct processes were killed.
int kill_bot_processes(pid_t root, std::string_view marker, int rounds = 100);

}  // namespace arena

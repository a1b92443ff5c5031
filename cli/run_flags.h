// The options of a run, one spelling each, shared by `arena match`, `arena tournament` and
// `arena check-bot` (docs/referee.md, "Run options"): the bots, the time control, limits,
// sandbox, concurrency, legal moves, logs and openings. Each command adds the groups it uses.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "referee/openings.h"
#include "referee/run_options.h"

namespace arena::cli {

struct RunFlags {
  std::vector<std::string> bots;  // NAME=COMMAND
  std::string tc, move_time, startup_time;
  int margin_ms = 50;
  int concurrency = 1;
  std::string sandbox = "none";
  std::vector<std::string> sandbox_binds;  // --sandbox-bind PATH, repeated
  std::uint64_t max_memory_mib = 2048;
  bool no_legal = false;
  std::string log_dir;
  std::string openings, openings_order = "sequential";
  int random_opening_plies = 0;
};

enum RunFlagGroup : unsigned {
  kBotFlags = 1,         // --bot NAME=COMMAND (repeated)
  kTimeFlags = 2,        // --tc, --move-time, --startup-time, --margin
  kProcessFlags = 4,     // --sandbox, --sandbox-bind, --max-memory
  kConcurrencyFlag = 8,  // --concurrency (-j, -k)
  kLegalFlag = 16,       // --no-legal
  kLogDirFlag = 32,      // --log-dir
  kOpeningFlags = 64,    // --openings, --openings-order, --random-opening-plies
};

void add_run_flags(CLI::App& cmd, RunFlags& flags, unsigned groups);

// The clock of match, tournament and check-bot when neither --tc nor --move-time is given:
// one default everywhere, so a bot checked with check-bot meets the clock it plays under
// (and never waits for ever on a silent bot). The same as TournamentConfig::tc.
inline constexpr const char* kDefaultTc = "10+0.1";

// The time control of the flags, validated; an error names the flag. Without --tc and
// --move-time, kDefaultTc.
TimeControl time_control(const RunFlags& flags);

// Seconds as typed (--move-time 2.5) in milliseconds, validated; an error names `flag`.
std::int64_t seconds_flag(const std::string& text, const char* flag);

// Every --bot as name and command, each name checked by the rule of process/bot_name.h and
// unique. "human" as a command is left to the caller.
struct NamedBot {
  std::string name, command;
};
std::vector<NamedBot> named_bots(const RunFlags& flags);

// Sandbox (and its binds, made absolute and checked to exist), memory limit, concurrency, legal moves, log
// folder and random opening plies into `o` (the time control is separate). Checks that the sandbox can be
// used here.
void apply_run_flags(const RunFlags& flags, RunnerOptions& o);
// --sandbox and --openings-order, which CLI11 has checked to be one of their names.
Sandbox sandbox_flag(const RunFlags& flags);
OpeningsOrder openings_order_flag(const RunFlags& flags);

// The paths of --sandbox-bind (`what` names the flag in errors) made absolute; an error if one
// does not exist or no sandbox is used.
std::vector<std::string> checked_sandbox_binds(const std::vector<std::string>& paths, Sandbox sandbox,
                                               const std::string& what);

}  // namespace arena::cli

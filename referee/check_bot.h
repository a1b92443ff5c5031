// `arena check-bot`: a conformance checker for bot authors (docs/check-bot.md).
//
// Starts one copy of the bot per seat, plays a series of games in which every copy
// stays the same process, and judges named checks: the handshake, many games in one
// process, legal moves, answering in time, well-formed messages, no crash, the game's
// rare situations (the bot must have answered them) and a clean quit. Everything runs
// on the referee's own BotSession/GameSession machinery, so a bot that passes here
// behaves the same way under `arena match`.
//
//   CheckBotOptions o;  o.spec = "flume";  o.command.argv = {"./my_bot"};
//   CheckBotReport r = check_bot(o, &std::cout);   // prints a line per check
//   return r.passed() ? 0 : 1;
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "process/bot_command.h"
#include "referee/time_control.h"

namespace arena {

struct CheckBotOptions {
  std::string spec;    // game spec, e.g. "flume-cards:players=5"
  BotCommand command;  // the bot under test
  int games = 10;      // games every copy plays in a row (steered extra games may follow)
  std::uint64_t seed = 1;
  TimeControl time;                            // move_time_ms -1 and no clock: 10 s per move
  std::chrono::milliseconds quit_grace{1000};  // after "quit", before the group is killed
  std::string log_dir;                         // per-copy logs (stderr, info, notes); empty: none
  Sandbox sandbox = Sandbox::kNone;            // as in a match: check the bot as it will run
  std::vector<std::string> sandbox_binds;      // under the sandbox: more read-only paths
  ProcessLimits limits;                        // setrlimit on every copy
};

struct CheckResult {
  enum class Status { kPass, kFail, kSkip };
  std::string name;  // e.g. "handshake", "situation:swap"
  Status status = Status::kSkip;
  std::string detail;  // reason for a failure or skip, evidence for a pass
};

struct CheckBotReport {
  std::string spec;  // canonical
  std::vector<CheckResult> checks;
  // The first failing position, when a check failed during a game: the actions (chance
  // included) played before it, so `arena perft SPEC --depth 1 --moves "..."` rebuilds it.
  bool has_position = false;
  std::vector<std::string> position_actions;
  std::string position_note;  // who was to act and what went wrong there
  bool passed() const;
  const CheckResult* find(const std::string& name) const;
};

// Runs every check. `out` (may be null) receives a header, then one line per check
// ("PASS name: ...", "FAIL name: ...", "SKIP name: ...") and the failing position.
// Throws a UserError for a bad spec or bad options; a bot that cannot even be started is a
// failed handshake, not an exception.
CheckBotReport check_bot(const CheckBotOptions& options, std::ostream* out);

// The lines check_bot prints for one result / for the failing position.
std::string format_check(const CheckResult& result);
std::string format_position(const CheckBotReport& report);

}  // namespace arena

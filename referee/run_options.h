// What a run of games needs to know besides the games: the bots and how they are run
// (clocks, limits, sandbox, concurrency, logs). Shared by the runner and its parts.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "process/bot_command.h"
#include "records/bot_lines.h"
#include "referee/time_control.h"

namespace arena {

struct BotSpec {
  std::string name;      // as written in records; unique within a run
  BotCommand command;    // argv and optional working directory
  bool untimed = false;  // no clock for this bot (a human at the terminal)
};

// Per-decision caps on what a bot may write (each overstep is an output-flood fault).
struct OutputLimits {
  std::size_t max_line_bytes = 64 * 1024;
  std::size_t max_bytes_per_decision = 1 << 20;
  int max_lines_per_decision = 1000;
  std::size_t max_info_bytes = 1000;  // an info line is cut to this length in the log
  std::size_t log_cap = 1 << 20;      // bytes of stderr + info kept per bot process
  // Bytes of the bots' info and stderr lines kept in each game's record, all seats together
  // (docs/records.md, "Bot lines"); 0 keeps none.
  std::size_t bot_lines_cap = kDefaultBotLinesCap;
};

// When a bot process may play another game. A process that played a deal remembers it, and
// the games of one seat rotation replay the same deal from other seats (docs/tournaments.md,
// "Duplicate deals"): in hidden-information games that would show it hands it was not dealt.
enum class ProcessReuse {
  kAuto,    // a fresh process for every game of a hidden-information game; reused otherwise
  kAlways,  // reused whatever the game (faster starts; leaks duplicate deals between games)
  kNever,   // a fresh process for every game
};

// One action of a watched game as it is played (`arena match --watch`): the state after it,
// the action as recorded (text, or "" for the start), and each seat's clock in ms (-1: none).
struct WatchedAction {
  const State& state;
  int actor;
  const std::string& text;
  const std::vector<std::int64_t>& remaining_ms;
};

struct RunnerOptions {
  TimeControl time;
  int concurrency = 1;
  int threads = 0;  // event-loop threads; 0: one per core; never more than concurrency
  bool send_legal_moves = true;
  std::string log_dir;  // per-bot-process logs; empty: none kept
  // Where the records go (match --out, a tournament's games.pgn): named in the `arena repro`
  // command a fault's log line gives; empty: not kept.
  std::string records_path;
  OutputLimits limits;
  std::string event = "Arena match";
  std::string site;
  bool stop_on_signals = true;                 // SIGINT/SIGTERM call stop() during run()
  std::chrono::milliseconds quit_grace{1000};  // after "quit", before SIGTERM to the group
  std::chrono::milliseconds term_grace{200};   // after SIGTERM, before SIGKILL to the group
  // A seat thinking when its game ends (its opponent faulted) may still answer: the referee
  // waits this long at most (and never past the decision's deadline) to read and discard that
  // answer; a bot that has not answered by then is restarted before its next game.
  std::chrono::milliseconds late_answer_wait{2000};
  ProcessReuse process_reuse = ProcessReuse::kAuto;
  // Random legal moves the referee plays from each game's seed before the bots start (after
  // a job's opening, if any); recorded as the opening (OpeningPlies), never on a clock.
  int random_opening_plies = 0;
  // Before the first game, start every bot once and check its handshake (referee/
  // start_check.h); run() throws a UserError naming every bot that failed. The CLI sets it.
  bool check_bots_first = false;
  ProcessLimits process_limits;      // setrlimit on every bot process
  Sandbox sandbox = Sandbox::kNone;  // kBwrap: each bot under bubblewrap
  // Under the sandbox: more paths bound read-only (--sandbox-bind), and folders the referee
  // writes that no bot may see (the output folder; log_dir is always added): masked by an
  // empty tmpfs wherever a path a bot's command names would show them (docs/security.md).
  std::vector<std::string> sandbox_binds, sandbox_hidden;
  // Under the sandbox: the paths every bot's command names (set by the runner); a bot sees
  // none of the others' paths, even inside a folder its own command names.
  std::vector<std::string> sandbox_bot_paths;
  std::string scratch_root;  // where per-process scratch folders go; empty: the temp folder
  // Called after every action of job `watch_job` (and once at its start), from the loop
  // thread playing it; unset: nothing is watched. Must be quick: the game waits for it.
  std::function<void(const WatchedAction&)> watch;
  std::size_t watch_job = 0;
  // What a bot is charged (docs/referee.md, "Wall clock and CPU clock"): wall time from request
  // to answer, or with cpu_clock the CPU time of its process tree meanwhile, with a wall-time
  // cap of cpu_wall_factor times the budget (plus the margin) for a bot that sleeps or blocks.
  bool cpu_clock = false;
  double cpu_wall_factor = 3;
  // CPU pressure (referee/cpu_pressure.h): read from this file; a time forfeit ruled while the
  // pressure was at least the threshold (percent) is flagged as maybe the machine's fault.
  std::string cpu_pressure_file = "/proc/pressure/cpu";
  double pressure_threshold = 25;
  // Called like `watch`, but for every game, with its job index (`arena serve`'s live files,
  // tournaments/live_games.h); unset: nothing. Must be quick: the game waits for it.
  std::function<void(std::size_t job_index, const WatchedAction&)> live;
};

}  // namespace arena

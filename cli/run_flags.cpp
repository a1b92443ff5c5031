#include "cli/run_flags.h"

#include <filesystem>
#include <set>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "process/bot_process.h"
#include "process/command_line.h"

namespace arena::cli {

void add_run_flags(CLI::App& cmd, RunFlags& f, unsigned groups) {
  if (groups & kBotFlags)
    cmd.add_option("--bot,-b", f.bots,
                   "NAME=COMMAND, once per bot; COMMAND is a program (a path or a name in PATH) with its "
                   "arguments");
  if (groups & kTimeFlags) {
    // The limits of a tournament.json's move_time and startup_time (tournaments/config.cpp).
    cmd.add_option("--tc", f.tc,
                   std::string("Game clock BASE+INC in seconds per seat (default ") + kDefaultTc +
                       " when --move-time is not given either)")
        ->check(clock_value())
        ->type_name("BASE+INC");
    cmd.add_option("--move-time", f.move_time, "Hard limit per move in seconds, e.g. 2 or 0.5")
        ->check(seconds_value(0, 86400 * 1000))
        ->type_name("SECONDS");
    cmd.add_option("--startup-time", f.startup_time, "Seconds a bot has to answer the handshake (default 10)")
        ->check(seconds_value(1, 3600 * 1000))
        ->type_name("SECONDS");
    cmd.add_option("--margin", f.margin_ms, "Milliseconds of grace added to every deadline (default 50)")
        ->check(whole_number(0, 60000));
  }
  if (groups & kProcessFlags) {
    cmd.add_option("--sandbox", f.sandbox, "none (default) or bwrap: run every bot under bubblewrap")
        ->check(CLI::IsMember({"none", "bwrap"}));
    cmd.add_option("--sandbox-bind", f.sandbox_binds,
                   "With --sandbox bwrap: a file or folder every bot may read (at the same path), beyond "
                   "those its command names; repeat for more");
    cmd.add_option("--max-memory", f.max_memory_mib,
                   "Address-space limit per bot process in MiB (0: none; default 2048)")
        ->check(whole_number(0, 1 << 20));
  }
  if (groups & kConcurrencyFlag)
    cmd.add_option("--concurrency,-j,-k", f.concurrency,
                   "Games played at once (default 1; -j and -k are aliases)")
        ->check(whole_number(1, 1024));
  if (groups & kLegalFlag)
    cmd.add_flag("--no-legal", f.no_legal, "Do not send the list of legal moves before each decision");
  if (groups & kLogDirFlag)
    cmd.add_option("--log-dir", f.log_dir, "Keep each bot's stderr, info lines and notes here");
  if (groups & kOpeningFlags) {
    cmd.add_option("--openings", f.openings,
                   "File of start positions, one per line: moves in the game's notation, optionally after "
                   "'SPEC |' (each opening is played from every seat)");
    cmd.add_option("--openings-order", f.openings_order, "sequential (default) or random")
        ->check(CLI::IsMember({"sequential", "random"}));
    cmd.add_option("--random-opening-plies", f.random_opening_plies,
                   "Random legal moves the referee plays from each game's seed before the bots start")
        ->check(whole_number(0, 10000));
  }
}

std::int64_t seconds_flag(const std::string& text, const char* flag) {
  return parse_seconds(text, flag);  // TimeControlError (a UserError) names the flag
}

TimeControl time_control(const RunFlags& f) {
  TimeControl t;
  if (!f.tc.empty() || f.move_time.empty()) {
    try {
      parse_tc(f.tc.empty() ? kDefaultTc : f.tc, t);
    } catch (const TimeControlError& e) {
      throw CommandError(std::string("--tc: ") + e.what());
    }
  }
  if (!f.move_time.empty()) t.move_time_ms = seconds_flag(f.move_time, "--move-time");
  if (!f.startup_time.empty()) t.startup_ms = seconds_flag(f.startup_time, "--startup-time");
  t.margin_ms = f.margin_ms;
  return t;
}

std::vector<NamedBot> named_bots(const RunFlags& f) {
  std::vector<NamedBot> out;
  std::set<std::string> names;
  for (const auto& text : f.bots) {
    NamedCommand nc;
    try {
      nc = parse_named_command(text);
    } catch (const std::invalid_argument& e) {
      throw CommandError(std::string("--bot: ") + e.what());
    }
    if (!names.insert(nc.name).second) throw CommandError("--bot: two bots are named '" + nc.name + "'");
    out.push_back({nc.name, nc.command});
  }
  return out;
}

std::vector<std::string> checked_sandbox_binds(const std::vector<std::string>& paths, Sandbox sandbox,
                                               const std::string& what) {
  if (!paths.empty() && sandbox != Sandbox::kBwrap)
    throw CommandError(what +
                       ": only meaningful with --sandbox bwrap (without it a bot sees every file you can)");
  std::vector<std::string> out;
  for (const auto& p : paths) {
    std::error_code ec;
    if (p.empty() || !std::filesystem::exists(p, ec))
      throw CommandError(what + ": '" + p + "' does not exist");
    out.push_back(std::filesystem::absolute(p, ec).lexically_normal().string());
  }
  return out;
}

Sandbox sandbox_flag(const RunFlags& f) { return f.sandbox == "bwrap" ? Sandbox::kBwrap : Sandbox::kNone; }

OpeningsOrder openings_order_flag(const RunFlags& f) {
  return f.openings_order == "random" ? OpeningsOrder::kRandom : OpeningsOrder::kSequential;
}

void apply_run_flags(const RunFlags& f, RunnerOptions& o) {
  o.concurrency = f.concurrency;
  o.send_legal_moves = !f.no_legal;
  o.log_dir = f.log_dir;
  o.sandbox = sandbox_flag(f);
  o.sandbox_binds = checked_sandbox_binds(f.sandbox_binds, o.sandbox, "--sandbox-bind");
  o.process_limits.address_space_bytes = f.max_memory_mib << 20;
  o.random_opening_plies = f.random_opening_plies;
  o.check_bots_first = true;  // a bot that cannot start stops the run before its first game
  if (const std::string why = BotProcess::check_sandbox(o.sandbox); !why.empty()) throw CommandError(why);
}

}  // namespace arena::cli

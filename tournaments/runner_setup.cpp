#include "tournaments/runner_setup.h"

#include <sched.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "process/launch_request.h"
#include "tournaments/config.h"

namespace arena {

int usable_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return 1;
  return std::max(1, CPU_COUNT(&set));
}

std::string oversubscription_warning(int concurrency, int cores) {
  if (concurrency <= cores) return "";
  return "concurrency " + std::to_string(concurrency) + " on " + std::to_string(cores) +
         " core(s): games wait for each other's bots, whose clocks run meanwhile, so time forfeits may be "
         "the "
         "machine's fault; use at most --concurrency " +
         std::to_string(cores) + " for games that count";
}

std::string setting_label(RunCommand command, std::string_view key) {
  const OptionRow* row = find_option(command, key);
  if (command == RunCommand::kTournament || !row || row->flags.empty()) return std::string(key);
  return "--" + std::string(row->name());
}

namespace {

TimeControl time_control(const RunSettings& s, RunCommand command) {
  TimeControl t;
  if (!s.tc.empty()) parse_tc(s.tc, t, setting_label(command, "tc"));
  if (s.tc.empty() && s.move_time <= 0)
    throw ConfigError(setting_label(command, "tc") + ": empty, and no " +
                      setting_label(command, "move_time") + " either: a bot would have no time limit");
  if (s.move_time > 0) t.move_time_ms = static_cast<std::int64_t>(s.move_time * 1000 + 0.5);
  t.startup_ms = static_cast<std::int64_t>(s.startup_time * 1000 + 0.5);
  t.margin_ms = s.margin_ms;
  return t;
}

std::vector<std::string> checked_binds(const RunSettings& s, RunCommand command) {
  const std::string label = setting_label(command, "sandbox_binds");
  if (!s.sandbox_binds.empty() && s.sandbox != Sandbox::kBwrap)
    throw ConfigError(label + ": only meaningful with " + setting_label(command, "sandbox") +
                      " bwrap (without it a bot sees every file you can)");
  std::vector<std::string> out;
  for (const auto& p : s.sandbox_binds) {
    std::error_code ec;
    if (p.empty() || !std::filesystem::exists(p, ec))
      throw ConfigError(label + ": '" + p + "' does not exist");
    out.push_back(std::filesystem::absolute(p, ec).lexically_normal().string());
  }
  return out;
}

}  // namespace

RunnerOptions runner_options(const RunSettings& s, RunCommand command) {
  RunnerOptions o;
  o.time = time_control(s, command);
  o.concurrency = s.concurrency;
  o.send_legal_moves = s.legal_moves;
  o.sandbox = s.sandbox;
  o.sandbox_binds = checked_binds(s, command);
  o.process_limits.address_space_bytes = static_cast<std::uint64_t>(s.max_memory_mib) << 20;
  o.random_opening_plies = s.random_opening_plies;
  o.limits.bot_lines_cap = static_cast<std::size_t>(s.bot_lines_cap);
  o.log_dir = s.log_dir;
  o.event = s.event;
  o.cpu_clock = s.clock == "cpu";
  o.cpu_wall_factor = s.cpu_wall_factor;
  o.pressure_threshold = s.pressure_threshold;
  o.cpu_pressure_file = s.pressure_file;
  o.check_bots_first = true;  // a bot that cannot start stops the run before its first game
  // Refused before any folder is made or game is played, like every other bad setting.
  if (const std::string why = check_sandbox(o.sandbox); !why.empty()) throw ConfigError(why);
  return o;
}

void check_bot_names(const RunSettings& s, RunCommand command) {
  std::set<std::string> names;
  for (const BotConfig& b : s.bots)
    if (!names.insert(b.name).second)
      throw ConfigError(setting_label(command, "bots") + ": two bots are named '" + b.name + "'");
}

}  // namespace arena

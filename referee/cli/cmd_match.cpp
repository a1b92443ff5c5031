// `arena match GAME_SPEC --bot NAME=CMD ... --games N`: plays a match between bot
// executables (or a person at the terminal), prints a line per game and a summary,
// and appends the records to --out.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <random>

#include "engine/core/registry.h"
#include "referee/cli/commands.h"
#include "referee/command_line.h"
#include "referee/match_runner.h"
#include "referee/match_schedule.h"
#include "referee/match_summary.h"
#include "referee/pgn.h"

namespace arena::cli {

namespace {

struct MatchOptions {
  std::string spec;
  std::vector<std::string> bots;
  int games = 0;
  std::uint64_t seed = 0;
  bool seed_given = false;
  std::string tc, move_time, startup_time;
  std::int64_t margin_ms = 50;
  int concurrency = 1;
  std::string out;
  std::string log_dir;
  std::string event = "Arena match";
  bool no_legal = false;
  bool quiet = false;
  std::string sandbox = "none";
  std::uint64_t max_memory_mib = 2048;
};

std::string self_executable() {
  char buf[4096];
  ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) throw CommandError{"cannot find the arena executable for a human seat"};
  return std::string(buf, static_cast<std::size_t>(n));
}

void run_match(const MatchOptions& o) {
  auto game = make_game(o.spec);  // SpecError names the problem
  const int seats = game->num_players();

  std::vector<BotSpec> bots;
  bool human = false;
  for (const auto& text : o.bots) {
    NamedCommand nc;
    try {
      nc = parse_named_command(text);
    } catch (const std::invalid_argument& e) {
      throw CommandError{std::string("--bot: ") + e.what()};
    }
    BotSpec b;
    b.name = nc.name;
    if (nc.command == "human") {
      b.command.argv = {self_executable(), "play-human"};
      b.command.own_process_group = false;
      b.untimed = true;
      human = true;
    } else {
      b.command.argv = split_command_line(nc.command);
    }
    for (const auto& other : bots)
      if (other.name == b.name) throw CommandError{"--bot: two bots are named '" + b.name + "'"};
    bots.push_back(std::move(b));
  }
  if (bots.empty()) throw CommandError{"give at least one --bot NAME=COMMAND"};

  RunnerOptions ro;
  try {
    if (!o.tc.empty()) parse_tc(o.tc, ro.time);
    if (!o.move_time.empty()) ro.time.move_time_ms = parse_seconds(o.move_time, "--move-time");
    if (!o.startup_time.empty()) ro.time.startup_ms = parse_seconds(o.startup_time, "--startup-time");
  } catch (const TimeControlError& e) {
    throw CommandError{e.what()};
  }
  // Never wait for ever on a silent bot: without any limit, each move gets 10 seconds.
  if (o.tc.empty() && o.move_time.empty()) ro.time.move_time_ms = 10000;
  ro.time.margin_ms = o.margin_ms;
  ro.concurrency = human ? 1 : o.concurrency;
  ro.send_legal_moves = !o.no_legal;
  ro.log_dir = o.log_dir;
  ro.event = o.event;
  ro.sandbox = o.sandbox == "bwrap" ? Sandbox::kBwrap : Sandbox::kNone;
  ro.process_limits.address_space_bytes = o.max_memory_mib << 20;
  if (const std::string why = BotProcess::check_sandbox(ro.sandbox); !why.empty()) throw CommandError{why};

  std::uint64_t seed = o.seed;
  if (!o.seed_given) seed = (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  const int games = o.games > 0 ? o.games : seats;
  auto jobs = rotation_schedule(game->spec(), static_cast<int>(bots.size()), seats, games, seed);

  std::ofstream out;
  if (!o.out.empty()) {
    out.open(o.out, std::ios::app);
    if (!out) throw CommandError{"--out: cannot open '" + o.out + "' for writing"};
  }
  if (!o.quiet)
    std::cout << "match " << game->spec() << ": " << games << " games, seed " << seed << ", time "
              << ro.time.text() << ", concurrency " << ro.concurrency << "\n"
              << std::flush;

  std::vector<std::string> names;
  for (const auto& b : bots) names.push_back(b.name);
  MatchSummary summary(names);
  int finished = 0;
  MatchRunner runner(std::move(bots), ro);
  runner.run(jobs, [&](std::size_t, const GameRecord& record) {
    if (record.termination == Termination::kAborted) {
      summary.add(record);
      return;
    }
    ++finished;
    summary.add(record);
    if (out.is_open()) {
      out << format_pgn(record);
      out.flush();
      if (!out) std::cerr << "arena: error: writing '" << o.out << "' failed\n";
    }
    if (!o.quiet) std::cout << MatchSummary::game_line(record, finished, games) << "\n" << std::flush;
  });
  std::cout << "\n" << summary.table(seats);
  if (runner.stopped() || summary.aborted() > 0)
    throw CommandError{
        "match interrupted after " + std::to_string(finished) + " of " + std::to_string(games) + " games",
        130};
}

}  // namespace

void add_match_command(CLI::App& app) {
  auto o = std::make_shared<MatchOptions>();
  auto* cmd = app.add_subcommand("match", "Play games between bot executables and write their records");
  cmd->add_option("game", o->spec, "Game spec, e.g. clump or clump:size=6")->required();
  cmd->add_option("--bot,-b", o->bots,
                  "NAME=COMMAND, once per bot; COMMAND is a path or program with arguments, or 'human'")
      ->required();
  cmd->add_option("--games,-n", o->games, "Number of games (default: one per seat rotation)")
      ->check(CLI::Range(1, 100000000));
  cmd->add_option_function<std::uint64_t>(
      "--seed", [o](std::uint64_t s) { o->seed = s, o->seed_given = true; },
      "Base seed (default: random, printed)");
  cmd->add_option("--tc", o->tc, "Game clock BASE+INC in seconds per seat, e.g. 10+0.1");
  cmd->add_option("--move-time", o->move_time, "Hard limit per move in seconds (default 10 when no --tc)");
  cmd->add_option("--startup-time", o->startup_time,
                  "Seconds a bot has to answer the handshake (default 10)");
  cmd->add_option("--margin", o->margin_ms, "Milliseconds of grace added to every deadline (default 50)")
      ->check(CLI::Range(0, 60000));
  cmd->add_option("--concurrency,-k", o->concurrency, "Games played at once (default 1)")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--out,-o", o->out, "Append the game records (PGN) to this file");
  cmd->add_option("--log-dir", o->log_dir, "Keep each bot's stderr and info lines here");
  cmd->add_option("--event", o->event, "Event tag of the records");
  cmd->add_option("--sandbox", o->sandbox, "none (default) or bwrap: run each bot under bubblewrap")
      ->check(CLI::IsMember({"none", "bwrap"}));
  cmd->add_option("--max-memory", o->max_memory_mib,
                  "Address-space limit per bot process in MiB (0: none; default 2048)");
  cmd->add_flag("--no-legal", o->no_legal, "Do not send the list of legal moves before each decision");
  cmd->add_flag("--quiet,-q", o->quiet, "Only print the summary");
  cmd->callback([o] { run_match(*o); });
}

}  // namespace arena::cli

// `arena match GAME_SPEC --bot NAME=CMD ... --games N`: plays a match between bot
// executables (or a person at the terminal), prints a line per game and a summary,
// and appends the records to --out.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>

#include "cli/commands.h"
#include "cli/human_text.h"
#include "cli/match_watch.h"
#include "cli/option_flags.h"
#include "cli/record_file.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "process/command_line.h"
#include "process/self_path.h"
#include "ratings/sprt_stop.h"
#include "records/pgn.h"
#include "records/repro_command.h"
#include "referee/match_runner.h"
#include "referee/match_summary.h"
#include "referee/openings.h"
#include "tournaments/match_seating.h"
#include "tournaments/opening_choice.h"
#include "tournaments/runner_setup.h"

namespace arena::cli {

namespace {

// The bots of --bot, a person at the terminal for the command 'human'.
std::vector<BotSpec> match_bots(const RunSettings& s, bool& human) {
  std::vector<BotSpec> bots;
  human = false;
  for (const BotConfig& nb : s.bots) {
    BotSpec b;
    b.name = nb.name;
    if (nb.command == "human") {
      b.command.argv = {self_executable(), "play-human"};
      // For tests: the person's side on files instead of /dev/tty (docs/referee.md).
      const char* in = std::getenv("ARENA_HUMAN_INPUT");
      const char* out = std::getenv("ARENA_HUMAN_OUTPUT");
      if (in && out) b.command.argv.insert(b.command.argv.end(), {"--input", in, "--output", out});
      b.command.own_process_group = false;
      b.untimed = true;
      human = true;
    } else {
      b.command.argv = split_command_line(nb.command);
    }
    bots.push_back(std::move(b));
  }
  if (bots.empty()) throw CommandError{"give at least one --bot NAME=COMMAND"};
  return bots;
}

// After each game of a person's (`--bot NAME=human`): how it ended for them, by name, as the
// person's own screen says it by seat: "me: you lost; ranks: 1. greedy  2. me".
std::string human_result_line(const GameRecord& r, const std::string& human) {
  const auto seat = std::find(r.players.begin(), r.players.end(), human);
  if (seat == r.players.end() || r.results.size() != r.players.size()) return "";
  std::vector<int> ranks;
  for (const SeatResult& s : r.results) ranks.push_back(s.rank);
  return human + ": " + verdict_for(static_cast<int>(seat - r.players.begin()) + 1, ranks) +
         "; ranks: " + ranks_by_name(ranks, r.players);
}

// Fewer bots than seats: seats are dealt in turn, so some bot sits in several seats of one
// game. A warning for programs; refused for a person, who would see several hands.
void check_seat_count(const Game& game, std::size_t bots, bool human) {
  const int seats = game.num_players();
  if (static_cast<int>(bots) >= seats) return;
  if (human)
    throw CommandError{game.spec() + " has " + std::to_string(seats) + " seats but " + std::to_string(bots) +
                       " bots were given: a person would play several seats and "
                       "see several hands; give one --bot per seat"};
  std::cerr << "arena: warning: " << game.spec() << " has " << seats << " seats and only " << bots
            << " bots: some play several seats of one game (against or beside themselves)\n";
}

// The games of the match: seat rotations (or partnership rotations in team games), each
// with its seed and opening.
std::vector<GameJob> match_jobs(const RunSettings& o, const Game& game, int bots, std::uint64_t seed,
                                int& games) {
  const std::vector<Opening> openings = load_openings(o, game, RunCommand::kMatch);
  games = o.games > 0 ? o.games : match_set_size(game, bots);
  auto jobs = match_seating(game, bots, games, seed);
  std::vector<std::uint64_t> seeds;
  for (const GameJob& j : jobs) seeds.push_back(j.seed);
  const std::vector<std::size_t> opening_of = opening_choice(openings.size(), o.openings_order, seeds);
  for (std::size_t g = 0; g < jobs.size() && !openings.empty(); ++g)
    jobs[g].opening = openings[opening_of[g]];
  return jobs;
}

// The --out file could not take a record: the match stops, and the message says what the
// file holds.
CommandError write_failure(const RecordFile& out, int finished) {
  return CommandError{
      "cannot write '" + out.path() + "': " + out.error() + "\n" + std::to_string(out.records()) +
      " game record(s) of this match are in it, each complete; game " + std::to_string(finished) +
      " and any later were not recorded. Free some space and play them again."};
}

// Under a fault's game line: the command that reruns the faulting bot on the lines it was
// sent (records/repro_command.h), with the --out file and the bot's command as given; none
// without --out.
std::string repro_line(const GameRecord& record, const RunSettings& o) {
  if (o.out.empty()) return "";  // no record file to name: repro could not rerun it
  if (record.fault_seat < 1 || record.fault_seat > static_cast<int>(record.players.size())) return "";
  std::string command;
  for (const BotConfig& nb : o.bots)
    if (nb.name == record.players[record.fault_seat - 1]) command = nb.command;
  const std::string line = repro_command(record, o.out, record.round, command);
  return line.empty() ? "" : "  repro: " + line;
}

// `seed_given`: --seed was given (else a random seed, printed).
void run_match(const RunSettings& o, bool seed_given) {
  auto game = make_game(o.game);  // SpecError names the problem
  const int seats = game->num_players();
  check_bot_names(o, RunCommand::kMatch);
  bool human = false;
  std::vector<BotSpec> bots = match_bots(o, human);
  std::string human_name;  // the person's --bot name, if one plays
  for (const BotConfig& nb : o.bots)
    if (nb.command == "human") human_name = nb.name;
  check_seat_count(*game, bots.size(), human);
  RunnerOptions ro = runner_options(o, RunCommand::kMatch);
  if (!o.out.empty()) ro.sandbox_hidden.push_back(std::filesystem::absolute(o.out).string());  // the records
  ro.records_path = o.out;
  if (human) ro.concurrency = 1;
  warn_if_oversubscribed(ro.concurrency);
  SprtStop sprt(o.sprt.empty() ? std::nullopt : std::optional<SprtParams>(parse_sprt(o.sprt)));
  if (sprt.active() && (seats != 2 || bots.size() != 2))
    throw CommandError{"--sprt needs a two-seat game and exactly two bots"};
  bool sprt_decided = false, write_failed = false;

  std::uint64_t seed = o.seed;
  if (!seed_given) seed = (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  int games = 0;
  const auto jobs = match_jobs(o, *game, static_cast<int>(bots.size()), seed, games);
  RecordFile out(o.out);
  if (!o.quiet)
    std::cout << "match " << game->spec() << ": " << games << " games, seed " << seed << ", time "
              << ro.time.text() << ", concurrency " << ro.concurrency << "\n"
              << std::flush;

  std::vector<std::string> names;
  for (const auto& b : bots) names.push_back(b.name);
  if (o.watch > games)
    throw CommandError{"--watch " + std::to_string(o.watch) + ": the match has " + std::to_string(games) +
                       " games"};
  if (o.watch > 0) {
    std::vector<std::string> seat_names;
    for (int bot : jobs[o.watch - 1].seats) seat_names.push_back(names[bot]);
    ro.watch = make_watch_printer(stdout, ::isatty(STDOUT_FILENO), o.watch, std::move(seat_names));
    ro.watch_job = static_cast<std::size_t>(o.watch - 1);
  }
  MatchSummary summary(names);
  int finished = 0, start_failures = 0;
  MatchRunner runner(std::move(bots), ro);
  runner.run(jobs, [&](std::size_t, const GameRecord& record) {
    const bool aborted = record.termination == Termination::kAborted;
    // A person's interrupted game is kept (Result "*", ratings skip it); a bot game is not.
    const bool keep = !aborted || (human && !record.actions.empty());
    if (out.enabled() && !write_failed && keep && !out.append(format_pgn(record))) {
      write_failed = true;
      runner.stop();
    }
    summary.add(record);
    if (aborted) return;
    ++finished;
    if (record.termination == Termination::kStartFailure) ++start_failures;
    if (!o.quiet) std::cout << MatchSummary::game_line(record, finished, games) << "\n" << std::flush;
    if (const std::string line = repro_line(record, o); !o.quiet && !line.empty())
      std::cout << line << "\n" << std::flush;
    if (const std::string line = human_result_line(record, human_name); !o.quiet && !line.empty())
      std::cout << line << "\n" << std::flush;
    if (sprt.active() && !sprt_decided) {
      sprt_decided = sprt.add(record);
      if (!o.quiet || sprt_decided) std::cout << sprt.progress_line() << "\n" << std::flush;
      if (sprt_decided) runner.stop();  // games in progress are aborted: not counted
    }
  });
  std::cout << "\n" << summary.table(seats);
  if (sprt.active()) std::cout << "\n" << sprt.report();
  if (write_failed) throw write_failure(out, finished);
  if (!sprt_decided && (runner.stopped() || summary.aborted() > 0))
    throw Stopped{"match interrupted after " + std::to_string(finished) + " of " + std::to_string(games) +
                  " games"};
  // All bots started before the first game; one that later could not cost games.
  if (start_failures > 0)
    throw CommandError{std::to_string(start_failures) + " of " + std::to_string(finished) +
                           " game(s) were lost to a bot that could not start (see 'start-failure' above)",
                       1};
}

}  // namespace

void add_match_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("match", "Play games between bot executables and write their records");
  auto flags = std::make_shared<TableFlags>(*cmd, RunCommand::kMatch);
  cmd->callback([flags] {
    RunSettings s = flags->settings();
    // --move-time alone: no game clock (docs/referee.md, "Run options").
    if (flags->given("move-time") && !flags->given("tc")) s.tc.clear();
    run_match(s, flags->given("seed"));
  });
}

}  // namespace arena::cli

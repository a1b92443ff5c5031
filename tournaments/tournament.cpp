#include "tournaments/tournament.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/registry.h"
#include "referee/match_runner.h"
#include "tournaments/commit_thread.h"
#include "tournaments/progress.h"
#include "tournaments/reports.h"
#include "tournaments/results_store.h"
#include "tournaments/schedule.h"
#include "tournaments/standings.h"

namespace arena {

namespace fs = std::filesystem;

namespace {

const char* kConfigFile = "tournament.json";
const char* kPgnFile = "games.pgn";
const char* kJournalFile = "journal.jsonl";

ScheduleRequest schedule_request(const TournamentConfig& c, const Game& game) {
  ScheduleRequest r;
  r.bots = static_cast<int>(c.bots.size());
  r.seats = game.num_players();
  for (int s = 1; s <= r.seats; ++s) r.teams.push_back(game.team_of(s));
  r.format = c.format;
  for (const auto& name : c.gauntlet)
    for (size_t i = 0; i < c.bots.size(); ++i)
      if (c.bots[i].name == name) r.gauntlet.push_back(static_cast<int>(i));
  if (r.seats == 2) {
    if (c.games % 2 != 0)
      throw ConfigError("games: " + std::to_string(c.games) +
                        " per pairing is odd; two-seat games are played in pairs with the seats swapped");
    r.games_per_encounter = std::max(1, c.games / 2);
  } else {
    r.games_per_encounter = std::max(1, c.games);
  }
  r.rounds = c.rounds;
  r.max_tables = c.max_tables;
  r.seed = c.seed;
  return r;
}

RunnerOptions runner_options(const TournamentConfig& c) {
  RunnerOptions o;
  try {
    parse_tc(c.tc, o.time);
  } catch (const TimeControlError& e) {
    throw ConfigError(std::string("tc: ") + e.what());
  }
  if (c.move_time > 0) o.time.move_time_ms = static_cast<std::int64_t>(c.move_time * 1000 + 0.5);
  o.time.startup_ms = static_cast<std::int64_t>(c.startup_time * 1000 + 0.5);
  o.time.margin_ms = c.margin_ms;
  o.concurrency = c.concurrency;
  o.send_legal_moves = c.legal_moves;
  o.sandbox = c.sandbox == "bwrap" ? Sandbox::kBwrap : Sandbox::kNone;
  // Refused before any folder is made or game is played, like every other bad setting.
  if (std::string why = BotProcess::check_sandbox(o.sandbox); !why.empty()) throw ConfigError(why);
  o.log_dir = (fs::path(c.out) / "logs").string();
  o.event = "Arena tournament";
  return o;
}

std::string describe(const JournalEntry& e) {
  std::ostringstream s;
  s << e.round << " ";
  for (size_t i = 0; i < e.players.size(); ++i) s << (i ? " vs " : "") << e.players[i];
  s << ": ";
  if (e.ranks.empty()) {
    s << "no result";
  } else if (e.ranks.size() == 2) {
    auto pts = seat_points(e);
    s << (pts[0] == 0.5 ? "1/2-1/2" : pts[0] == 1 ? "1-0" : "0-1");
  } else {
    s << "ranks";
    for (int r : e.ranks) s << " " << r;
  }
  s << " (" << e.termination;
  if (e.fault_seat) s << ", seat " << e.fault_seat;
  s << ")";
  return s.str();
}

TournamentRun run(const TournamentConfig& c, bool quiet, std::FILE* out) {
  auto game = make_game(c.game);
  auto schedule = make_schedule(schedule_request(c, *game));
  RunnerOptions options = runner_options(c);
  std::vector<BotSpec> bots;
  std::vector<std::string> names;
  for (const auto& b : c.bots) {
    BotSpec spec;
    spec.name = b.name;
    spec.command.argv = bot_argv(b);
    spec.command.working_dir = b.workdir;
    bots.push_back(std::move(spec));
    names.push_back(b.name);
  }

  fs::create_directories(options.log_dir);
  ResultsStore store((fs::path(c.out) / kPgnFile).string(), (fs::path(c.out) / kJournalFile).string());
  if (store.committed() > static_cast<int>(schedule.size()))
    throw ConfigError(c.out + ": the journal holds more games than the schedule");
  Standings standings(names);
  for (const auto& e : store.entries()) {
    const auto& g = schedule[e.index];
    std::vector<std::string> expected;
    for (int b : g.seat_bots) expected.push_back(names[b]);
    if (e.round != g.round || e.seed != g.seed || e.players != expected)
      throw ConfigError(c.out + ": journal game " + std::to_string(e.index) +
                        " does not match the schedule of tournament.json (was the file edited?)");
    standings.add(e);
  }

  const int first = store.committed();
  std::vector<GameJob> jobs;
  for (size_t i = first; i < schedule.size(); ++i)
    jobs.push_back(GameJob{game->spec(), schedule[i].seat_bots, schedule[i].seed, schedule[i].round});

  Progress progress(out, Progress::detect(out, quiet), static_cast<int>(schedule.size()), first);
  if (!jobs.empty()) {
    // Standings and progress are touched only by the commit thread until finish().
    CommitThread committer(store, [&](const JournalEntry& e) {
      standings.add(e);
      progress.update(describe(e), standings);
    });
    MatchRunner runner(bots, options);
    runner.run(jobs, [&](std::size_t job, const GameRecord& record) {
      if (record.termination == Termination::kAborted) return;  // not counted: played again on resume
      committer.hand_in(first + static_cast<int>(job), record);
    });
    committer.finish();
  }
  TournamentRun result{static_cast<int>(schedule.size()), store.committed()};
  if (result.complete()) {
    progress.finish(standings);
    std::string table = write_reports(c.out, *game, names, store.entries(), standings);
    std::fputs(table.c_str(), out);
    std::fflush(out);
  }
  return result;
}

}  // namespace

TournamentConfig load_tournament_config(const std::string& dir) {
  fs::path path = fs::path(dir) / kConfigFile;
  std::ifstream in(path);
  if (!in) throw ConfigError(path.string() + ": cannot read (is " + dir + " a tournament folder?)");
  std::stringstream text;
  text << in.rdbuf();
  TournamentConfig c = parse_config(text.str(), path.string());
  c.out = dir;
  validate_config(c);
  return c;
}

TournamentRun start_tournament(const TournamentConfig& config, bool quiet, std::FILE* out) {
  validate_config(config);
  // Everything that can be refused is refused before any folder is made.
  auto game = make_game(config.game);
  make_schedule(schedule_request(config, *game));
  runner_options(config);
  for (const auto& b : config.bots) bot_argv(b);
  fs::path dir(config.out);
  if (fs::exists(dir / kJournalFile) || fs::exists(dir / kConfigFile))
    throw ConfigError(config.out + " already holds a tournament: continue it with --resume " + config.out +
                      ", or choose another --out");
  fs::create_directories(dir);
  {
    std::ofstream cfg(dir / kConfigFile);
    cfg << config_to_json(config);
    if (!cfg) throw ConfigError("cannot write " + (dir / kConfigFile).string());
  }
  return run(config, quiet, out);
}

TournamentRun resume_tournament(const std::string& dir, bool quiet, std::FILE* out) {
  return run(load_tournament_config(dir), quiet, out);
}

}  // namespace arena

#include "tournaments/tournament.h"

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "referee/match_runner.h"
#include "referee/openings.h"
#include "tournaments/commit_thread.h"
#include "tournaments/fault_games.h"
#include "tournaments/live_games.h"
#include "tournaments/opening_choice.h"
#include "tournaments/progress.h"
#include "tournaments/reports.h"
#include "tournaments/results_store.h"
#include "tournaments/runner_setup.h"
#include "tournaments/schedule.h"
#include "tournaments/seeds_from.h"
#include "tournaments/shard_folder.h"
#include "tournaments/staged_schedule.h"
#include "tournaments/standings.h"

namespace arena {

namespace fs = std::filesystem;

namespace {

const char* kConfigFile = "tournament.json";
const char* kPgnFile = "games.pgn";
const char* kJournalFile = "journal.jsonl";

RunnerOptions tournament_runner_options(const TournamentConfig& c) {
  RunnerOptions o = runner_options(c, RunCommand::kTournament);
  // The output folder holds the records, seeds and journal: hidden even where a bot's own
  // folder contains it (process/sandbox_view.h); the log folder is hidden by the runner.
  o.sandbox_hidden = {c.out};
  o.log_dir = (fs::path(c.out) / "logs").string();
  o.records_path = (fs::path(c.out) / kPgnFile).string();
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

std::vector<std::string> bot_names(const TournamentConfig& c) {
  std::vector<std::string> names;
  for (const auto& b : c.bots) names.push_back(b.name);
  return names;
}

// A full disk (or a file size limit) is the user's to fix, and nothing counted is lost:
// games count once their journal line is written, and a resume cuts off any partial record.
UserError storage_error(const WriteError& e, const std::string& dir, int committed, int scheduled) {
  return UserError(std::string(e.what()) + (e.error() == ENOSPC ? " (the disk is full)" : "") + "\n" +
                   std::to_string(committed) + " of " + std::to_string(scheduled) +
                   " games are recorded in " + dir +
                   " and count; nothing counted was lost (a game cut short is played again).\n" +
                   "Free some space, then continue with: arena tournament --resume " + dir);
}

// The bots as started from the folder the tournament was started in, whichever folder runs
// it now (tournament.json keeps the commands as typed: a shard's folder may move machines).
// In the sandbox too: there the working directory is only a path, not a view of the folder
// (process/sandbox_view.h), so the start folder's other files (the output folder) stay hidden.
std::vector<BotSpec> bot_specs(const TournamentConfig& config) {
  TournamentConfig c = config;
  if (!c.started_in.empty()) resolve_config_paths(c, c.started_in);
  std::vector<BotSpec> bots;
  for (const auto& b : c.bots) {
    BotSpec spec;
    spec.name = b.name;
    spec.command.argv = bot_argv(b);
    spec.command.working_dir = b.workdir;
    bots.push_back(std::move(spec));
  }
  return bots;
}

// The journal's games from `begin` on (those of the stage all[begin..]) must be the ones
// scheduled; they count in the standings.
void check_journal(const TournamentConfig& c, const ResultsStore& store,
                   const std::vector<ScheduledGame>& all, std::size_t begin, Standings& standings) {
  const JournalIndex& journal = store.journal();
  for (std::size_t i = begin; i < all.size() && i < journal.size(); ++i) {
    const ScheduledGame& g = all[i];
    const auto players = journal.players(i);
    bool same =
        journal.round(i) == g.round && journal.seed(i) == g.seed && players.size() == g.seat_bots.size();
    for (std::size_t s = 0; same && s < players.size(); ++s)
      same = journal.name(players[s]) == c.bots[g.seat_bots[s]].name;
    if (!same)
      throw ConfigError(c.out + ": journal game " + std::to_string(i) +
                        " does not match the schedule of tournament.json (was the file edited?)");
    standings.add(journal, i);
  }
}

// Everything one run needs besides the schedule.
struct Session {
  const TournamentConfig& c;
  std::unique_ptr<Game> game;
  RunnerOptions options;
  std::vector<BotSpec> bots;
  std::vector<Opening> openings;
  ResultsStore& store;
  Standings& standings;
  Progress& progress;
  const TournamentWatch& watch;
};

// Plays the games all[first..] not yet committed; they belong to the current stage. `full` is
// the whole schedule so far (all = full but for a shard): openings follow from it.
void play(Session& s, const std::vector<ScheduledGame>& all, std::size_t first,
          const std::vector<ScheduledGame>& full) {
  std::vector<std::uint64_t> seeds;
  for (const ScheduledGame& g : full) seeds.push_back(g.seed);
  const std::vector<std::size_t> opening_of = opening_choice(s.openings.size(), s.c.openings_order, seeds);
  std::vector<GameJob> jobs;
  for (std::size_t i = first; i < all.size(); ++i)
    jobs.push_back(GameJob{s.game->spec(), all[i].seat_bots, all[i].seed, all[i].round,
                           s.openings.empty() ? Opening{} : s.openings[opening_of[all[i].index]]});
  // Standings and progress are touched only by the commit thread until finish().
  const std::string pgn = (fs::path(s.c.out) / kPgnFile).string();
  const std::vector<std::string> names = bot_names(s.c), commands = bot_command_lines(s.c);
  CommitThread committer(s.store, [&](const JournalEntry& e) {
    s.standings.add(e);
    std::string line = describe(e);
    if (const std::string repro = fault_repro_line(e, pgn, names, commands); !repro.empty())
      line += "\n  repro: " + repro;
    s.progress.update(line, s.standings);
  });
  // A record that cannot be written stops the runner: the games in progress are aborted and
  // played on resume; finish() rethrows the WriteError.
  // The games in play, for `arena serve` (tournaments/live_games.h); game i of the schedule
  // is the (i+1)-th record of games.pgn once committed.
  std::vector<LiveGames::Game> live_games;
  for (std::size_t i = first; i < all.size(); ++i) {
    LiveGames::Game g{"game-" + std::to_string(i + 1),
                      static_cast<int>(i + 1),
                      s.game->spec(),
                      {},
                      all[i].round,
                      all[i].seed};
    for (int bot : all[i].seat_bots) g.players.push_back(s.c.bots[bot].name);
    live_games.push_back(std::move(g));
  }
  std::vector<LiveGames::Earlier> earlier;
  for (std::size_t i = 0; i < first; ++i) earlier.push_back({all[i].round, all[i].seed});
  LiveGames live(s.c.out, live_games, std::move(earlier));
  RunnerOptions options = s.options;
  options.live = [&](std::size_t job, const WatchedAction& a) { live.action(job, a); };
  if (s.watch && s.c.watch > static_cast<int>(first) && s.c.watch <= static_cast<int>(all.size())) {
    const std::size_t job = static_cast<std::size_t>(s.c.watch) - 1 - first;
    options.watch = s.watch(s.c.watch, live_games[job].players);
    options.watch_job = job;
  }
  MatchRunner runner(s.bots, options);
  bool write_failed = false;
  runner.run(jobs, [&](std::size_t job, const GameRecord& record) {
    live.finished(job, record.termination != Termination::kAborted);
    if (record.termination == Termination::kAborted || write_failed) return;  // played again on resume
    try {
      committer.hand_in(static_cast<int>(first + job), record);
    } catch (const WriteError&) {
      write_failed = true;
      runner.stop();
    }
  });
  committer.finish();
  s.options.check_bots_first = false;  // checked before the first stage's games already
}

TournamentRun run(const TournamentConfig& c, bool quiet, std::FILE* out, const TournamentWatch& watch = {}) {
  auto game = make_game(c.game);
  StagedSchedule schedule(c, schedule_request(c, *game));
  RunnerOptions options = tournament_runner_options(c);
  std::vector<std::string> names;
  for (const auto& b : c.bots) names.push_back(b.name);
  fs::create_directories(options.log_dir);
  ResultsStore store((fs::path(c.out) / kPgnFile).string(), (fs::path(c.out) / kJournalFile).string());
  Standings standings(names);
  Progress progress(out, Progress::detect(out, quiet), 0, store.committed());
  Session session{c, std::move(game), options, bot_specs(c), {}, store, standings, progress, watch};
  session.openings = load_openings(c, *session.game, RunCommand::kTournament);
  std::vector<ScheduledGame> all, full;
  const std::optional<ShardInfo> shard = read_shard_file(c.out);
  // Stage by stage: each is computed from the committed results of those before it.
  for (auto stage = schedule.next(); !stage.empty(); stage = schedule.next()) {
    full.insert(full.end(), stage.begin(), stage.end());
    if (shard) stage = shard_games(stage, shard->shard);  // only fixed schedules are sharded
    const std::size_t begin = all.size();
    all.insert(all.end(), stage.begin(), stage.end());
    check_journal(c, store, all, begin, standings);
    progress.set_total(static_cast<int>(all.size()));
    if (store.committed() < static_cast<int>(all.size())) {
      try {
        play(session, all, store.committed(), full);
      } catch (const WriteError& e) {
        throw storage_error(e, c.out, store.committed(), static_cast<int>(all.size()));
      }
      if (store.committed() < static_cast<int>(all.size())) {
        // Interrupted (Ctrl-C, SIGTERM): what the finished games say so far, before the
        // command to continue (printed by the caller).
        std::fprintf(out, "\nstandings after %d of %zu games (interrupted):\n%s", store.committed(),
                     all.size(), Progress::top_of_table(standings, static_cast<int>(names.size())).c_str());
        std::fflush(out);
        return TournamentRun{static_cast<int>(all.size()), store.committed(), 0};
      }
    }
    schedule.end_stage(store.journal().entries(begin, all.size()));
  }
  if (store.committed() > static_cast<int>(all.size()))
    throw ConfigError(c.out + ": the journal holds more games than the schedule");
  TournamentRun result{static_cast<int>(all.size()), store.committed(), 0};
  const std::string start_failure = termination_name(Termination::kStartFailure);
  for (std::size_t i = 0; i < store.journal().size(); ++i)
    result.start_failures += store.journal().outcome(i).termination == start_failure;
  progress.finish(standings);
  const Plan* plan = schedule.plan();
  std::string table = write_reports(
      c.out, *session.game, names, store.journal(), standings,
      plan ? PlanReport{plan->report_name(), plan->report(names), plan->replaces_crosstable()} : PlanReport{},
      bot_command_lines(c));
  std::fputs(table.c_str(), out);
  std::fflush(out);
  return result;
}

}  // namespace

ScheduleRequest schedule_request(const TournamentConfig& c, const Game& game) {
  ScheduleRequest r;
  r.bots = static_cast<int>(c.bots.size());
  r.seats = game.num_players();
  for (int s = 1; s <= r.seats; ++s) r.teams.push_back(game.team_of(s));
  r.format = c.format;
  for (const auto& name : c.gauntlet)
    for (size_t i = 0; i < c.bots.size(); ++i)
      if (c.bots[i].name == name) r.gauntlet.push_back(static_cast<int>(i));
  if (c.format == Format::kAdaptive) {
    r.games_per_encounter = 1;  // one set of seat arrangements per table; --games caps the total
  } else if (r.seats == 2) {
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

TournamentRun start_tournament(const TournamentConfig& given, bool quiet, std::FILE* out, const Shard* shard,
                               const TournamentWatch& watch) {
  validate_config(given);
  if (shard) check_shardable(given);
  TournamentConfig config = given;
  if (config.started_in.empty()) config.started_in = fs::current_path().string();
  // Read once, now: tournament.json keeps the resolved seeds, so --resume needs no ratings.
  if (!config.seeds_from.empty()) config.seeds = seeds_from_ratings(config);
  // Everything that can be refused is refused before any folder is made.
  auto game = make_game(config.game);
  StagedSchedule(config, schedule_request(config, *game));
  tournament_runner_options(config);
  load_openings(config, *game,
                RunCommand::kTournament);  // a bad line must not leave a folder that only --resume accepts
  for (const auto& b : config.bots) bot_argv(b);
  fs::path dir(config.out);
  if (fs::exists(dir / kJournalFile) || fs::exists(dir / kConfigFile))
    throw ConfigError(config.out + " already holds a tournament: continue it with --resume " + config.out +
                      ", or choose another --out");
  fs::create_directories(dir);
  // shard.json first: a folder with a tournament.json is continued only as the shard it names.
  if (shard)
    write_shard_file(config.out, ShardInfo{*shard, config_fingerprint(config)});
  else
    fs::remove(dir / "shard.json");  // a stale one would make run() play a shard
  {
    std::ofstream cfg(dir / kConfigFile);
    cfg << config_to_json(config);
    if (!cfg) throw ConfigError("cannot write " + (dir / kConfigFile).string());
  }
  return run(config, quiet, out, watch);
}

TournamentRun resume_tournament(const std::string& dir, bool quiet, std::FILE* out) {
  return run(load_tournament_config(dir), quiet, out);
}

TournamentRun continue_tournament(const TournamentConfig& config, bool quiet, std::FILE* out) {
  validate_config(config);
  return run(config, quiet, out);
}

std::vector<ScheduledGame> fixed_schedule(const TournamentConfig& config) {
  return make_schedule(schedule_request(config, *make_game(config.game)));
}

}  // namespace arena

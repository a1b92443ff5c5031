// `arena league run`: batches of tables from the matchmaking, played through the same runner
// as tournaments, each finished game committed to the store as it ends.
#include <chrono>
#include <filesystem>
#include <thread>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "league/league.h"
#include "league/league_games.h"
#include "league/matchmaking.h"
#include "league/run_lock.h"
#include "league/signal_stop.h"
#include "league/versions.h"
#include "process/command_line.h"
#include "records/pgn.h"
#include "referee/match_runner.h"
#include "store/league_store.h"
#include "tournaments/config.h"
#include "tournaments/live_games.h"
#include "tournaments/match_seating.h"
#include "tournaments/runner_setup.h"

namespace arena {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// One batch: the tables' bots as runner bots, and every table's set of games.
struct Batch {
  std::vector<BotSpec> bots;
  std::vector<GameJob> jobs;
};

BotSpec bot_spec(const LeagueBot& b) {
  BotSpec spec;
  spec.name = b.name;
  spec.command.argv = split_command_line(b.command, "bot '" + b.name + "'");
  spec.command.working_dir = b.workdir;
  return spec;
}

Batch make_batch(const Game& game, const std::vector<LeagueBot>& bots,
                 const std::vector<std::vector<int>>& tables, std::uint64_t seed, std::int64_t ordinal) {
  Batch batch;
  std::vector<int> slot(bots.size(), -1);  // league bot -> runner bot
  for (std::size_t t = 0; t < tables.size(); ++t) {
    const int seats = static_cast<int>(tables[t].size());
    const std::uint64_t table_seed = derive_seed(seed, static_cast<std::uint64_t>(ordinal) * 1024 + t);
    for (GameJob job : match_seating(game, seats, match_set_size(game, seats), table_seed)) {
      for (int& seat : job.seats) {
        const int bot = tables[t][static_cast<std::size_t>(seat)];
        if (slot[bot] < 0) {
          slot[bot] = static_cast<int>(batch.bots.size());
          batch.bots.push_back(bot_spec(bots[bot]));
        }
        seat = slot[bot];
      }
      job.round = std::to_string(ordinal) + "." + std::to_string(t + 1) + "." + job.round;
      batch.jobs.push_back(std::move(job));
    }
  }
  return batch;
}

LeaguePool pool_of(const std::vector<LeagueBot>& bots, const Game& game, const RunSettings& s) {
  LeaguePool pool;
  for (const LeagueBot& b : bots) {
    pool.names.push_back(b.name);
    pool.playing.push_back(!b.retired);
  }
  pool.seats = game.num_players();
  pool.games_per_table = match_set_size(game, pool.seats);
  pool.min_games = s.min_games;
  return pool;
}

class LeagueRunner {
 public:
  LeagueRunner(const RunSettings& run, std::FILE* out)
      : signals_(),
        run_(run),
        out_(run.quiet ? nullptr : out),
        lock_(run.out),
        store_(open_league_store(run.out)) {
    settings_ =
        parse_config(store_->settings_json(), run.out + "/league.db settings", RunCommand::kLeagueNew);
    game_ = make_game(settings_.game);
    options_ = runner_options(settings_, RunCommand::kLeagueNew);
    options_.concurrency = run.concurrency;
    options_.log_dir = (fs::path(run.out) / "logs").string();
    options_.sandbox_hidden = {fs::absolute(run.out).string()};
    options_.event = "Arena league";
    options_.check_bots_first = false;  // a bot that cannot start loses its games; the league goes on
    options_.stop_on_signals = false;   // signals_ hears them for the whole run
    games_ = rated_league_games(*store_, run.out);
    if (!settings_.sprt.empty()) sprt_ = parse_sprt(settings_.sprt, "sprt");
    deadline_ = run.hours > 0 ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(run.hours * 3600))
                              : Clock::time_point::max();
  }

  LeagueRun play() {
    while (!done()) {
      const std::vector<LeagueBot> bots = store_->bots();
      std::vector<std::vector<int>> tables = version_tables(bots);  // versions first: they decide the SPRT
      for (auto& t : next_league_tables(
               pool_of(bots, *game_, settings_), games_, run_.concurrency - static_cast<int>(tables.size()),
               derive_seed(settings_.seed, static_cast<std::uint64_t>(games_.size()))))
        tables.push_back(std::move(t));
      if (tables.empty()) {
        wait_for_bots(bots.size());
        continue;
      }
      Batch batch = make_batch(*game_, bots, tables, settings_.seed, store_->game_count() + 1);
      if (run_.games > 0 && static_cast<long>(batch.jobs.size()) > run_.games - result_.played)
        batch.jobs.resize(static_cast<std::size_t>(run_.games - result_.played));  // no game past --games
      if (!play_batch(batch)) break;
    }
    result_.stopped = signals_.requested();
    return result_;
  }

 private:
  bool done() const {
    return (run_.games > 0 && result_.played >= run_.games) || Clock::now() >= deadline_ ||
           signals_.requested();
  }

  // A table for every version still being tested against its parent, both playing (at most
  // one per game slot): these games decide the SPRT, so they come first.
  std::vector<std::vector<int>> version_tables(const std::vector<LeagueBot>& bots) const {
    std::vector<std::vector<int>> tables;
    if (!sprt_ || game_->num_players() != 2) return tables;
    auto index = [&](const std::string& name) {
      for (std::size_t i = 0; i < bots.size(); ++i)
        if (bots[i].name == name && !bots[i].retired) return static_cast<int>(i);
      return -1;
    };
    for (const VersionTest& t : version_tests(bots, games_, *sprt_)) {
      const int v = index(t.version), p = index(t.parent);
      if (v >= 0 && p >= 0 && !t.decided() && static_cast<int>(tables.size()) < run_.concurrency)
        tables.push_back({v, p});
    }
    return tables;
  }

  void wait_for_bots(std::size_t known) {
    if (!waiting_ && out_)
      std::fprintf(out_, "league %s: %zu bot(s) can play, %d needed: waiting for arena league add\n",
                   run_.out.c_str(), known, game_->num_players());
    waiting_ = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }

  // A batch's games as tournaments/live_games.h names them.
  std::vector<LiveGames::Game> live_games(const Batch& batch) {
    std::vector<LiveGames::Game> games;
    ++batches_;
    for (std::size_t j = 0; j < batch.jobs.size(); ++j) {
      const GameJob& job = batch.jobs[j];
      LiveGames::Game g{"batch" + std::to_string(batches_) + "-" + std::to_string(j + 1),
                        0,
                        game_->spec(),
                        {},
                        job.round,
                        job.seed};
      for (int bot : job.seats) g.players.push_back(batch.bots[bot].name);
      games.push_back(std::move(g));
    }
    return games;
  }

  // Plays one batch; false once a signal stopped it.
  bool play_batch(const Batch& batch) {
    waiting_ = false;
    LiveGames live(run_.out, live_games(batch));  // the games in play, for `arena serve`
    RunnerOptions options = options_;
    options.live = [&](std::size_t job, const WatchedAction& a) { live.action(job, a); };
    MatchRunner runner(batch.bots, options);
    signals_.attach(&runner);
    std::vector<GameRecord> finished;
    runner.run(batch.jobs, [&](std::size_t job, const GameRecord& record) {
      live.finished(job, record.termination != Termination::kAborted);
      if (record.termination == Termination::kAborted) return;  // played again by the next run
      store_->add_game(format_pgn(record));                     // one transaction: kept, or not at all
      finished.push_back(record);
      ++result_.played;
      if (out_) std::fprintf(out_, "%s\n", game_line(record).c_str());
    });
    signals_.attach(nullptr);
    for (RatedGame& g : rated_games_from_records(finished)) games_.push_back(std::move(g));
    return !signals_.requested();
  }

  static std::string game_line(const GameRecord& r) {
    std::string line = "game " + r.round + ":";
    for (std::size_t s = 0; s < r.players.size(); ++s)
      line += " " + r.players[s] + (s < r.results.size() ? " #" + std::to_string(r.results[s].rank) : "");
    return line;
  }

  SignalStop signals_;  // first: before any thread starts
  RunSettings run_;
  std::FILE* out_;
  RunLock lock_;
  std::unique_ptr<LeagueStore> store_;
  RunSettings settings_;
  std::unique_ptr<Game> game_;
  RunnerOptions options_;
  std::vector<RatedGame> games_;
  int batches_ = 0;                 // batches played by this run: names their live files
  std::optional<SprtParams> sprt_;  // versions against their parents; none: not tested
  Clock::time_point deadline_;
  LeagueRun result_;
  bool waiting_ = false;
};

}  // namespace

LeagueRun run_league(const RunSettings& run, std::FILE* out) { return LeagueRunner(run, out).play(); }

}  // namespace arena

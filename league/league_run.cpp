// `arena league run`: batches of tables from the matchmaking, played through the same runner
// as tournaments. One code path over both stores: every game is claimed in the store before
// it is played (a lease renewed while the run lives), and committed with the release of its
// claim in one transaction as it ends. Games whose lease ran out (their run died) are taken
// over and played again first. With SQLite one run plays at a time (the run lock); with
// PostgreSQL several runs, on several machines, share the league (docs/league.md).
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <thread>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "league/claims.h"
#include "league/league.h"
#include "league/league_games.h"
#include "league/league_summary.h"
#include "league/lease_keeper.h"
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

// One batch: its games (each claimed: `claims[i]` is job i's) and the runner's bots.
struct Batch {
  std::vector<LeagueJob> jobs;
  std::vector<std::int64_t> claims;
  std::vector<BotSpec> bots;
  std::vector<GameJob> games;
};

BotSpec bot_spec(const LeagueBot& b) {
  BotSpec spec;
  spec.name = b.name;
  spec.command.argv = split_command_line(b.command, "bot '" + b.name + "'");
  spec.command.working_dir = b.workdir;
  return spec;
}

// The games of the new tables of batch number `ordinal`: every table one full set of its
// seat arrangements on one seed.
std::vector<LeagueJob> table_jobs(const Game& game, const std::vector<LeagueBot>& bots,
                                  const std::vector<std::vector<int>>& tables, std::uint64_t seed,
                                  std::int64_t ordinal) {
  std::vector<LeagueJob> out;
  for (std::size_t t = 0; t < tables.size(); ++t) {
    const int seats = static_cast<int>(tables[t].size());
    const std::uint64_t table_seed = derive_seed(seed, static_cast<std::uint64_t>(ordinal) * 1024 + t);
    const std::string table = std::to_string(ordinal) + "." + std::to_string(t + 1);
    for (const GameJob& g : match_seating(game, seats, match_set_size(game, seats), table_seed)) {
      LeagueJob job{table, {}, g.spec, g.seed, table + "." + g.round, g.opening};
      for (int seat : g.seats) job.seats.push_back(bots[static_cast<std::size_t>(tables[t][seat])].name);
      out.push_back(std::move(job));
    }
  }
  return out;
}

// The runner's bots and games of `batch.jobs`, bots found by name.
void seat_batch(Batch& batch, const std::vector<LeagueBot>& bots, const std::string& where) {
  std::map<std::string, int> slot;
  for (const LeagueJob& job : batch.jobs) {
    GameJob g{job.spec, {}, job.seed, job.round, job.opening};
    for (const std::string& name : job.seats) {
      if (!slot.count(name)) {
        const auto b =
            std::find_if(bots.begin(), bots.end(), [&](const LeagueBot& x) { return x.name == name; });
        if (b == bots.end())
          throw UserError(where + ": a game in play seats '" + name + "', who is not in the league");
        slot[name] = static_cast<int>(batch.bots.size());
        batch.bots.push_back(bot_spec(*b));
      }
      g.seats.push_back(slot[name]);
    }
    batch.games.push_back(std::move(g));
  }
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
      : signals_(), run_(run), out_(run.quiet ? nullptr : out), store_(open_league_store(run.out)) {
    if (!store_->shared()) lock_.emplace(run.out);  // SQLite: one run at a time
    ensure_tallied(*store_, run.out);
    settings_ = parse_config(store_->settings_json(), store_->name() + " settings", RunCommand::kLeagueNew);
    game_ = make_game(settings_.game);
    options_ = runner_options(settings_, RunCommand::kLeagueNew);
    options_.concurrency = run.concurrency;
    options_.log_dir = (fs::path(run.out) / "logs").string();
    // Workers of a shared store may share DIR/logs/: each writes to a folder of its own.
    if (store_->shared()) options_.log_dir += "/" + worker_log_folder(worker_);
    options_.sandbox_hidden = {fs::absolute(run.out).string()};
    options_.event = "Arena league";
    options_.check_bots_first = false;  // a bot that cannot start loses its games; the league goes on
    options_.stop_on_signals = false;   // signals_ hears them for the whole run
    if (!settings_.sprt.empty()) sprt_ = parse_sprt(settings_.sprt, "sprt");
    deadline_ = run.hours > 0 ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(run.hours * 3600))
                              : Clock::time_point::max();
  }

  LeagueRun play() {
    // The lock proves no other run lives: the games a killed run had in play go at once.
    if (!store_->shared()) store_->expire_claims();
    LeaseKeeper keeper(run_.out, worker_, run_.lease, stderr);
    read_summary();
    while (!done()) {
      const std::vector<LeagueBot> bots = bots_ = store_->bots();
      read_new_games(bots);
      Batch batch = next_batch(bots);
      if (batch.jobs.empty()) {
        wait_for_tables(bots);
        continue;
      }
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

  // Games left to this run (--games), at most `most`.
  int room(int most) const {
    return run_.games > 0 ? static_cast<int>(std::min<long>(most, run_.games - result_.played)) : most;
  }
  int room() const { return room(std::numeric_limits<int>::max()); }

  // The league so far, from its tallies (league/league_summary.h): no record is read.
  void read_summary() {
    summary_.add(store_->tallies(last_game_));
    matchmaker_.games(summary_.outcomes());
  }

  // The games finished by any run since this one last looked: the matchmaking sees them all.
  void read_new_games(const std::vector<LeagueBot>& bots) {
    const std::vector<LeagueGame> fresh = store_->games(last_game_);
    if (fresh.empty()) return;
    for (const GameRecord& r : league_records(fresh, run_.out)) {
      summary_.add(game_tallies(r, bots));
      if (std::optional<RatedGame> g = rated_game_of(r)) matchmaker_.games({std::move(*g)});
    }
    last_game_ = fresh.back().id;
  }

  // First the games whose lease ran out, then new tables for the slots left, chosen beside
  // the tables other runs have in play; every game claimed before it is played.
  Batch next_batch(const std::vector<LeagueBot>& bots) {
    Batch batch;
    const int per_table = match_set_size(*game_, game_->num_players());
    std::set<std::string> taken_tables;
    for (const LeagueClaim& c :
         store_->take_expired(worker_, run_.lease, room(run_.concurrency * per_table))) {
      batch.jobs.push_back(decode_job(c.job, store_->name()));
      batch.claims.push_back(c.id);
      taken_tables.insert(batch.jobs.back().table);
    }
    if (!batch.jobs.empty() && out_) {
      std::fprintf(out_, "took over %zu game(s) whose run's lease ended:", batch.jobs.size());
      for (const LeagueJob& j : batch.jobs) std::fprintf(out_, " %s", j.round.c_str());
      std::fprintf(out_, "\n");
      std::fflush(out_);
    }
    const int free_tables = run_.concurrency - static_cast<int>(taken_tables.size());
    if (free_tables > 0 && room() > static_cast<int>(batch.jobs.size()))
      add_new_tables(batch, bots, free_tables);
    seat_batch(batch, bots, store_->name());
    return batch;
  }

  void add_new_tables(Batch& batch, const std::vector<LeagueBot>& bots, int free_tables) {
    const std::vector<std::vector<std::string>> in_play = tables_in_play();
    std::vector<std::vector<int>> candidates = version_tables(bots);  // versions first: they decide the SPRT
    for (auto& t : matchmaker_.next_tables(pool_of(bots, *game_, settings_),
                                           free_tables + static_cast<int>(in_play.size())))
      candidates.push_back(std::move(t));
    std::vector<std::string> names;
    for (const LeagueBot& b : bots) names.push_back(b.name);
    const std::vector<std::vector<int>> tables = without_in_play(candidates, names, in_play, free_tables);
    if (tables.empty()) return;
    std::vector<LeagueJob> jobs = table_jobs(*game_, bots, tables, settings_.seed, store_->next_batch());
    const int left = room() - static_cast<int>(batch.jobs.size());
    if (static_cast<int>(jobs.size()) > left)
      jobs.resize(static_cast<std::size_t>(left));  // no game past --games
    std::vector<std::string> texts;
    for (const LeagueJob& j : jobs) texts.push_back(encode_job(j));
    for (std::int64_t id : store_->claim(worker_, run_.lease, texts)) batch.claims.push_back(id);
    for (LeagueJob& j : jobs) batch.jobs.push_back(std::move(j));
  }

  // Every table in play by any run (its bots' names), a table once however many of its games.
  std::vector<std::vector<std::string>> tables_in_play() {
    std::map<std::string, std::vector<std::string>> tables;
    for (const LeagueClaim& c : store_->claims())
      if (!c.expired) {
        LeagueJob job = decode_job(c.job, store_->name());
        tables[job.table] = std::move(job.seats);
      }
    std::vector<std::vector<std::string>> out;
    for (auto& [table, seats] : tables) out.push_back(std::move(seats));
    return out;
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
    for (const VersionTest& t : version_tests(bots, summary_.version_games(), *sprt_)) {
      const int v = index(t.version), p = index(t.parent);
      if (v >= 0 && p >= 0 && !t.decided() && static_cast<int>(tables.size()) < run_.concurrency)
        tables.push_back({v, p});
    }
    return tables;
  }

  // Nothing to play now: too few bots (said once), or every table worth playing is another
  // run's; look again soon.
  void wait_for_tables(const std::vector<LeagueBot>& bots) {
    const long playing =
        std::count_if(bots.begin(), bots.end(), [](const LeagueBot& b) { return !b.retired; });
    if (!waiting_ && out_ && playing < game_->num_players())
      std::fprintf(out_, "league %s: %ld bot(s) can play, %d needed: waiting for arena league add\n",
                   run_.out.c_str(), playing, game_->num_players());
    waiting_ = true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }

  // A batch's games as tournaments/live_games.h names them.
  std::vector<LiveGames::Game> live_games(const Batch& batch) {
    std::vector<LiveGames::Game> games;
    for (const GameJob& job : batch.games) {
      // Named by the game's Round, unique in the league (workers sharing the folder never
      // clash), its dots made dashes: a live file's name is letters, digits and '-'.
      std::string name = "league-" + job.round;
      std::replace(name.begin(), name.end(), '.', '-');
      LiveGames::Game g{name, 0, game_->spec(), {}, job.round, job.seed};
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
    std::vector<bool> ended(batch.games.size(), false);
    runner.run(batch.games, [&](std::size_t i, const GameRecord& record) {
      live.finished(i, record.termination != Termination::kAborted);
      if (record.termination == Termination::kAborted) return;  // played again, by this run or another
      ended[i] = true;
      // One transaction: kept and released, or not at all.
      if (!store_->finish(batch.claims[i], worker_, format_pgn(record), game_tallies(record, bots_))) {
        if (out_)
          std::fprintf(out_, "game %s: not kept: another run took it over when this run's lease ended\n",
                       record.round.c_str());
        return;
      }
      ++result_.played;
      if (out_) {
        std::fprintf(out_, "%s\n", game_line(record).c_str());
        std::fflush(out_);  // a log file follows the league game by game
      }
    });
    signals_.attach(nullptr);
    // Aborted by a signal, or never started: any run may play them now, not after the lease.
    for (std::size_t i = 0; i < ended.size(); ++i)
      if (!ended[i]) store_->release(batch.claims[i], worker_);
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
  std::unique_ptr<LeagueStore> store_;
  std::optional<RunLock> lock_;
  std::string worker_ = this_worker();
  RunSettings settings_;
  std::unique_ptr<Game> game_;
  RunnerOptions options_;
  std::vector<LeagueBot> bots_;     // the league's bots as this batch read them
  LeagueSummary summary_;           // every game of the league this run has read, as sums
  LeagueMatchmaker matchmaker_;     // fed each of them once
  std::int64_t last_game_ = 0;      // the last one's id
  std::optional<SprtParams> sprt_;  // versions against their parents; none: not tested
  Clock::time_point deadline_;
  LeagueRun result_;
  bool waiting_ = false;
};

}  // namespace

LeagueRun run_league(const RunSettings& run, std::FILE* out) { return LeagueRunner(run, out).play(); }

}  // namespace arena

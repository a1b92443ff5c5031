// `arena league run`: tables from the matchmaking, played through the same runner as
// tournaments. One code path over both stores: every game is claimed in the store before it
// is played (a lease renewed while the run lives), and committed with the end of its claim
// in one transaction once it ends. Games whose lease ran out (their run died) are taken over
// and played again first. With SQLite one run plays at a time (the run lock); with
// PostgreSQL several runs, on several machines, share the league (docs/league.md).
//
// The store's commits wait for the disk, so nothing a game needs waits for them: one runner
// plays while this thread pairs the next round of tables (claimed in one transaction), and
// finished games are committed in groups by a thread of their own (league/game_committer.h).
// Pairing is one round ahead and no more: round r+1 is paired once every game of rounds up to
// r-1 is kept, from exactly those games (a game of round r that ended early waits for the
// next pairing), so a run alone at -j 1 plays the same games on every machine, however
// loaded. A runner knows its bots when it starts: a bot added meanwhile ends it (its games
// not started move to the next runner) and starts the next.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <unordered_map>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "league/claims.h"
#include "league/game_committer.h"
#include "league/league.h"
#include "league/league_bot_spec.h"
#include "league/league_games.h"
#include "league/league_summary.h"
#include "league/lease_keeper.h"
#include "league/matchmaking.h"
#include "league/run_lock.h"
#include "league/signal_stop.h"
#include "league/versions.h"
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

// Whether new tables may seat the bot: not once retired, nor while suspended because it
// could not start (docs/league.md, "A bot that cannot start").
bool pairable(const LeagueBot& b) { return !b.retired && b.suspended.empty(); }

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

LeaguePool pool_of(const std::vector<LeagueBot>& bots, const Game& game, const RunSettings& s) {
  LeaguePool pool;
  for (const LeagueBot& b : bots) {
    pool.names.push_back(b.name);
    pool.playing.push_back(pairable(b));
  }
  pool.seats = game.num_players();
  pool.games_per_table = match_set_size(game, pool.seats);
  pool.min_games = s.min_games;
  return pool;
}

// Every game of the set of `job`'s table ("B.T": batch B's table T, made by table_jobs): its
// Round tag and deal. A game of it taken over from a dead run tells which games of its deal
// were finished before (those its run no longer holds).
std::vector<LiveGames::Earlier> table_set(const Game& game, std::uint64_t seed, const LeagueJob& job) {
  std::vector<LiveGames::Earlier> out;
  const auto dot = job.table.find('.');
  if (dot == std::string::npos) return out;
  std::int64_t ordinal = 0, t = 0;
  try {
    ordinal = std::stoll(job.table.substr(0, dot));
    t = std::stoll(job.table.substr(dot + 1)) - 1;
  } catch (const std::exception&) {
    return out;  // not one of ours: nothing held for it
  }
  const int seats = static_cast<int>(job.seats.size());
  const std::uint64_t table_seed = derive_seed(seed, static_cast<std::uint64_t>(ordinal) * 1024 + t);
  for (const GameJob& g : match_seating(game, seats, match_set_size(game, seats), table_seed))
    out.push_back({job.table + "." + g.round, g.seed});
  return out;
}

// "game 3.1.2: v1 #1 greedy #2 (greedy: cannot start)": each seat's bot and rank, and the
// fault that ended the game, if one did (kLegend says so once).
std::string game_line(const GameRecord& r) {
  std::string line = "game " + r.round + ":";
  for (std::size_t s = 0; s < r.players.size(); ++s)
    line += " " + r.players[s] + (s < r.results.size() ? " #" + std::to_string(r.results[s].rank) : "");
  if (r.fault_seat >= 1 && r.fault_seat <= static_cast<int>(r.players.size()))
    line += " (" + r.players[static_cast<std::size_t>(r.fault_seat - 1)] + ": " +
            (r.termination == Termination::kStartFailure ? "cannot start" : termination_name(r.termination)) +
            ")";
  return line;
}

// What the table shows of why a bot was suspended: a record's start failure on one line,
// with the last line the bot wrote to its standard error (a Python error at import).
std::string suspension_reason(const std::string& detail) {
  const std::string first = detail.substr(0, detail.find('\n'));
  std::string reason = first.rfind("cannot start", 0) == 0 ? first : "cannot start: " + first;
  const std::string marker = "\n  stderr: ";
  if (const std::size_t last = detail.rfind(marker); last != std::string::npos)
    reason += " (its standard error ended: " + detail.substr(last + marker.size()) + ")";
  return reason;
}

constexpr const char* kLegend =
    "a line per game kept: game BATCH.TABLE.GAME, then each seat's bot with its rank in the game (#1 "
    "best, equal ranks a tie) and a fault in brackets";

// A game of this run: claimed, and given to the runner under a job index.
struct OwnGame {
  LeagueJob job;
  std::int64_t claim = 0;
  std::size_t live_key = 0;  // its key in LiveGames (the runner's index plus the runner's base)
  int round = 0;             // the pairing round that gave it to the runner
};

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
    LiveGames live(run_.out, {});  // the games in play, for `arena serve`
    GameCommitter committer(run_.out, worker_,
                            [this](const GameRecord& r, bool kept) { committed(r, kept); });
    live_ = &live;
    committer_ = &committer;
    if (out_) {
      std::fprintf(out_, "league %s: %s\n", run_.out.c_str(), kLegend);
      std::fflush(out_);  // before any line on stderr (a suspension's)
    }
    while (!done()) play_with_bots();
    committer.flush();
    suspend_unstartable();  // found by the run's last games, after the pairing's last look
    live_ = nullptr;
    committer_ = nullptr;
    result_.played = played_;
    result_.stopped = signals_.requested();
    result_.seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    if (out_)
      std::fprintf(
          out_, "league %s: %ld games kept in %.1f s; they waited %.3f s for the pairing (%.3f ms a game)\n",
          run_.out.c_str(), result_.played, result_.seconds, result_.waited,
          result_.played ? result_.waited * 1000 / static_cast<double>(result_.played) : 0.0);
    return result_;
  }

 private:
  bool done() const {
    return (run_.games > 0 && played_ >= run_.games) || Clock::now() >= deadline_ || signals_.requested() ||
           committer_->failed();
  }

  // Games left to this run (--games) beyond those it holds, at most `most`.
  int room(int most) const {
    return run_.games > 0 ? static_cast<int>(std::clamp<long>(run_.games - played_ - held_, 0, most)) : most;
  }
  int room() const { return room(std::numeric_limits<int>::max()); }
  // Tables a pairing round gives: about eight games per slot, so that the store's commits
  // and the next round's pairing (which wait for the disk) take less time than the round's
  // games, even of instant bots; at least a table per slot.
  int round_tables() const {
    const int per_table = match_set_size(*game_, game_->num_players());
    return std::max(run_.concurrency, (8 * run_.concurrency + per_table - 1) / per_table);
  }

  // The league so far, from its tallies (league/league_summary.h): no record is read.
  void read_summary() {
    summary_.add(store_->tallies(last_game_));
    matchmaker_.games(summary_.outcomes());
  }

  // The games finished by any run since this one last looked: the matchmaking sees them all,
  // but this run's games of its latest round only at the next pairing (see the top).
  void read_new_games(const std::vector<LeagueBot>& bots) {
    std::vector<GameRecord> now = std::exchange(deferred_, {});
    const std::vector<LeagueGame> fresh = store_->games(last_game_);
    if (!fresh.empty()) last_game_ = fresh.back().id;
    for (GameRecord& r : league_records(fresh, run_.out)) {
      const bool latest = latest_tables_.count(r.round.substr(0, r.round.rfind('.'))) > 0;
      (latest ? deferred_ : now).push_back(std::move(r));
    }
    for (const GameRecord& r : now) {
      summary_.add(game_tallies(r, bots));
      if (std::optional<RatedGame> g = rated_game_of(r)) matchmaker_.games({std::move(*g)});
    }
  }

  // One runner over the league's bots as they are now, fed until the run is done or a bot is
  // added (the next runner knows it).
  void play_with_bots() {
    era_bots_ = std::make_shared<const std::vector<LeagueBot>>(store_->bots());
    std::vector<BotSpec> specs;
    era_index_.clear();
    for (const LeagueBot& b : *era_bots_) {
      era_index_[b.name] = static_cast<int>(specs.size());
      specs.push_back(league_bot_spec(b));
    }
    RunnerOptions options = options_;
    const std::size_t base = key_base_ += std::size_t{1} << 40;  // live keys unique across runners
    options.live = [this, base](std::size_t job, const WatchedAction& a) { live_->action(base + job, a); };
    MatchRunner runner(specs, options);
    std::exception_ptr error;
    std::atomic<bool> over{false};
    std::thread player([&] {
      try {
        runner.run_open([this](std::size_t job, const GameRecord& r) { ended(job, r); });
      } catch (...) {
        error = std::current_exception();
      }
      over = true;
      wake_.notify_all();
    });
    signals_.attach(&runner);
    try {
      feed(runner, over);
      give_back_unstarted(runner);
    } catch (...) {  // the store failed: no game goes on
      runner.stop();
      runner.close();
      player.join();
      signals_.attach(nullptr);
      throw;
    }
    runner.close();
    player.join();
    signals_.attach(nullptr);
    result_.waited += std::chrono::duration<double>(runner.waited()).count();
    release_leftovers();
    if (error) std::rethrow_exception(error);
  }

  // Pairs ahead while the runner plays: a round once the rounds before the latest are kept;
  // between rounds a look at the bots at most every 20 ms (a game's end or commit wakes it),
  // for a bot retired or added.
  void feed(MatchRunner& runner, const std::atomic<bool>& over) {
    Clock::time_point looked{};
    while (!done() && !over) {
      bool idle = false;
      const bool may = may_pair();
      if (!may && older_rounds_ended()) committer_->hurry();  // the pairing waits for their commit
      const bool due = may && room() > 0;
      if (due || unstartable() || Clock::now() - looked >= std::chrono::milliseconds(20)) {
        looked = Clock::now();
        suspend_unstartable();
        bots_ = store_->bots();
        if (bots_.size() != era_bots_->size()) return;  // a bot was added: the next runner
        drop_unpairable_tables(runner);
        if (due && !plan_round(runner, idle)) return;
      }
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait_for(lock, std::chrono::milliseconds(idle ? 200 : 20));
    }
  }

  // Whether every game of the rounds before the latest has ended (kept or not yet).
  bool older_rounds_ended() {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::none_of(own_.begin(), own_.end(), [&](const auto& kv) { return kv.second.round < round_; });
  }

  // Whether every game of the rounds before the latest is kept (or given up).
  bool may_pair() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [round, games] : outstanding_)
      if (round < round_ && games > 0) return false;
    return true;
  }

  // One round of pairing; false when a game taken over seats a bot this runner does not know.
  // `idle`: nothing could be paired (too few bots, or every table worth playing is another
  // run's).
  bool plan_round(MatchRunner& runner, bool& idle) {
    read_new_games(bots_);
    std::vector<OwnGame> games = take_over();
    std::set<std::string> taken;
    for (const OwnGame& g : games) taken.insert(g.job.table);
    const int free_tables = round_tables() - static_cast<int>(taken.size());
    if (free_tables > 0 && room() > static_cast<int>(games.size())) add_new_tables(games, free_tables);
    for (OwnGame& g : std::exchange(carried_, {})) games.push_back(std::move(g));
    for (const OwnGame& g : games)
      for (const std::string& name : g.job.seats)
        if (!era_index_.count(name)) {  // a bot added since (by another worker's pairing)
          carried_ = std::move(games);
          return false;
        }
    idle = games.empty();
    if (idle) say_waiting();
    waiting_ = idle;
    if (idle) return true;
    ++round_;
    latest_tables_.clear();
    for (const OwnGame& g : games) latest_tables_.insert(g.job.table);
    give(runner, std::move(games));
    return true;
  }

  // The games whose lease ran out, now this run's.
  std::vector<OwnGame> take_over() {
    const int per_table = match_set_size(*game_, game_->num_players());
    std::vector<OwnGame> out;
    for (const LeagueClaim& c : store_->take_expired(worker_, run_.lease, room(round_tables() * per_table)))
      out.push_back({decode_job(c.job, store_->name()), c.id});
    held_ += static_cast<long>(out.size());
    if (!out.empty() && out_) {
      std::fprintf(out_, "took over %zu game(s) whose run's lease ended:", out.size());
      for (const OwnGame& g : out) std::fprintf(out_, " %s", g.job.round.c_str());
      std::fprintf(out_, "\n");
      std::fflush(out_);
    }
    if (!out.empty()) drop_unstarted_of_retired(out);
    // The games of their sets finished before stay held back from `arena serve` until the
    // rest is played (tournaments/live_games.h).
    std::set<std::string> tables;
    std::set<std::string> rounds;
    for (const OwnGame& g : out) rounds.insert(g.job.round);
    for (const OwnGame& g : out) {
      if (!tables.insert(g.job.table).second) continue;
      std::vector<LiveGames::Earlier> before;
      for (LiveGames::Earlier& e : table_set(*game_, settings_.seed, g.job))
        if (!rounds.count(e.round)) before.push_back(std::move(e));
      live_->add_earlier(std::move(before));
    }
    return out;
  }

  // Games taken over from a table that seats a retired (or suspended) bot and none of whose
  // games was kept (a game cut by a kill starts again from its first move: as good as never
  // started) are not played: such a bot gets no new set. A set begun is played whole.
  void drop_unstarted_of_retired(std::vector<OwnGame>& games) {
    std::map<std::string, const char*> retired;  // or suspended: which
    for (const LeagueBot& b : bots_)
      if (!pairable(b)) retired.emplace(b.name, b.retired ? "retired" : "suspended");
    if (retired.empty()) return;
    std::map<std::string, int> claimed;  // per table, its games in play by any run
    for (const LeagueClaim& c : store_->claims()) ++claimed[decode_job(c.job, store_->name()).table];
    std::vector<OwnGame> kept;
    for (OwnGame& g : games) {
      const auto seat = std::find_if(g.job.seats.begin(), g.job.seats.end(),
                                     [&](const std::string& s) { return retired.count(s) > 0; });
      const bool begun =
          claimed[g.job.table] < static_cast<int>(table_set(*game_, settings_.seed, g.job).size());
      if (seat == g.job.seats.end() || begun) {
        kept.push_back(std::move(g));
        continue;
      }
      store_->drop(g.claim, worker_);
      --held_;
      if (out_)
        std::fprintf(out_, "game %s: not played: its table seats a %s bot\n", g.job.round.c_str(),
                     retired.at(*seat));
    }
    games = std::move(kept);
  }

  void add_new_tables(std::vector<OwnGame>& games, int free_tables) {
    const std::vector<std::vector<std::string>> in_play = tables_in_play();
    std::vector<std::vector<int>> candidates = version_tables(bots_);  // versions first: they decide the SPRT
    for (auto& t : matchmaker_.next_tables(pool_of(bots_, *game_, settings_),
                                           free_tables + static_cast<int>(in_play.size())))
      candidates.push_back(std::move(t));
    std::vector<std::string> names;
    for (const LeagueBot& b : bots_) names.push_back(b.name);
    const std::vector<std::vector<int>> tables = without_in_play(candidates, names, in_play, free_tables);
    if (tables.empty()) return;
    const int left = room() - static_cast<int>(games.size());
    std::vector<LeagueJob> jobs;
    const std::vector<std::int64_t> claims = store_->claim(worker_, run_.lease, [&](std::int64_t batch) {
      jobs = table_jobs(*game_, bots_, tables, settings_.seed, batch);
      if (static_cast<int>(jobs.size()) > left)
        jobs.resize(static_cast<std::size_t>(left));  // no game past --games
      std::vector<std::string> texts;
      for (const LeagueJob& j : jobs) texts.push_back(encode_job(j));
      return texts;
    });
    held_ += static_cast<long>(claims.size());
    for (std::size_t i = 0; i < jobs.size(); ++i) games.push_back({std::move(jobs[i]), claims[i]});
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

  // Tables for every version still being tested against its parent, both playing (at most
  // one per game slot, and as many of a round as a slot's share of it): these games decide
  // the SPRT, so they come first.
  std::vector<std::vector<int>> version_tables(const std::vector<LeagueBot>& bots) const {
    const std::size_t share = static_cast<std::size_t>(round_tables() / run_.concurrency);
    std::vector<std::vector<int>> tables;
    if (!sprt_ || game_->num_players() != 2) return tables;
    auto index = [&](const std::string& name) {
      for (std::size_t i = 0; i < bots.size(); ++i)
        if (bots[i].name == name && pairable(bots[i])) return static_cast<int>(i);
      return -1;
    };
    for (const VersionTest& t : version_tests(bots, summary_.version_games(), *sprt_)) {
      const int v = index(t.version), p = index(t.parent);
      if (v >= 0 && p >= 0 && !t.decided() && static_cast<int>(tables.size()) < run_.concurrency)
        tables.push_back({v, p});
    }
    std::vector<std::vector<int>> out;
    for (const std::vector<int>& t : tables) out.insert(out.end(), share, t);
    return out;
  }

  // Too few bots to pair: said once.
  void say_waiting() const {
    const long playing = std::count_if(bots_.begin(), bots_.end(), pairable);
    const bool suspended =
        std::any_of(bots_.begin(), bots_.end(), [](const LeagueBot& b) { return !b.suspended.empty(); });
    if (!waiting_ && out_ && playing < game_->num_players())
      std::fprintf(out_, "league %s: %ld bot(s) can play, %d needed: waiting for arena league add%s\n",
                   run_.out.c_str(), playing, game_->num_players(), suspended ? " or resume" : "");
  }

  // The runner and the live files get `games`, a table's games together.
  void give(MatchRunner& runner, std::vector<OwnGame> games) {
    for (OwnGame& g : games) {
      GameJob job{g.job.spec, {}, g.job.seed, g.job.round, g.job.opening};
      for (const std::string& name : g.job.seats) job.seats.push_back(era_index_.at(name));
      // Named by the game's Round, unique in the league (workers sharing the folder never
      // clash), its dots made dashes: a live file's name is letters, digits and '-'.
      std::string name = "league-" + g.job.round;
      std::replace(name.begin(), name.end(), '.', '-');
      std::lock_guard<std::mutex> lock(mutex_);  // ended() may run at once
      const std::size_t index = runner.add(std::move(job));
      g.live_key = key_base_ + index;
      g.round = round_;
      round_of_[g.job.round] = round_;
      ++outstanding_[round_];
      live_->add(g.live_key, {name, 0, game_->spec(), g.job.seats, g.job.round, g.job.seed});
      tables_[g.job.table].push_back(index);
      own_.emplace(index, std::move(g));
    }
  }

  // A runner's game ended (on its loop thread): its record to the commit thread.
  void ended(std::size_t index, const GameRecord& record) {
    OwnGame g;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      const auto it = own_.find(index);
      if (it == own_.end()) return;
      g = std::move(it->second);
      own_.erase(it);
      std::vector<std::size_t>& table = tables_[g.job.table];
      table.erase(std::remove(table.begin(), table.end(), index), table.end());
      if (table.empty()) tables_.erase(g.job.table);
    }
    const bool played = record.termination != Termination::kAborted;
    if (record.termination == Termination::kStartFailure) cannot_start(record);
    live_->finished(g.live_key, played);
    if (played) {
      committer_->finished(g.claim, record, era_bots_);
    } else {  // played again, by this run or another
      committer_->released(g.claim);
      resolved(g.job.round);
    }
    wake_.notify_all();
  }

  // A bot of `record` could not start (on a loop thread): the pairing thread suspends it at
  // once (suspend_unstartable), woken by the game's end.
  void cannot_start(const GameRecord& record) {
    if (record.fault_seat < 1 || record.fault_seat > static_cast<int>(record.players.size())) return;
    std::lock_guard<std::mutex> lock(mutex_);
    unstartable_.emplace(record.players[static_cast<std::size_t>(record.fault_seat - 1)],
                         suspension_reason(record.termination_detail));
  }

  bool unstartable() {
    std::lock_guard<std::mutex> lock(mutex_);
    return !unstartable_.empty();
  }

  // Suspends in the store every bot found unable to start since the last look, and says so
  // loudly, once per suspension (another worker may have been first). The next look at the
  // bots drops their tables not begun.
  void suspend_unstartable() {
    std::map<std::string, std::string> found;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      found.swap(unstartable_);
    }
    for (const auto& [name, reason] : found)
      if (store_->suspend_bot(name, reason))
        std::fprintf(
            stderr,
            "league %s: SUSPENDED %s: %s\n  no new table seats it; once it starts again: arena league "
            "resume %s %s\n",
            run_.out.c_str(), name.c_str(), reason.c_str(), run_.out.c_str(), name.c_str());
  }

  // A game of this run kept, dropped or given back: it no longer holds up the next pairing.
  void resolved(const std::string& round) {
    --held_;
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = round_of_.find(round);
    if (it == round_of_.end()) return;
    if (--outstanding_[it->second] == 0) outstanding_.erase(it->second);
    round_of_.erase(it);
  }

  // On the commit thread, a game's group committed.
  void committed(const GameRecord& record, bool kept) {
    if (kept) ++played_;  // before the claim is let go: --games never sees room for one more
    resolved(record.round);
    wake_.notify_all();
    if (!kept) {
      if (out_)
        std::fprintf(out_, "game %s: not kept: another run took it over when this run's lease ended\n",
                     record.round.c_str());
      return;
    }
    if (out_) {
      std::fprintf(out_, "%s\n", game_line(record).c_str());
      std::fflush(out_);  // a log file follows the league game by game
    }
  }

  // Takes back the tables not started yet that `keep` says no to, whole (a set is never
  // cut); returns their games, forgotten by the live files.
  template <class Keep>
  std::vector<OwnGame> take_back(MatchRunner& runner, const Keep& keep) {
    std::vector<OwnGame> out;
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = tables_.begin(); it != tables_.end();) {
      if (keep(own_.at(it->second.front()).job) || !runner.withdraw(it->second)) {
        ++it;
        continue;
      }
      for (std::size_t index : it->second) {
        live_->forget(own_.at(index).live_key);
        out.push_back(std::move(own_.at(index)));
        own_.erase(index);
      }
      it = tables_.erase(it);
    }
    return out;
  }

  // A table paired before one of its bots retired or was suspended and not started yet is
  // not played (once started, a set is played whole: docs/league.md).
  void drop_unpairable_tables(MatchRunner& runner) {
    std::set<std::string> retired;  // or suspended
    for (const LeagueBot& b : bots_)
      if (!pairable(b)) retired.insert(b.name);
    if (retired.empty()) return;
    for (const OwnGame& g : take_back(runner, [&](const LeagueJob& job) {
           return std::none_of(job.seats.begin(), job.seats.end(),
                               [&](const std::string& s) { return retired.count(s) > 0; });
         })) {
      store_->drop(g.claim, worker_);
      resolved(g.job.round);
    }
  }

  // The runner ends: its games not started go to the next runner (a bot was added), or back
  // to the store for any run to play (this run is done). Carried games hold up no pairing:
  // the next runner's first round gives them again.
  void give_back_unstarted(MatchRunner& runner) {
    std::vector<OwnGame> games = take_back(runner, [](const LeagueJob&) { return false; });
    if (done()) return release(games);
    std::lock_guard<std::mutex> lock(mutex_);
    for (OwnGame& g : games) {
      if (const auto it = round_of_.find(g.job.round); it != round_of_.end()) {
        if (--outstanding_[it->second] == 0) outstanding_.erase(it->second);
        round_of_.erase(it);
      }
      carried_.push_back(std::move(g));
    }
  }

  // Games left to no runner (a stopped runner never starts its queue): any run may play them.
  void release(const std::vector<OwnGame>& games) {
    for (const OwnGame& g : games) {
      store_->release(g.claim, worker_);
      resolved(g.job.round);
    }
  }

  // After a runner returned: what it never started, given back.
  void release_leftovers() {
    std::vector<OwnGame> left;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto& [index, g] : own_) {
        live_->forget(g.live_key);
        left.push_back(std::move(g));
      }
      own_.clear();
      tables_.clear();
    }
    release(left);
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
  std::vector<LeagueBot> bots_;                             // the league's bots as the last round read them
  std::shared_ptr<const std::vector<LeagueBot>> era_bots_;  // the runner's (by index)
  std::map<std::string, int> era_index_;                    // its bots by name
  LiveGames* live_ = nullptr;
  GameCommitter* committer_ = nullptr;
  std::size_t key_base_ = 0;
  std::mutex mutex_;  // own_ and tables_: this thread pairs, the loops end games
  std::condition_variable wake_;
  std::unordered_map<std::size_t, OwnGame> own_;            // by runner index: given, not ended
  std::map<std::string, std::vector<std::size_t>> tables_;  // their runner indices by table
  std::vector<OwnGame> carried_;                            // taken back from the last runner, for the next
  int round_ = 0;                                           // the latest pairing round given
  std::map<int, int> outstanding_;                          // per round, its games not yet resolved
  std::unordered_map<std::string, int> round_of_;           // their rounds by Round tag
  std::set<std::string> latest_tables_;                     // the latest round's tables
  std::vector<GameRecord> deferred_;                        // its games read before the next pairing
  std::map<std::string, std::string> unstartable_;          // bots that could not start, to suspend
  std::atomic<long> played_{0};                             // kept by this run
  std::atomic<long> held_{0};       // claimed by this run and not yet kept, dropped or released
  LeagueSummary summary_;           // every game of the league this run has read, as sums
  LeagueMatchmaker matchmaker_;     // fed each of them once
  std::int64_t last_game_ = 0;      // the last one's id
  std::optional<SprtParams> sprt_;  // versions against their parents; none: not tested
  Clock::time_point deadline_;
  Clock::time_point started_ = Clock::now();
  LeagueRun result_;
  bool waiting_ = false;
};

}  // namespace

LeagueRun run_league(const RunSettings& run, std::FILE* out) { return LeagueRunner(run, out).play(); }

}  // namespace arena

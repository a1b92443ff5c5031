// `arena league run`: tables from the matchmaking, played through the same runner as
// tournaments. One code path over both stores: every game is claimed in the store before it
// is played (a lease renewed while the run lives), and committed with the end of its claim
// in one transaction once it ends. Games whose lease ran out (their run died) are taken over
// and played again first. With SQLite one run plays at a time (the run lock); with
// PostgreSQL several runs, on several machines, share the league (docs/league.md).
//
// What to play, claim, drop and suspend is decided by league/league_book.h, plain code that
// knows no store and no runner; this file is the threads and the I/O around it. The store's
// commits wait for the disk, so nothing a game needs waits for them: one runner plays while
// this thread pairs the next wave of tables (claimed in one transaction), and finished games
// are committed in groups by a thread of their own (tournaments/commit_thread.h). The
// runner's loops and the commit thread only post what happened to this thread, which alone
// keeps the book. A runner knows its bots when it starts (its lineup): a bot added meanwhile
// ends it (its games not started move to the next runner) and starts the next.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/core/registry.h"
#include "league/claims.h"
#include "league/league.h"
#include "league/league_book.h"
#include "league/league_bot_spec.h"
#include "league/league_desk.h"
#include "league/league_output.h"
#include "league/league_summary.h"
#include "league/lease_keeper.h"
#include "league/run_lock.h"
#include "league/signal_stop.h"
#include "referee/match_runner.h"
#include "store/league_store.h"
#include "tournaments/commit_thread.h"
#include "tournaments/config.h"
#include "tournaments/live_games.h"
#include "tournaments/runner_setup.h"

namespace arena {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// What the runner's loops and the commit thread tell the pairing thread.
struct RunEvent {
  enum class Kind { kEnded, kCommitted } kind;
  std::size_t index = 0;  // kEnded: the runner's index of the game
  GameRecord record;      // kEnded: the whole record; kCommitted: its Round tag is enough
  bool kept = false;      // kCommitted
};

// The league's settings, its tallies made current first (a league of an older Arena).
RunSettings league_settings(LeagueStore& store, const std::string& dir) {
  ensure_tallied(store, dir);
  return parse_config(store.settings_json(), store.name() + " settings", RunCommand::kLeagueNew);
}

// SQLite: one run at a time; a shared store's runs share it.
std::optional<RunLock> run_lock(const LeagueStore& store, const std::string& dir) {
  if (store.shared()) return std::nullopt;
  return std::optional<RunLock>(std::in_place, dir);
}

LeagueBookSettings book_settings(const RunSettings& league, const RunSettings& run,
                                 const std::string& where) {
  LeagueBookSettings s;
  s.seed = league.seed;
  s.concurrency = run.concurrency;
  s.games = run.games;
  s.min_games = league.min_games;
  if (!league.sprt.empty()) s.sprt = parse_sprt(league.sprt, "sprt");
  s.where = where;
  return s;
}

class LeagueRunner {
 public:
  LeagueRunner(const RunSettings& run, std::FILE* out)
      : signals_(),
        run_(run),
        out_(console_league_output(out, stderr, run.out, run.quiet)),
        store_(open_league_store(run.out)),
        lock_(run_lock(*store_, run.out)),
        settings_(league_settings(*store_, run.out)),
        game_(make_game(settings_.game)),
        book_(*game_, book_settings(settings_, run, store_->name())),
        desk_(*store_, book_, *out_, worker_, run.lease) {
    options_ = runner_options(settings_, RunCommand::kLeagueNew);
    options_.concurrency = run.concurrency;
    options_.log_dir = (fs::path(run.out) / "logs").string();
    // Workers of a shared store may share DIR/logs/: each writes to a folder of its own.
    if (store_->shared()) options_.log_dir += "/" + worker_log_folder(worker_);
    options_.sandbox_hidden = {fs::absolute(run.out).string()};
    options_.event = "Arena league";
    options_.check_bots_first = false;  // a bot that cannot start loses its games; the league goes on
    options_.stop_on_signals = false;   // signals_ hears them for the whole run
    deadline_ = run.hours > 0 ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(run.hours * 3600))
                              : Clock::time_point::max();
  }

  LeagueRun play() {
    // The lock proves no other run lives: the games a killed run had in play go at once.
    if (!store_->shared()) store_->expire_claims();
    LeaseKeeper keeper(run_.out, worker_, run_.lease, *out_);
    desk_.read_tallies();
    LiveGames live(run_.out, {});  // the games in play, for `arena serve`
    GroupCommit<ClaimEnd> committer([this](std::vector<ClaimEnd>& group) { commit(group); });
    live_ = &live;
    committer_ = &committer;
    out_->started();
    while (!done()) play_lineup();
    committer.flush();
    drain();
    desk_.suspend_unstartable();  // found by the run's last games, after the pairing's last look
    live_ = nullptr;
    committer_ = nullptr;
    LeagueRun result;
    result.played = book_.played();
    result.stopped = signals_.requested();
    result.seconds = std::chrono::duration<double>(Clock::now() - started_).count();
    result.waited = waited_;
    out_->finished(result);
    return result;
  }

 private:
  bool done() const {
    return book_.quota_met() || Clock::now() >= deadline_ || signals_.requested() || committer_->failed();
  }

  // On the commit thread, with a connection of its own (made there): keeps each game with its
  // claim's end, gives the other claims back, and tells the pairing thread.
  void commit(std::vector<ClaimEnd>& group) {
    if (!commit_store_) commit_store_ = open_league_store(run_.out);
    const std::vector<bool> kept = keep_games(*commit_store_, worker_, group);
    std::size_t i = 0;
    for (ClaimEnd& c : group) {
      if (!c.record) continue;
      if (kept[i]) out_->kept(*c.record);
      post({RunEvent::Kind::kCommitted, 0, std::move(*c.record), kept[i++]});
    }
  }

  void post(RunEvent event) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      inbox_.push_back(std::move(event));
    }
    wake_.notify_all();
  }

  // The events posted since the last look, into the book (and on to the commit thread).
  void drain() {
    std::deque<RunEvent> events;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      events.swap(inbox_);
    }
    for (RunEvent& e : events) {
      if (e.kind == RunEvent::Kind::kCommitted) {
        book_.committed(e.record.round, e.kept);
        if (!e.kept) out_->not_kept(e.record.round);
        continue;
      }
      const std::optional<LeagueBook::Ending> end = book_.ended(e.index, e.record);
      if (!end) continue;
      if (end->keep)
        committer_->hand_in({end->claim, std::move(e.record), book_.lineup()});
      else  // played again, by this run or another
        committer_->hand_in({end->claim, std::nullopt, nullptr});
    }
  }

  // Waits until woken (a game's end or commit, the runner's end) or `most` has passed.
  void wait(std::chrono::milliseconds most) {
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait_for(lock, most, [this] { return !inbox_.empty() || runner_over_; });
  }

  // One runner over the league's bots as they are now, fed until the run is done or a bot is
  // added (the next runner knows it).
  void play_lineup() {
    std::vector<BotSpec> specs;
    for (const LeagueBot& b : *book_.start_lineup(store_->bots())) specs.push_back(league_bot_spec(b));
    RunnerOptions options = options_;
    key_base_ += std::size_t{1} << 40;  // live keys unique across runners
    options.live = [this, base = key_base_](std::size_t job, const WatchedAction& a) {
      live_->action(base + job, a);
    };
    MatchRunner runner(specs, options);
    std::exception_ptr error;
    runner_over_ = false;
    std::thread player([&, base = key_base_] {
      try {
        runner.run_open([&](std::size_t job, const GameRecord& r) {
          live_->finished(base + job, r.termination != Termination::kAborted);
          post({RunEvent::Kind::kEnded, job, r, false});
        });
      } catch (...) {
        error = std::current_exception();
      }
      {
        std::lock_guard<std::mutex> lock(mutex_);
        runner_over_ = true;
      }
      wake_.notify_all();
    });
    signals_.attach(&runner);
    try {
      pair_while_playing(runner);
      const bool finished = done();
      desk_.release(book_.runner_ending(withdraw(runner), finished));
      runner.close();
      while (!over()) {  // the games in play end: their commits go on meanwhile
        drain();
        wait(std::chrono::milliseconds(20));
      }
    } catch (...) {  // the store failed: no game goes on
      runner.stop();
      runner.close();
      player.join();
      signals_.attach(nullptr);
      throw;
    }
    player.join();
    signals_.attach(nullptr);
    drain();
    waited_ += std::chrono::duration<double>(runner.waited()).count();
    const std::vector<GivenGame> left = book_.leftovers();
    for (const GivenGame& g : left) live_->forget(key_base_ + g.index);
    desk_.release(left);
    if (error) std::rethrow_exception(error);
  }

  bool over() {
    std::lock_guard<std::mutex> lock(mutex_);
    return runner_over_;
  }

  // Takes games back from the runner, and from the live files.
  LeagueBook::Withdraw withdraw(MatchRunner& runner) {
    return [this, &runner](const std::vector<std::size_t>& indices) {
      if (!runner.withdraw(indices)) return false;
      for (std::size_t index : indices) live_->forget(key_base_ + index);
      return true;
    };
  }

  // Pairs ahead while the runner plays: a wave once the waves before the latest are
  // resolved; between waves a look at the bots at most every 20 ms (a game's end or commit
  // wakes it), for a bot retired or added.
  void pair_while_playing(MatchRunner& runner) {
    Clock::time_point looked{};
    while (!done() && !over()) {
      drain();
      bool idle = false;
      const bool may = book_.may_pair();
      if (!may && book_.older_waves_ended()) committer_->hurry();  // the pairing waits for their commit
      const bool due = may && book_.games_left() > 0;
      if (due || book_.suspensions_due() || Clock::now() - looked >= std::chrono::milliseconds(20)) {
        looked = Clock::now();
        desk_.suspend_unstartable();
        if (!desk_.read_bots()) return;  // a bot was added: the next runner
        desk_.drop_unpairable(withdraw(runner));
        if (due && !pair_wave(runner, idle)) return;
      }
      wait(std::chrono::milliseconds(idle ? 200 : 20));
    }
  }

  // One wave; false when a game taken over seats a bot this runner does not know. `idle`:
  // nothing could be paired (too few bots, or every table worth playing is another run's).
  bool pair_wave(MatchRunner& runner, bool& idle) {
    LeagueDesk::Paired paired = desk_.pair_wave();
    if (paired.wave.new_lineup) return false;
    // The games of the sets of games taken over that were finished before stay held back
    // from `arena serve` until the rest is played (tournaments/live_games.h).
    if (!paired.held_back.empty()) live_->add_earlier(std::move(paired.held_back));
    idle = paired.wave.games.empty();
    for (OwnGame& g : paired.wave.games) give(runner, std::move(g));
    return true;
  }

  // The runner and the live files get game `g` (a table's games come together).
  void give(MatchRunner& runner, OwnGame g) {
    GameJob job{g.job.spec, book_.seat_indices(g.job), g.job.seed, g.job.game_id, g.job.opening};
    // Named by the game's id, unique in the league (workers sharing the folder never
    // clash), its dots made dashes: a live file's name is letters, digits and '-'.
    std::string name = "league-" + g.job.game_id;
    std::replace(name.begin(), name.end(), '.', '-');
    const std::size_t index = runner.add(std::move(job));
    live_->add(key_base_ + index, {name, 0, game_->spec(), g.job.seats, g.job.game_id, g.job.seed});
    book_.given(index, std::move(g));
  }

  SignalStop signals_;  // first: before any thread starts
  RunSettings run_;
  std::unique_ptr<LeagueOutput> out_;
  std::unique_ptr<LeagueStore> store_;
  std::optional<RunLock> lock_;  // SQLite: one run at a time
  RunSettings settings_;         // the league's
  std::unique_ptr<Game> game_;
  std::string worker_ = this_worker();
  LeagueBook book_;  // kept by this thread alone
  LeagueDesk desk_;  // likewise
  RunnerOptions options_;
  LiveGames* live_ = nullptr;
  GroupCommit<ClaimEnd>* committer_ = nullptr;
  std::size_t key_base_ = 0;                   // the current runner's live keys: key_base_ + its index
  std::unique_ptr<LeagueStore> commit_store_;  // the commit thread's connection
  std::mutex mutex_;  // inbox_ (the loops and the commit thread post, this thread drains) and runner_over_
  std::condition_variable wake_;
  std::deque<RunEvent> inbox_;
  bool runner_over_ = false;  // the current runner's run_open() returned
  double waited_ = 0;         // seconds the games waited for the pairing, in all runners
  Clock::time_point deadline_;
  Clock::time_point started_ = Clock::now();
};

}  // namespace

LeagueRun run_league(const RunSettings& run, std::FILE* out) { return LeagueRunner(run, out).play(); }

}  // namespace arena

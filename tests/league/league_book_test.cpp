// The league run's decisions (league/league_book.h) and its store's side (league/league_desk.h)
// without a process: an in-memory SQLite store, runs played by hand. A run here pairs a wave,
// is given its games as a runner would number them, ends them with records it makes up and
// commits them as the commit thread would; a killed run is one that stops calling. And the
// run's lease keeper (league/lease_keeper.h), whose failures the run's output tells.
#include "league/league_book.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "league/league_desk.h"
#include "league/league_output.h"
#include "league/lease_keeper.h"
#include "league/table_id.h"
#include "store/sqlite_league_store.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace league_book_test {

namespace {

using namespace arena;

// What a run said, one string per event.
struct RecordedOutput : LeagueOutput {
  std::vector<std::string> said;
  void started() override { said.push_back("started"); }
  void kept(const GameRecord& r) override { said.push_back("kept " + r.round); }
  void not_kept(const std::string& game_id) override { said.push_back("not kept " + game_id); }
  void took_over(const std::vector<std::string>& game_ids) override {
    said.push_back("took over " + std::to_string(game_ids.size()));
  }
  void not_played(const std::string& game_id, const std::string& why) override {
    said.push_back("not played " + game_id + " " + why);
  }
  void waiting(long playing, int needed, bool some_suspended) override {
    said.push_back("waiting " + std::to_string(playing) + "/" + std::to_string(needed) +
                   (some_suspended ? " suspended" : ""));
  }
  void leases_not_renewed(const std::string& why) override { said.push_back("leases not renewed: " + why); }
  void suspended(const std::string& bot, const std::string& reason) override {
    said.push_back("suspended " + bot + ": " + reason);
  }
  void finished(const LeagueRun&) override { said.push_back("finished"); }
  long count(const std::string& prefix) const {
    return std::count_if(said.begin(), said.end(),
                         [&](const std::string& s) { return s.rfind(prefix, 0) == 0; });
  }
};

std::unique_ptr<LeagueStore> memory_store(const std::vector<std::string>& bots) {
  auto store = create_sqlite_league_store(":memory:", "{}");
  for (const std::string& b : bots) store->add_bot({b, "./" + b, "/tmp", "", "", false, ""});
  return store;
}

// A finished game of `job`: seat 1 wins, or `why` ended it with seat `fault` at fault.
GameRecord record_of(const Game& game, const LeagueJob& job, Termination why = Termination::kNormal,
                     int fault = 0, const std::string& detail = "") {
  GameRecord r;
  r.round = job.game_id;
  r.spec = game.spec();
  r.seed = job.seed;
  r.players = job.seats;
  r.termination = why;
  r.fault_seat = fault;
  r.termination_detail = detail;
  if (why != Termination::kAborted)
    for (std::size_t s = 0; s < job.seats.size(); ++s)
      r.results.push_back({static_cast<int>(s) + 1, s == 0 ? 1.0 : 0.0, static_cast<int>(s)});
  return r;
}

// One `arena league run`, by hand: the book and the desk of league_run.cpp, a runner that
// only numbers the games it is given, and the commit thread's keep_games called at once.
class HandRun {
 public:
  HandRun(LeagueStore& store, const Game& game, const std::string& worker, long games = 0,
          int concurrency = 1)
      : store_(store),
        game_(game),
        worker_(worker),
        book_(game, settings(games, concurrency)),
        desk_(store, book_, out, worker, 60) {
    desk_.read_tallies();
    book_.start_lineup(store.bots());
  }

  // Pairs a wave (a fresh look at the bots first, as the run does); the games given.
  std::vector<std::size_t> pair() {
    desk_.suspend_unstartable();
    lineup_ok = desk_.read_bots();
    if (!lineup_ok) return {};  // a bot was added: the run ends this runner
    desk_.drop_unpairable(withdraw_all());
    LeagueDesk::Paired p = desk_.pair_wave();
    held_back = p.held_back;
    new_lineup = p.wave.new_lineup;
    std::vector<std::size_t> given;
    for (OwnGame& g : p.wave.games) {
      queued_.emplace(next_, g.job);
      given.push_back(next_);
      book_.given(next_++, std::move(g));
    }
    return given;
  }

  // The runner ends game `index` with `record`; a game to keep is committed at once.
  void end(std::size_t index, const GameRecord& record) {
    queued_.erase(index);
    const std::optional<LeagueBook::Ending> e = book_.ended(index, record);
    REQUIRE(e.has_value());
    if (!e->keep) {
      keep_games(store_, worker_, {{e->claim, std::nullopt, nullptr}});
      return;
    }
    pending_.push_back({e->claim, record, book_.lineup()});
  }
  void end(std::size_t index) { end(index, record_of(game_, job(index))); }
  // The commit thread's group: kept or not, each game told to the book.
  void commit() {
    const std::vector<bool> kept = keep_games(store_, worker_, pending_);
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      if (kept[i]) out.kept(*pending_[i].record);
      if (!kept[i]) out.not_kept(pending_[i].record->round);
      book_.committed(pending_[i].record->round, kept[i]);
    }
    pending_.clear();
  }
  void play(const std::vector<std::size_t>& indices) {
    for (std::size_t i : indices) end(i);
    commit();
  }

  const LeagueJob& job(std::size_t index) const { return queued_.at(index); }
  LeagueBook& book() { return book_; }
  LeagueDesk& desk() { return desk_; }
  // A runner whose queue was never started: every table comes back.
  LeagueBook::Withdraw withdraw_all() {
    return [this](const std::vector<std::size_t>& indices) {
      for (std::size_t i : indices) queued_.erase(i);
      return true;
    };
  }
  std::size_t next_index() const { return next_; }

  RecordedOutput out;
  std::vector<LiveGames::Earlier> held_back;
  bool lineup_ok = true, new_lineup = false;

 private:
  static LeagueBookSettings settings(long games, int concurrency) {
    LeagueBookSettings s;
    s.seed = 42;
    s.games = games;
    s.concurrency = concurrency;
    s.min_games = 4;
    s.where = "the test's store";
    return s;
  }

  LeagueStore& store_;
  const Game& game_;
  std::string worker_;
  LeagueBook book_;
  LeagueDesk desk_;
  std::map<std::size_t, LeagueJob> queued_;
  std::vector<ClaimEnd> pending_;
  std::size_t next_ = 0;
};

std::set<std::string> tables_of(HandRun& run, const std::vector<std::size_t>& indices) {
  std::set<std::string> out;
  for (std::size_t i : indices) out.insert(run.job(i).table);
  return out;
}

}  // namespace

TEST_CASE("league book: table names, their seeds and their games' Round tags", "[league][book]") {
  const TableId id{12, 3};
  CHECK(id.text() == "12.3");
  REQUIRE(TableId::parse("12.3"));
  CHECK(TableId::parse("12.3")->batch == 12);
  CHECK(TableId::parse("12.3")->number == 3);
  for (const char* bad : {"12", "x.3", "12.0", "12.3.1", "12.", ".3"}) CHECK_FALSE(TableId::parse(bad));
  CHECK(id.seed(42) == derive_seed(42, 12 * 1024 + 2));
  CHECK(TableId{12, 4}.seed(42) != id.seed(42));
  CHECK(table_of_game("12.3.2") == "12.3");

  const auto game = make_game("clump:size=6");
  const std::vector<LeagueJob> games = table_games(*game, id, {"a", "b"}, 42);
  REQUIRE(games.size() == 2);  // a set: both seat orders
  CHECK(games[0].table == "12.3");
  CHECK(games[0].game_id == "12.3.1");
  CHECK(games[1].game_id == "12.3.2");
  CHECK(games[0].seats == std::vector<std::string>{"a", "b"});
  CHECK(games[1].seats == std::vector<std::string>{"b", "a"});
  CHECK(table_games(*game, id, {"a", "b"}, 42)[1].seed == games[1].seed);  // every worker draws the same
  const auto set = table_set(*game, games[1], 42);
  REQUIRE(set.size() == 2);
  CHECK((set[0].round == "12.3.1" && set[0].seed == games[0].seed));
  LeagueJob imported;  // a table not named by table_games
  imported.table = "imported";
  imported.seats = {"a", "b"};
  CHECK(table_set(*game, imported, 42).empty());
}

TEST_CASE("league book: the next wave waits for the waves before the latest, and --games caps the claims",
          "[league][book]") {
  const auto game = make_game("clump:size=6");
  auto store = memory_store({"a", "b", "c"});
  HandRun run(*store, *game, "w1");
  const std::vector<std::size_t> first = run.pair();
  CHECK(first.size() == 8);  // four tables of two games: about eight games a slot
  CHECK(tables_of(run, first).size() == 4);
  CHECK(run.book().open_claims() == 8);
  CHECK(store->claims().size() == 8);
  REQUIRE(run.book().may_pair());  // one wave ahead: the first is the latest
  const std::vector<std::size_t> second = run.pair();
  CHECK(second.size() == 8);
  CHECK_FALSE(run.book().may_pair());  // the first wave is not resolved yet
  for (std::size_t i : first) run.end(i);
  CHECK(run.book().older_waves_ended());  // ended, waiting for their commit: the run hurries it
  CHECK_FALSE(run.book().may_pair());
  run.commit();
  CHECK(run.book().may_pair());
  CHECK(run.book().played() == 8);
  CHECK(run.book().open_claims() == 8);
  CHECK(run.out.count("kept ") == 8);

  auto capped_store = memory_store({"a", "b", "c"});
  HandRun capped(*capped_store, *game, "w1", 5);
  const std::vector<std::size_t> five = capped.pair();
  CHECK(five.size() == 5);  // no game past --games
  CHECK(capped.book().games_left() == 0);
  capped.play(five);
  CHECK(capped.book().quota_met());
  CHECK(capped_store->game_count() == 5);
}

TEST_CASE("league book: a killed run's games are taken over, a retired bot's unbegun tables dropped",
          "[league][book]") {
  const auto game = make_game("clump:size=6");
  auto store = memory_store({"a", "b", "c"});
  std::map<std::string, LeagueJob> paired;  // the killed run's games by game id
  {
    HandRun killed(*store, *game, "w1");
    const std::vector<std::size_t> given = killed.pair();
    for (std::size_t i : given) paired.emplace(killed.job(i).game_id, killed.job(i));
    killed.play({given[0]});  // the first game of table 1.1 kept, then the run dies
  }
  REQUIRE(paired.count("1.1.1"));
  store->retire_bot("a");
  store->renew("w1", 0);  // its lease ends
  HandRun next(*store, *game, "w2");
  const std::vector<std::size_t> given = next.pair();
  CHECK(next.out.count("took over 7") == 1);
  // A table begun (1.1) is played whole; the others that seat the retired bot are not played.
  std::set<std::string> dropped;
  for (const auto& [game_id, job] : paired)
    if (game_id != "1.1.1" && job.table != "1.1" && std::count(job.seats.begin(), job.seats.end(), "a"))
      dropped.insert(game_id);
  CHECK(next.out.count("not played ") == static_cast<long>(dropped.size()));
  for (const std::string& game_id : dropped) CHECK(next.out.count("not played " + game_id + " retired") == 1);
  std::set<std::string> resumed;
  for (std::size_t i : given)
    if (paired.count(next.job(i).game_id)) resumed.insert(next.job(i).game_id);
  CHECK(resumed.size() == paired.size() - 1 - dropped.size());
  CHECK(resumed.count("1.1.2") == 1);
  for (std::size_t i : given)  // and new tables seat it no more
    if (next.job(i).table != "1.1")
      CHECK(std::count(next.job(i).seats.begin(), next.job(i).seats.end(), "a") == 0);
  CHECK(next.book().open_claims() == static_cast<long>(store->claims().size()));
  // The set's game kept before is held back from `arena serve` until the set is whole.
  REQUIRE(next.held_back.size() == 1);
  CHECK(next.held_back[0].round == "1.1.1");
}

TEST_CASE("league book: a bot that cannot start is suspended once, its tables not begun dropped",
          "[league][book]") {
  const auto game = make_game("clump:size=6");
  auto store = memory_store({"a", "b", "c"});
  HandRun run(*store, *game, "w1");
  const std::vector<std::size_t> given = run.pair();
  // Two games: the bot in seat 2 of the first never started. Both are kept (unrated), not
  // played again; the bot is suspended once, for the first reason.
  const std::string culprit = run.job(given[0]).seats[1];
  int failures = 0;
  for (std::size_t i : given) {
    const LeagueJob job = run.job(i);
    const auto seat = std::find(job.seats.begin(), job.seats.end(), culprit);
    if (seat == job.seats.end() || failures == 2) continue;
    run.end(i,
            record_of(*game, job, Termination::kStartFailure, static_cast<int>(seat - job.seats.begin()) + 1,
                      failures++ ? "cannot start: again"
                                 : "exec failed: no such file\n  stderr: ImportError: no module x"));
  }
  CHECK(run.book().suspensions_due());
  run.commit();
  CHECK(store->game_count() == 2);
  run.pair();
  CHECK(run.out.count("suspended ") == 1);
  CHECK(run.out.count(
            "suspended " + culprit +
            ": cannot start: exec failed: no such file (its standard error ended: ImportError: no module "
            "x)") == 1);
  CHECK_FALSE(run.book().suspensions_due());
  CHECK(store->bots()[static_cast<std::size_t>(culprit[0] - 'a')].suspended.rfind("cannot start: exec", 0) ==
        0);
  // Its tables not started are withdrawn from the runner and their claims ended; no new
  // table seats it.
  for (const LeagueClaim& c : store->claims()) {
    const LeagueJob job = decode_job(c.job, "test");
    CHECK(std::count(job.seats.begin(), job.seats.end(), culprit) == 0);
  }
  CHECK(run.book().open_claims() == static_cast<long>(store->claims().size()));
  // Another worker suspended a bot first: this run says nothing more.
  const std::vector<std::size_t> more = run.pair();
  REQUIRE_FALSE(more.empty());
  const LeagueJob job = run.job(more[0]);
  store->suspend_bot(job.seats[0], "cannot start: seen by another worker");
  run.end(more[0], record_of(*game, job, Termination::kStartFailure, 1, "cannot start: here too"));
  run.desk().suspend_unstartable();
  CHECK(run.out.count("suspended ") == 1);
}

TEST_CASE("league book: an aborted game goes back to the store, and is played again by the next wave",
          "[league][book]") {
  const auto game = make_game("clump:size=6");
  auto store = memory_store({"a", "b"});
  HandRun run(*store, *game, "w1");
  const std::vector<std::size_t> given = run.pair();
  const std::string game_id = run.job(given[0]).game_id;
  run.end(given[0], record_of(*game, run.job(given[0]), Termination::kAborted));
  CHECK(run.book().open_claims() == static_cast<long>(given.size()) - 1);
  bool released = false;
  for (const LeagueClaim& c : store->claims())
    if (decode_job(c.job, "test").game_id == game_id) released = c.expired && c.worker.empty();
  CHECK(released);
  const std::vector<std::size_t> again = run.pair();
  CHECK(run.out.count("took over 1") == 1);
  bool found = false;
  for (std::size_t i : again) found = found || run.job(i).game_id == game_id;
  CHECK(found);
}

TEST_CASE("league book: a game another run took over is not kept, nor counted", "[league][book]") {
  const auto game = make_game("clump:size=6");
  auto store = memory_store({"a", "b"});
  HandRun slow(*store, *game, "w1");
  const std::vector<std::size_t> given = slow.pair();
  const std::string game_id = slow.job(given[0]).game_id;
  slow.end(given[0]);
  store->renew("w1", 0);  // its lease ended before the commit
  HandRun other(*store, *game, "w2");
  other.pair();
  slow.commit();
  CHECK(slow.out.said == std::vector<std::string>{"not kept " + game_id});
  CHECK(slow.book().played() == 0);
  CHECK(store->game_count() == 0);
}

TEST_CASE("league book: a bot added meanwhile waits for the next runner, which gets the games not started",
          "[league][book]") {
  const auto game = make_game("clump:size=6");
  auto store = memory_store({"a", "b"});
  HandRun run(*store, *game, "w1");
  const std::vector<std::size_t> given = run.pair();
  store->add_bot({"c", "./c", "/tmp", "", "", false, ""});
  run.pair();
  CHECK_FALSE(run.lineup_ok);                                          // the run ends this runner
  CHECK(run.book().runner_ending(run.withdraw_all(), false).empty());  // carried, not released
  run.book().start_lineup(store->bots());
  const std::vector<std::size_t> carried = run.pair();
  CHECK(run.lineup_ok);
  std::set<std::string> game_ids;
  for (std::size_t i : carried) game_ids.insert(run.job(i).game_id);
  CHECK(game_ids.size() >= given.size());
  CHECK(run.book().open_claims() == static_cast<long>(store->claims().size()));
  // The run is done: what the runner never started goes back to the store.
  const std::vector<GivenGame> back = run.book().runner_ending(run.withdraw_all(), true);
  run.desk().release(back);
  CHECK(run.book().open_claims() == 0);
  for (const LeagueClaim& c : store->claims()) CHECK(c.expired);
}

TEST_CASE("league book: too few bots to pair is said once, and a suspended bot named as the way out",
          "[league][book]") {
  const auto game = make_game("clump:size=6");
  auto store = memory_store({"a", "b"});
  store->suspend_bot("b", "cannot start: gone");
  HandRun run(*store, *game, "w1");
  CHECK(run.pair().empty());
  CHECK(run.pair().empty());
  CHECK(run.out.said == std::vector<std::string>{"waiting 1/2 suspended"});
  store->resume_bot("b");
  CHECK(run.pair().size() == 8);
}

// The keeper renews from a thread of its own; a renewal that fails (here: no league at all) is
// told to the run's output, not printed, and tried again at the next renewal.
TEST_CASE("league: a lease the keeper cannot renew is told to the run's output, and tried again",
          "[league]") {
  struct Told : RecordedOutput {
    std::mutex mutex;
    std::condition_variable told;
    int times = 0;
    std::string why;
    void leases_not_renewed(const std::string& w) override {
      std::lock_guard<std::mutex> lock(mutex);
      ++times;
      why = w;
      told.notify_all();
    }
  } output;
  const std::string missing = "/nonexistent/arena-league";
  LeaseKeeper keeper(missing, "w1", 0.03, output);  // a renewal every 10 ms
  std::unique_lock<std::mutex> lock(output.mutex);
  REQUIRE(output.told.wait_for(lock, std::chrono::seconds(60), [&] { return output.times >= 2; }));
  CHECK_THAT(output.why, Catch::Contains(missing));
  CHECK(output.said.empty());  // nothing else was told
}

}  // namespace league_book_test

// `arena serve` on a league makes its game list from the summaries the store keeps beside the
// records, reading no record, and reads a game's record only when the page asks for that game
// (docs/serve.md, "Memory"): counted, not timed. On SQLite and on a real PostgreSQL server
// (tests/league/pg_server.h):
//   - FolderWatch over a store that counts what it hands out: a league of 600 games is read
//     in slices of summaries, no record read (none parsed); refreshes read nothing again; a
//     replay fetches exactly its one game by id; a game kept without a summary (an older
//     Arena's) is read from its record;
//   - a league made before summaries (its games table without the column) and one whose
//     summary is damaged are served from their records, the same page as from the summaries;
//   - the real binary: on PostgreSQL the server's own statement log shows no read of a
//     record at start-up, one fetch by id per replay asked for and no second read of the
//     league; on SQLite a record changed in the database after the server started is what the
//     next replay shows (fetched, not kept), while the game list keeps the row it read once.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <functional>
#include <memory>
#include <regex>
#include <string>

#include "league/league_summary.h"
#include "records/game_summary.h"
#include "records/pgn.h"
#include "serve/folder_watch.h"
#include "store/league_store.h"
#include "store/sqlite_db.h"
#include "tests/bin_path.h"
#include "tests/league/pg_server.h"
#include "tests/serve/serve_client.h"

namespace league_on_demand_test {

using namespace arena;
using servetest::request;
using shelltest::run_arena;
using shelltest::slurp;

namespace {

using shelltest::kBin;
constexpr int kGames = 600;  // more than two of the server's slices (256 games each)

// A store that counts what a reader asks of it; everything else is the real store's.
struct Counts {
  long slices = 0;   // games_slice / games calls
  long records = 0;  // records handed out by them
  long summary_slices = 0;
  long summaries = 0;     // summaries handed out by them
  long fetches = 0;       // game(id) calls
  std::int64_t last = 0;  // the id of the last game(id)
};

class CountingStore : public LeagueStore {
 public:
  CountingStore(std::unique_ptr<LeagueStore> real, Counts& counts)
      : real_(std::move(real)), counts_(counts) {}
  std::vector<LeagueGame> games(std::int64_t after) override { return counted(real_->games(after)); }
  std::vector<LeagueGame> games_slice(std::int64_t after, std::int64_t most) override {
    return counted(real_->games_slice(after, most));
  }
  std::vector<LeagueGameSummary> summaries_slice(std::int64_t after, std::int64_t most) override {
    std::vector<LeagueGameSummary> out = real_->summaries_slice(after, most);
    ++counts_.summary_slices;
    counts_.summaries += static_cast<long>(out.size());
    return out;
  }
  std::optional<LeagueGame> game(std::int64_t id) override {
    ++counts_.fetches;
    counts_.last = id;
    return real_->game(id);
  }
  std::string settings_json() override { return real_->settings_json(); }
  void add_bot(const LeagueBot& b) override { real_->add_bot(b); }
  void retire_bot(const std::string& n) override { real_->retire_bot(n); }
  bool suspend_bot(const std::string& n, const std::string& r) override { return real_->suspend_bot(n, r); }
  void resume_bot(const std::string& n) override { real_->resume_bot(n); }
  std::vector<LeagueBot> bots() override { return real_->bots(); }
  void add_game(const GameToKeep& g) override { real_->add_game(g); }
  void add_games(const std::vector<GameToKeep>& g) override { real_->add_games(g); }
  std::int64_t game_count() override { return real_->game_count(); }
  std::vector<LeagueTally> tallies(std::int64_t& last) override { return real_->tallies(last); }
  std::string tally_version() override { return real_->tally_version(); }
  void retally(const std::string& v,
               const std::function<std::vector<LeagueTally>(const LeagueGame&)>& t) override {
    real_->retally(v, t);
  }
  std::string name() const override { return real_->name(); }
  bool shared() const override { return real_->shared(); }
  std::vector<std::int64_t> claim(const std::string& w, double s,
                                  const std::function<std::vector<std::string>(std::int64_t)>& j) override {
    return real_->claim(w, s, j);
  }
  std::vector<LeagueClaim> take_expired(const std::string& w, double s, int m) override {
    return real_->take_expired(w, s, m);
  }
  void renew(const std::string& w, double s) override { real_->renew(w, s); }
  std::vector<bool> finish(const std::string& w, const std::vector<FinishedGame>& g) override {
    return real_->finish(w, g);
  }
  void release(std::int64_t c, const std::string& w) override { real_->release(c, w); }
  void drop(std::int64_t c, const std::string& w) override { real_->drop(c, w); }
  void expire_claims() override { real_->expire_claims(); }
  std::vector<LeagueClaim> claims() override { return real_->claims(); }

 private:
  std::vector<LeagueGame> counted(std::vector<LeagueGame> games) {
    ++counts_.slices;
    counts_.records += static_cast<long>(games.size());
    return games;
  }
  std::unique_ptr<LeagueStore> real_;
  Counts& counts_;
};

// A league of two random bots in `dir` (in PostgreSQL when `database` is given) that played two
// real games, then filled to kGames through the store API as an import would (bench/
// league_scale_bench.cpp): copies of those two records, each with a Round of its own and its
// tallies and summary, as the league keeps them (league/league_desk.cpp).
void make_league(const std::string& dir, const std::string& database = "") {
  REQUIRE(run_arena("league new '" + dir + "' clump:size=6" +
                    (database.empty() ? "" : " --db '" + database + "'"))
              .status == 0);
  for (const char* bot : {"r1", "r2"})
    REQUIRE(run_arena("league add '" + dir + "' " + bot + "=" + kBin + "/random_bot").status == 0);
  REQUIRE(run_arena("league run '" + dir + "' --games 2 --quiet").status == 0);
  auto store = open_league_store(dir);
  const std::vector<LeagueGame> played = store->games(0);
  REQUIRE(played.size() == 2);
  std::vector<PgnError> errors;
  std::vector<GameRecord> records;
  for (const LeagueGame& g : played) records.push_back(parse_pgn(g.pgn, errors).at(0));
  const std::vector<LeagueBot> bots = store->bots();
  std::vector<GameToKeep> more;
  for (int i = 2; i < kGames; ++i) {
    GameRecord r = records[static_cast<std::size_t>(i % 2)];
    r.round = "copy-" + std::to_string(i + 1);
    more.push_back({format_pgn(r), game_tallies(r, bots), summary_text(summarize(r))});
  }
  store->add_games(more);
  REQUIRE(store->game_count() == kGames);
}

// The number of actions in a replay's JSON (/api/replay/N).
std::size_t replay_length(const std::string& replay) {
  return boost::json::parse(replay).as_object().at("a").as_array().size();
}

// A FolderWatch of the league in `dir` whose store counts into `counts`.
std::unique_ptr<serve::FolderWatch> counted_watch(const std::string& dir, Counts& counts) {
  return std::make_unique<serve::FolderWatch>(dir, [&counts](const std::string& d) {
    return std::make_unique<CountingStore>(open_league_store(d), counts);
  });
}

void reads_no_record_for_the_list(const std::string& dir) {
  Counts counts;
  const auto watch = counted_watch(dir, counts);
  serve::FolderWatch& folder = *watch;
  folder.poll();
  CHECK(folder.finished() == static_cast<std::size_t>(kGames));
  CHECK(counts.records == 0);  // no record read, so none parsed...
  CHECK(counts.slices == 0);
  CHECK(counts.summaries == kGames);  // ...but each game's summary, once...
  CHECK(counts.summary_slices == 3);  // ...in slices of 256: 256, 256, 88
  CHECK(counts.fetches == 0);         // and no game read by its id
  const boost::json::object data = boost::json::parse(folder.data_json()).as_object();
  const boost::json::array& games = data.at("games").as_array();
  REQUIRE(games.size() == static_cast<std::size_t>(kGames));
  CHECK(data.at("ratings").as_object().at("bots").as_array().size() == 2);
  CHECK(data.at("times").as_object().size() == 2);
  // The rows say what the records say (the summaries were made of them).
  std::vector<PgnError> errors;
  const GameRecord r417 = parse_pgn(open_league_store(dir)->game(417)->pgn, errors).at(0);
  const boost::json::object& row = games[416].as_object();
  CHECK(row.at("r").as_string() == r417.round);
  CHECK(row.at("l").to_number<std::size_t>() == r417.actions.size());
  CHECK(row.at("p").as_array().size() == r417.players.size());
  // Refreshes read nothing again: only games after the last one read are asked for.
  for (int i = 0; i < 5; ++i) {
    CHECK_FALSE(folder.poll());
    folder.data_json();
  }
  CHECK(counts.summaries == kGames);
  CHECK(counts.records == 0);
  CHECK(counts.fetches == 0);
  // A replay is one game fetched by its id, each time it is asked for.
  const std::optional<std::string> replay = folder.replay_json(417);
  REQUIRE(replay);
  CHECK(counts.fetches == 1);
  CHECK(counts.last == 417);
  CHECK(replay_length(*replay) == r417.actions.size());
  CHECK(folder.replay_json(417));
  CHECK(counts.fetches == 2);
  CHECK_FALSE(folder.replay_json(kGames + 1));  // no such game: nothing fetched
  CHECK(counts.fetches == 2);
  CHECK(counts.records == 0);
  // A game that finishes is read as its summary, alone; one kept without a summary (by an
  // Arena older than summaries) from its record, once.
  open_league_store(dir)->add_game({format_pgn(r417), {}, summary_text(summarize(r417))});
  CHECK(folder.poll());
  CHECK(counts.summaries == kGames + 1);
  CHECK(counts.records == 0);
  open_league_store(dir)->add_game({format_pgn(r417), {}, ""});
  CHECK(folder.poll());
  CHECK(counts.summaries == kGames + 2);
  CHECK(counts.records == 1);
  CHECK(folder.finished() == static_cast<std::size_t>(kGames) + 2);
  const boost::json::array again = boost::json::parse(folder.data_json()).as_object().at("games").as_array();
  REQUIRE(again.size() == static_cast<std::size_t>(kGames) + 2);
  for (std::size_t from_summary = kGames, from_record = kGames + 1;
       const char* key : {"p", "k", "s", "e", "l"})
    CHECK(again[from_summary].as_object().at(key) == again[from_record].as_object().at(key));
}

// Runs SQL on the league.db of `dir`, behind the store's back.
void sqlite_exec(const std::string& dir, const std::string& sql) {
  SqliteDb db(dir + "/league.db", false);
  db.exec(sql);
}

// The page's data of the league in `dir` as a fresh server makes it, and what it read.
std::string served_data(const std::string& dir, Counts& counts) {
  const auto watch = counted_watch(dir, counts);
  watch->poll();
  return watch->data_json();
}

}  // namespace

TEST_CASE("serve: a league's game list reads no record, a replay's fetched on demand (SQLite)",
          "[serve][store]") {
  shelltest::TempFolder root("arena-serve", "on-demand");
  const std::string dir = root.str() + "/league";
  make_league(dir);
  reads_no_record_for_the_list(dir);
}

TEST_CASE("serve: a league's game list reads no record, a replay's fetched on demand (PostgreSQL)",
          "[serve][store][postgresql]") {
  pgtest::PgServer pg;
  if (pgtest::skipped(pg)) return;
  shelltest::TempFolder root("arena-serve", "on-demand-pg");
  const std::string dir = root.str() + "/league";
  make_league(dir, pg.create_database("ondemand"));
  reads_no_record_for_the_list(dir);
}

TEST_CASE("serve: a league made before summaries, or with a damaged one, is served from its records",
          "[serve][store]") {
  shelltest::TempFolder root("arena-serve", "before-summaries");
  const std::string dir = root.str() + "/league";
  make_league(dir);
  Counts summarised;
  const std::string data = served_data(dir, summarised);
  CHECK(summarised.records == 0);
  // One summary damaged: that game's record read instead, the page the same.
  sqlite_exec(dir, "UPDATE games SET summary = '{\"v\": 1, \"spec\": 7}' WHERE id = 5");
  Counts damaged;
  CHECK(served_data(dir, damaged) == data);
  CHECK(damaged.records == 1);
  // The games table as an Arena before summaries made it: the column gone. Served, every row
  // comes from its record (the column added back, empty, on opening), the page the same.
  sqlite_exec(dir, "ALTER TABLE games DROP COLUMN summary");
  Counts old;
  CHECK(served_data(dir, old) == data);
  CHECK(old.records == kGames);
  CHECK(old.summaries == kGames);
  // Games kept now keep their summaries beside the old ones' records.
  std::vector<PgnError> errors;
  const GameRecord r = parse_pgn(open_league_store(dir)->game(1)->pgn, errors).at(0);
  open_league_store(dir)->add_game({format_pgn(r), {}, summary_text(summarize(r))});
  Counts upgraded;
  const auto watch = counted_watch(dir, upgraded);
  watch->poll();
  CHECK(watch->finished() == static_cast<std::size_t>(kGames) + 1);
  CHECK(upgraded.records == kGames);  // the old ones only
}

TEST_CASE("serve: the binary fetches a league game from PostgreSQL only when its replay is asked for",
          "[serve][cli][postgresql]") {
  pgtest::PgServer pg;
  if (pgtest::skipped(pg)) return;
  shelltest::TempFolder root("arena-serve", "binary-pg");
  const std::string dir = root.str() + "/league";
  make_league(dir, pg.create_database("served"));
  // Every statement of every new session of the league's database, in the server's log: the
  // served page's own reads, counted there.
  pg.sql("postgres", "ALTER DATABASE served SET log_statement = 'all'");
  const std::string log = (pg.dir() / "server.log").string();
  const std::size_t before = slurp(log).size();
  servetest::Server server(dir, root.str() + "/serve.log");
  const auto statements = [&](const std::string& pattern) {
    const std::string text = slurp(log).substr(before);
    const std::regex re(pattern);
    return std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator());
  };
  const std::string by_id = R"(SELECT id, pgn FROM games WHERE id = \$1)";
  const std::string records = R"(SELECT id, pgn FROM games WHERE id >)";
  const std::string after =
      R"(SELECT id, coalesce\(summary, ''\) FROM games WHERE id > \$1 ORDER BY id LIMIT \$2)";
  const std::string from_start = R"(parameters: \$1 = '0', \$2 = '256')";
  REQUIRE(servetest::wait_for([&] {
    return boost::json::parse(request(server.port, "/api/state").body).as_object().at("games").as_int64() ==
           kGames;
  }));
  for (int i = 0; i < 5; ++i) {  // the page loaded and refreshed
    CHECK(request(server.port, "/").status == 200);
    CHECK(request(server.port, "/api/data").status == 200);
  }
  CHECK(statements(by_id) == 0);
  CHECK(statements(records) == 0);     // no record read for the game list
  CHECK(statements(from_start) == 1);  // the league read once from its start
  const auto slices = statements(after);
  CHECK(slices >= 3);
  CHECK(request(server.port, "/api/replay/123").status == 200);
  CHECK(request(server.port, "/api/replay/7").status == 200);
  CHECK(statements(by_id) == 2);
  CHECK(statements(R"(parameters: \$1 = '123'\n)") == 1);
  CHECK(statements(R"(parameters: \$1 = '7'\n)") == 1);
  CHECK(statements(from_start) == 1);
  CHECK(statements(records) == 0);
  CHECK(server.process.stop() == 0);
}

TEST_CASE("serve: the binary reads a league game's record from SQLite when its replay is asked for",
          "[serve][cli]") {
  shelltest::TempFolder root("arena-serve", "binary-sqlite");
  const std::string dir = root.str() + "/league";
  make_league(dir);
  servetest::Server server(dir, root.str() + "/serve.log");
  REQUIRE(servetest::wait_for([&] {
    return boost::json::parse(request(server.port, "/api/state").body).as_object().at("games").as_int64() ==
           kGames;
  }));
  const std::string data = request(server.port, "/api/data").body;
  // Game 5's record cut to its first three moves in the database, behind the server's back:
  // the next replay of game 5 is three moves long (its record read now), while the game list
  // keeps the row read when game 5 came.
  std::vector<PgnError> errors;
  GameRecord five = parse_pgn(open_league_store(dir)->game(5)->pgn, errors).at(0);
  REQUIRE(five.actions.size() > 3);
  CHECK(replay_length(request(server.port, "/api/replay/5").body) == five.actions.size());
  five.actions.resize(3);
  {
    SqliteDb db(dir + "/league.db", false);
    SqliteStatement update(db, "UPDATE games SET pgn = ?1 WHERE id = 5");
    const std::string pgn = format_pgn(five);
    update.bind(1, pgn);
    while (update.step()) {
    }
  }
  CHECK(replay_length(request(server.port, "/api/replay/5").body) == 3);
  CHECK(request(server.port, "/api/data").body == data);
  CHECK(server.process.stop() == 0);
}

}  // namespace league_on_demand_test

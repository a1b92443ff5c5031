// The league store's contract (store/league_store.h), one set of cases run against both
// databases: SQLite in a temporary folder, and a real PostgreSQL server of the test's own
// (tests/league/pg_server.h: a private socket, stopped and removed at the end). Whatever the
// league layer relies on is here: bots and their suspension, games and tallies summed in byte
// order, batch numbers, claims with leases, take-overs, and the messages of both.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <set>
#include <string>

#include "engine/core/user_error.h"
#include "store/league_store.h"
#include "store/pg_db.h"
#include "store/pg_league_store.h"
#include "store/sqlite_db.h"
#include "tests/league/pg_server.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace league_store_contract_test {

namespace {

using arena::LeagueBot;
using arena::LeagueClaim;
using arena::LeagueStore;
using arena::LeagueTally;
using arena::UserError;

constexpr const char* kSettings = R"({"game": "clump"})";

// Makes a new, empty league store of one database for each case, and opens it again.
struct Backend {
  std::string name;
  std::function<std::unique_ptr<LeagueStore>()> create;  // a new league
  std::function<std::unique_ptr<LeagueStore>()> open;    // the last one made, on a second connection
  // Puts a foreign table named meta (format `format`) into a new, empty database: what
  // opening it says.
  std::function<std::string(const std::string& format)> foreign;
  // Makes a league as an Arena before summaries did (kOldSchema, with that database's ids, and two
  // games), in a new database that open() then opens.
  std::function<void()> old;
};

// The tables of a league made before game summaries (and before claims, tallies and
// suspensions, which opening adds too), as that Arena wrote them; ID_TYPE the ids' type.
constexpr const char* kOldSchema =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE bots(id ID_TYPE PRIMARY KEY, name TEXT NOT NULL UNIQUE, command TEXT NOT NULL, "
    "workdir TEXT NOT NULL, parent TEXT NOT NULL, note TEXT NOT NULL, retired BOOLEAN NOT NULL DEFAULT "
    "false);"
    "CREATE TABLE games(id ID_TYPE PRIMARY KEY, pgn TEXT NOT NULL);"
    "INSERT INTO meta VALUES('format', 'arena league 1');"
    "INSERT INTO meta VALUES('settings', '{\"game\": \"clump\"}');"
    "INSERT INTO games(pgn) VALUES('old pgn 1');"
    "INSERT INTO games(pgn) VALUES('old pgn 2');";

std::string old_schema(const std::string& serial) {
  std::string sql = kOldSchema;
  for (std::size_t at; (at = sql.find("ID_TYPE")) != std::string::npos;) sql.replace(at, 7, serial);
  return sql;
}

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UserError& e) {
    return e.what();
  }
  return "(no error)";
}

LeagueBot bot(const std::string& name, const std::string& parent = "") {
  return {name, "./" + name, "/tmp", parent, "note of " + name, false, ""};
}

void bots_and_suspension(const Backend& b) {
  auto store = b.create();
  CHECK(store->settings_json() == kSettings);
  store->add_bot(bot("alpha"));
  store->add_bot(bot("beta", "alpha"));
  CHECK_THAT(message_of([&] { store->add_bot(bot("alpha")); }),
             Catch::Equals("the league already has a bot named 'alpha'"));
  store->retire_bot("alpha");
  CHECK_THAT(message_of([&] { store->add_bot(bot("alpha")); }),
             Catch::Contains("(retired: a name always means"));
  CHECK_THAT(message_of([&] { store->retire_bot("gamma"); }),
             Catch::Equals("the league has no bot named 'gamma'"));
  CHECK(store->suspend_bot("beta", "cannot start: first"));
  CHECK_FALSE(store->suspend_bot("beta", "cannot start: second"));  // the first reason stays
  CHECK_THAT(message_of([&] { store->suspend_bot("gamma", "x"); }), Catch::Contains("no bot named 'gamma'"));
  const std::vector<LeagueBot> bots = b.open()->bots();  // as another process sees them
  REQUIRE(bots.size() == 2);
  CHECK(bots[0].name == "alpha");
  CHECK(bots[0].retired);
  CHECK(bots[0].suspended.empty());
  CHECK(bots[1].name == "beta");
  CHECK(bots[1].command == "./beta");
  CHECK(bots[1].workdir == "/tmp");
  CHECK(bots[1].parent == "alpha");
  CHECK(bots[1].note == "note of beta");
  CHECK_FALSE(bots[1].retired);
  CHECK(bots[1].suspended == "cannot start: first");
  store->resume_bot("beta");
  CHECK(store->bots()[1].suspended.empty());
  CHECK_THAT(message_of([&] { store->resume_bot("beta"); }), Catch::Equals("bot 'beta' is not suspended"));
  CHECK_THAT(message_of([&] { store->resume_bot("gamma"); }), Catch::Contains("no bot named 'gamma'"));
}

void games_and_tallies(const Backend& b) {
  auto store = b.create();
  std::int64_t last = -1;
  CHECK(store->tallies(last).empty());
  CHECK(last == 0);
  store->add_game({"pgn 1", {{"b", 1, 2.5, 2.5}, {"Z", 1, 1, 1}}, ""});
  store->add_games({{"pgn 2", {{"b", 1, 0.25, 0.25}}, ""}, {"pgn 3", {{"a", 2, 3, 7}, {"b", 1, 4, 4}}, ""}});
  CHECK(store->game_count() == 3);
  const auto games = store->games(1);
  REQUIRE(games.size() == 2);
  CHECK(games[0].id == 2);
  CHECK(games[0].pgn == "pgn 2");
  CHECK(games[1].pgn == "pgn 3");
  {
    INFO("a slice of games, and one game by its id (what `arena serve` reads)");
    const auto reader = b.open();  // another process's connection
    const auto slice = reader->games_slice(0, 2);
    REQUIRE(slice.size() == 2);
    CHECK((slice[0].id == 1 && slice[0].pgn == "pgn 1"));
    CHECK((slice[1].id == 2 && slice[1].pgn == "pgn 2"));
    CHECK(reader->games_slice(2, 2).size() == 1);
    CHECK(reader->games_slice(3, 2).empty());
    CHECK(reader->games_slice(0, 0).empty());
    const auto two = reader->game(2);
    REQUIRE(two);
    CHECK((two->id == 2 && two->pgn == "pgn 2"));
    CHECK_FALSE(reader->game(0));
    CHECK_FALSE(reader->game(4));
  }
  const std::vector<LeagueTally> t = b.open()->tallies(last);
  CHECK(last == 3);
  REQUIRE(t.size() == 3);  // byte order, whatever the database's locale: upper case first
  CHECK(t[0].key == "Z");
  CHECK(t[1].key == "a");
  CHECK((t[1].count == 2 && t[1].sum == 3 && t[1].top == 7));
  CHECK(t[2].key == "b");
  CHECK((t[2].count == 3 && t[2].sum == 6.75 && t[2].top == 4));
  // Retallied from the records, once per version.
  CHECK(store->tally_version().empty());
  int calls = 0;
  const auto one_each = [&](const arena::LeagueGame& g) {
    ++calls;
    return std::vector<LeagueTally>{{"games", 1, static_cast<double>(g.id), static_cast<double>(g.id)}};
  };
  store->retally("7", one_each);
  store->retally("7", one_each);  // done already: nothing read
  CHECK(calls == 3);
  CHECK(store->tally_version() == "7");
  const std::vector<LeagueTally> again = store->tallies(last);
  REQUIRE(again.size() == 1);
  CHECK((again[0].key == "games" && again[0].count == 3 && again[0].sum == 6 && again[0].top == 3));
}

std::vector<std::string> jobs(const std::string& tag, int n) {
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(tag + std::to_string(i + 1));
  return out;
}

void claims_and_leases(const Backend& b) {
  auto store = b.create();
  std::int64_t first_batch = 0, second_batch = 0;
  const auto ids = store->claim("w1", 60, [&](std::int64_t batch) {
    first_batch = batch;
    return jobs("a", 3);
  });
  const auto more = store->claim("w2", 60, [&](std::int64_t batch) {
    second_batch = batch;
    return jobs("b", 1);
  });
  CHECK(first_batch >= 1);
  CHECK(second_batch > first_batch);  // never given twice
  REQUIRE(ids.size() == 3);
  CHECK((ids[0] < ids[1] && ids[1] < ids[2] && more[0] > ids[2]));
  std::vector<LeagueClaim> all = b.open()->claims();
  REQUIRE(all.size() == 4);
  CHECK((all[0].id == ids[0] && all[0].worker == "w1" && all[0].job == "a1" && !all[0].expired));
  CHECK((all[3].worker == "w2" && all[3].job == "b1"));
  CHECK(store->take_expired("w3", 60, 10).empty());  // every lease runs

  // w1's leases end (renewed to nothing): w3 takes its games over, oldest first, at most 2.
  store->renew("w1", 0);
  for (const LeagueClaim& c : store->claims()) CHECK(c.expired == (c.worker == "w1"));
  const std::vector<LeagueClaim> taken = store->take_expired("w3", 60, 2);
  REQUIRE(taken.size() == 2);
  CHECK((taken[0].id == ids[0] && taken[0].job == "a1" && taken[0].worker == "w3"));
  CHECK(taken[1].id == ids[1]);
  CHECK(b.open()->take_expired("w4", 60, 10).size() == 1);  // the one left, on another connection

  // A finish counts only for the claim's holder; the other's game is not kept.
  const std::vector<bool> kept =
      store->finish("w1", {{ids[0], {"late pgn", {{"k", 1, 1, 1}}, "late"}}, {ids[1], {"lost", {}, "lost"}}});
  CHECK(kept == std::vector<bool>{false, false});
  CHECK(store->finish("w3", {{ids[0], {"pgn a1", {{"k", 1, 1, 1}}, "summary a1"}}}) ==
        std::vector<bool>{true});
  CHECK(store->game_count() == 1);
  CHECK(store->games(0)[0].pgn == "pgn a1");
  // The summary kept in the same transaction as the game: none of the games not kept.
  const auto kept_summaries = b.open()->summaries_slice(0, 10);
  REQUIRE(kept_summaries.size() == 1);
  CHECK(kept_summaries[0].summary == "summary a1");
  std::int64_t last = 0;
  CHECK(store->tallies(last).size() == 1);

  // Released: no one's, expired, taken by the next; dropped: gone.
  store->release(ids[1], "w1");  // not w1's any more: nothing happens
  CHECK_FALSE(store->claims()[0].expired);
  store->release(ids[1], "w3");
  all = store->claims();
  REQUIRE(all.size() == 3);
  CHECK((all[0].id == ids[1] && all[0].worker.empty() && all[0].expired));
  store->drop(more[0], "w2");
  CHECK(store->claims().size() == 2);
  store->expire_claims();
  for (const LeagueClaim& c : store->claims()) CHECK(c.expired);
  CHECK(store->take_expired("w5", 60, 10).size() == 2);
}

// Summaries beside the records: kept with the game, read a slice at a time without the
// records; a game kept without one reads as "".
void summaries(const Backend& b) {
  auto store = b.create();
  store->add_game({"pgn 1", {}, R"({"one": 1})"});
  store->add_games({{"pgn 2", {}, ""}, {"pgn 3", {{"k", 1, 1, 1}}, "summary \u00e9 'three'"}});
  store->add_game({"pgn 4", {}, "four"});
  const auto reader = b.open();
  const auto all = reader->summaries_slice(0, 100);
  REQUIRE(all.size() == 4);
  CHECK((all[0].id == 1 && all[0].summary == R"({"one": 1})"));
  CHECK((all[1].id == 2 && all[1].summary.empty()));
  CHECK((all[2].id == 3 && all[2].summary == "summary \u00e9 'three'"));
  CHECK((all[3].id == 4 && all[3].summary == "four"));
  const auto middle = reader->summaries_slice(1, 2);
  REQUIRE(middle.size() == 2);
  CHECK((middle[0].id == 2 && middle[1].id == 3));
  CHECK(reader->summaries_slice(4, 10).empty());
  CHECK(reader->summaries_slice(0, 0).empty());
  CHECK(reader->games(0).size() == 4);  // the records unchanged beside them
  CHECK(reader->game(3)->pgn == "pgn 3");
}

// A league made before summaries (its games table as the old schema made it, two games in it):
// opened, it gains the column; its old games read as without a summary, new ones keep theirs;
// opened again (and by two at once), nothing more changes.
void league_before_summaries(const Backend& b) {
  b.old();
  auto first = b.open();
  auto second = b.open();
  CHECK(first->game_count() == 2);
  const auto old = second->summaries_slice(0, 10);
  REQUIRE(old.size() == 2);
  CHECK((old[0].summary.empty() && old[1].summary.empty()));
  CHECK(second->game(2)->pgn == "old pgn 2");
  first->add_game({"new pgn", {}, "new summary"});
  const auto now = b.open()->summaries_slice(0, 10);
  REQUIRE(now.size() == 3);
  CHECK((now[2].id == 3 && now[2].summary == "new summary"));
  CHECK(now[0].summary.empty());
}

void foreign_database(const Backend& b) {
  CHECK_THAT(
      b.foreign("something else"),
      Catch::Contains("not an Arena league database (format 'something else', expected 'arena league 1')"));
  CHECK_THAT(b.foreign(""), Catch::Contains("not an Arena league database (no league's tables"));
}

void contract(const Backend& b) {
  INFO(b.name);
  {
    INFO("bots and their suspension");
    bots_and_suspension(b);
  }
  {
    INFO("games and tallies");
    games_and_tallies(b);
  }
  {
    INFO("claims and leases");
    claims_and_leases(b);
  }
  {
    INFO("summaries beside the records");
    summaries(b);
  }
  {
    INFO("a league made before summaries");
    league_before_summaries(b);
  }
  {
    INFO("a foreign database");
    foreign_database(b);
  }
}

struct Folder : shelltest::TempFolder {
  explicit Folder(const std::string& name) : TempFolder("arena-store", name) {}
};

}  // namespace

TEST_CASE("league store contract: SQLite", "[store]") {
  Folder root("sqlite");
  int made = 0;
  auto folder = [&] { return (root.path / std::to_string(made)).string(); };
  const Backend sqlite{
      "SQLite",
      [&] {
        ++made;
        return arena::create_league_store(folder(), kSettings);
      },
      [&] { return arena::open_league_store(folder()); },
      [&](const std::string& format) {
        ++made;
        std::filesystem::create_directories(folder());
        {
          arena::SqliteDb db(folder() + "/league.db", true);
          if (!format.empty())
            db.exec("CREATE TABLE meta(key TEXT, value TEXT); INSERT INTO meta VALUES('format', '" + format +
                    "')");
        }
        return message_of([&] { arena::open_league_store(folder()); });
      },
      [&] {
        ++made;
        std::filesystem::create_directories(folder());
        arena::SqliteDb db(folder() + "/league.db", true);
        db.exec(old_schema("INTEGER"));
      }};
  contract(sqlite);
}

TEST_CASE("league store contract: PostgreSQL", "[store][postgresql]") {
  pgtest::PgServer pg;
  if (pgtest::skipped(pg)) return;
  Folder root("pg");
  int made = 0;
  auto folder = [&] { return (root.path / std::to_string(made)).string(); };
  auto database = [&] { return "league" + std::to_string(made); };
  const Backend postgresql{
      "PostgreSQL",
      [&] {
        ++made;
        return arena::create_league_store(folder(), kSettings, pg.create_database(database()));
      },
      [&] { return arena::open_league_store(folder()); },
      [&](const std::string& format) {
        ++made;
        pg.create_database(database());
        if (!format.empty())
          pg.sql(database(), "CREATE TABLE meta(key TEXT, value TEXT); INSERT INTO meta VALUES('format', '" +
                                 format + "')");
        return message_of([&] { arena::open_pg_league_store(pg.conninfo(database())); });
      },
      [&] {
        ++made;
        const std::string conninfo = pg.create_database(database());
        arena::PgDb(conninfo).exec(old_schema("BIGSERIAL"));
        std::filesystem::create_directories(folder());
        std::ofstream(folder() + "/league.json")
            << R"({"format": "arena league pointer 1", "database": ")" << conninfo << "\"}";
      }};
  contract(postgresql);
}

}  // namespace league_store_contract_test

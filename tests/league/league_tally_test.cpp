// The league's tallies (league/league_summary.h, docs/league.md "Scale"): `arena league table`
// reads sums kept beside the records, not the records; they give the ratings of the records,
// and a league made before tallies gets them from its records when first opened.
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "store/sqlite_db.h"
#include "tests/bin_path.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace league_tally_test {

namespace {

namespace fs = std::filesystem;
using shelltest::kBin;
using shelltest::Run;
using shelltest::run_arena;

std::map<std::string, double> elo_of(const boost::json::value& ratings) {
  std::map<std::string, double> out;
  for (const auto& b : ratings.at("bots").as_array())
    out[std::string(b.at("name").as_string())] = b.at("elo").to_number<double>();
  return out;
}

}  // namespace

TEST_CASE("league table: from the tallies, the ratings of the records, and a league before tallies gets them",
          "[league]") {
  shelltest::TempFolder tmp("arena-league", "tally");
  fs::create_directories(tmp.path);
  const std::string dir = (tmp.path / "lab").string();
  REQUIRE(run_arena("league new " + dir + " clump:size=4 --tc 5+0.05 --min-games 4").status == 0);
  for (const std::string& bot :
       {"a=" + kBin + "/random_bot", "b=" + kBin + "/greedy_bot", "c=" + kBin + "/chatty_bot"})
    REQUIRE(run_arena("league add " + dir + " " + bot).status == 0);
  REQUIRE(run_arena("league add " + dir + " a2=" + kBin + "/random_bot --parent a").status == 0);
  const Run run = run_arena("league run " + dir + " -j 2 --games 40 --quiet");
  INFO(run.out);
  REQUIRE(run.status == 0);
  const std::string before = run_arena("league table " + dir + " --json").out;
  const boost::json::value table = boost::json::parse(before);
  CHECK(table.at("games").as_int64() == 40);
  CHECK(table.at("versions").as_array().at(0).as_object().contains("sprt"));

  // The ratings of the very records, as `arena ratings` reads them.
  const fs::path pgn = tmp.path / "games.pgn";
  std::ofstream(pgn) << run_arena("league export " + dir).out;
  const Run rated = run_arena("ratings " + pgn.string() + " --format json");
  REQUIRE(rated.status == 0);
  const auto expected = elo_of(boost::json::parse(rated.out).at("ratings"));
  const auto got = elo_of(table.at("ratings"));
  REQUIRE(got.size() == expected.size());
  for (const auto& [name, elo] : expected) CHECK(got.at(name) == Approx(elo).margin(1e-6));

  // A league of an Arena before tallies: no tallies table, no version. Opened, it is tallied
  // from its records, and the table is the same, byte for byte.
  {
    arena::SqliteDb db(dir + "/league.db", false);
    db.exec("DROP TABLE tallies; DELETE FROM meta WHERE key = 'tallies';");
  }
  CHECK(run_arena("league table " + dir + " --json").out == before);
  {
    arena::SqliteDb db(dir + "/league.db", false);
    arena::SqliteStatement s(db, "SELECT value FROM meta WHERE key = 'tallies'");
    REQUIRE(s.step());
    CHECK(s.text(0) == "2");
  }
  // A run goes on from the rebuilt tallies, and the table still counts every game once.
  REQUIRE(run_arena("league run " + dir + " -j 2 --games 4 --quiet").status == 0);
  CHECK(boost::json::parse(run_arena("league table " + dir + " --json").out).at("games").as_int64() == 44);
}

}  // namespace league_tally_test

// `arena league new --ladder` through the real binary (docs/league.md, "A calibrated scale"):
// the reference bots join the league, the table is put on their published scale, and a
// league of the ladder alone (one game at a time: the same games on every machine) reproduces
// the published ratings within their stated error.
#include "league/ladder.h"

#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <map>

#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace ladder_test {

namespace {

namespace fs = std::filesystem;
using shelltest::Run;
using shelltest::run_arena;

// A league's folder, removed at the end.
struct Folder : shelltest::TempFolder {
  explicit Folder(const std::string& name) : TempFolder("arena-ladder", name) {}
};

}  // namespace

TEST_CASE("ladder: a league of the ladder alone reproduces its published ratings", "[league]") {
  const arena::PublishedLadder& ladder = arena::ladder_for("clump:size=8");
  Folder league("alone");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=8 --ladder --tc 60+1 --min-games 10 --seed 7")
              .status == 0);
  const Run run = run_arena("league run " + league.str() + " -j 1 --games 120 --quiet");
  INFO(run.out);
  REQUIRE(run.status == 0);
  const Run table = run_arena("league table " + league.str() + " --json");
  REQUIRE(table.status == 0);
  const auto ratings = boost::json::parse(table.out).at("ratings").as_object();
  CHECK(ratings.at("calibration").as_string() == "the clump:size=8 ladder (docs/league.md)");
  std::map<std::string, std::pair<double, double>> measured;  // name -> elo, error
  for (const auto& b : ratings.at("bots").as_array()) {
    const auto& o = b.as_object();
    measured[std::string(o.at("name").as_string())] = {o.at("elo").to_number<double>(),
                                                       o.at("error").to_number<double>()};
  }
  REQUIRE(measured.size() == ladder.rungs.size());
  for (const arena::LadderRung& r : ladder.rungs) {
    const auto [elo, error] = measured.at(std::string(r.name));
    // Within the published (stated) interval. One game at a time, every bot deterministic and
    // every seed derived from the league's: the same games on every machine, so this verdict
    // cannot flicker with load.
    INFO(r.name << ": measured " << elo << " +/- " << error << ", published " << r.elo << " +/- " << r.error);
    CHECK(std::abs(elo - r.elo) <= r.error);
  }
  CHECK(run_arena("league table " + league.str()).out.find("scale of the clump:size=8 ladder") !=
        std::string::npos);
}

TEST_CASE("ladder: its bots are the sample bots beside arena, at fixed iterations", "[league]") {
  Folder league("bots");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=8 --ladder").status == 0);
  const auto bots = boost::json::parse(run_arena("league table " + league.str() + " --json").out).at("bots");
  const arena::PublishedLadder& ladder = arena::ladder_for("clump:size=8");
  REQUIRE(bots.as_array().size() == ladder.rungs.size());
  CHECK(bots.as_array()[0].at("name").as_string() == "ladder-random");
  // A name of the ladder is taken: adding it again is refused as any reused name is.
  const Run again = run_arena("league add " + league.str() + " ladder-random=" + std::string(ARENA_BIN_DIR) +
                              "/greedy_bot");
  CHECK(again.status == 2);
}

TEST_CASE("ladder: a spec without a measured ladder is refused before the folder is made", "[league]") {
  Folder league("none");
  const Run r = run_arena("league new " + league.str() + " clump:size=6 --ladder");
  CHECK(r.status == 2);
  CHECK(r.out.find("no ladder was measured for clump:size=6") != std::string::npos);
  CHECK(r.out.find("ladders ship for clump:size=8") != std::string::npos);
  CHECK_FALSE(fs::exists(league.path));
}

}  // namespace ladder_test

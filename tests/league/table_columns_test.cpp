// `arena league table` beside the ratings (docs/league.md, "The table"): each bot's faults by
// reason and its time per move, in the text, CSV and JSON tables, read from the records; and
// `league run --hours`.
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <sstream>

#include "tests/bin_path.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace table_columns_test {

namespace {

namespace fs = std::filesystem;
using shelltest::kBin;
using shelltest::Run;
using shelltest::run_arena;

}  // namespace

TEST_CASE("league table: faults by reason and time per move per bot", "[league]") {
  const shelltest::TempFolder folder("arena-league", "columns");  // removed however the test ends
  const fs::path& dir = folder.path;
  REQUIRE(run_arena("league new " + dir.string() + " clump:size=6 --tc 5+0.05").status == 0);
  for (const std::string& bot : {"steady=" + kBin + "/random_bot", "crasher=" + kBin + "/crash_bot",
                                 "'thinker=" + kBin + "/mcts_bot --iterations 300'"})
    REQUIRE(run_arena("league add " + dir.string() + " " + bot).status == 0);
  REQUIRE(run_arena("league run " + dir.string() + " --games 12 --quiet").status == 0);

  const auto json = boost::json::parse(run_arena("league table " + dir.string() + " --json").out);
  std::map<std::string, boost::json::object> bots;
  for (const auto& b : json.at("bots").as_array())
    bots[std::string(b.at("name").as_string())] = b.as_object();
  // crash_bot exits at its first decision: every game it played is a crash, by it.
  const auto& crasher = bots.at("crasher");
  REQUIRE(crasher.at("faults").as_object().contains("crash"));
  CHECK(crasher.at("faults").at("crash").as_int64() >= 1);
  CHECK(bots.at("steady").at("faults").as_object().empty());
  // Every move of the records is counted once, and worst >= p99 > 0 (no times compared
  // across bots: on a busy machine they say little).
  std::int64_t moves = 0;
  for (const auto& [name, b] : bots) {
    moves += b.at("moves").as_int64();
    CHECK(b.at("worst_ms").to_number<double>() >= b.at("p99_ms").to_number<double>());
    CHECK(b.at("worst_ms").to_number<double>() >= b.at("mean_ms").to_number<double>());
  }
  CHECK(bots.at("thinker").at("p99_ms").to_number<double>() > 0);
  CHECK(moves > 12);

  const Run text = run_arena("league table " + dir.string());
  CHECK(text.out.find("bots (time per move in ms):") != std::string::npos);
  CHECK(text.out.find("crash ") != std::string::npos);
  const Run csv = run_arena("league table " + dir.string() + " --csv");
  CHECK(csv.out.find(",faults,mean_ms,p99_ms,worst_ms\n") != std::string::npos);
}

TEST_CASE("league run --hours: stops by itself once the time is up, after a whole batch", "[league]") {
  const shelltest::TempFolder folder("arena-league", "hours");  // removed however the test ends
  const fs::path& dir = folder.path;
  REQUIRE(run_arena("league new " + dir.string() + " clump:size=6 --tc 5+0.05").status == 0);
  for (const char* name : {"a", "b"})
    REQUIRE(run_arena("league add " + dir.string() + " " + name + "=" + kBin + "/random_bot").status == 0);
  // 0.0005 hours = 1.8 s: the run ends on its own (no signal, no game limit), status 0, having
  // kept whole batches; how many depends on the machine, that there are some does not.
  const Run run = run_arena("league run " + dir.string() + " -j 2 --hours 0.0005");
  INFO(run.out);
  CHECK(run.status == 0);
  const auto json = boost::json::parse(run_arena("league table " + dir.string() + " --json").out);
  CHECK(json.at("games").as_int64() >= 1);
}

TEST_CASE("league table: a bot's info data figures become columns, the mean of its values", "[league]") {
  const shelltest::TempFolder folder("arena-league", "data");  // removed however the test ends
  const fs::path& dir = folder.path;
  REQUIRE(run_arena("league new " + dir.string() + " clump:size=6 --tc 5+0.05").status == 0);
  REQUIRE(run_arena("league add " + dir.string() + " talker=" + kBin + "/chatty_bot").status == 0);
  REQUIRE(run_arena("league add " + dir.string() + " quiet=" + kBin + "/random_bot").status == 0);
  REQUIRE(run_arena("league run " + dir.string() + " --games 4 --quiet").status == 0);

  // The mean the table should show, from the records' own bot lines: {N: sK info data nodes X}.
  const std::string pgn = run_arena("league export " + dir.string()).out;
  double sum = 0;
  int count = 0;
  std::istringstream in(pgn);
  std::string white, black;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("[White \"", 0) == 0) white = line.substr(8, line.size() - 10);
    if (line.rfind("[Black \"", 0) == 0) black = line.substr(8, line.size() - 10);
    for (std::size_t at = line.find(" info data nodes "); at != std::string::npos;
         at = line.find(" info data nodes ", at + 1)) {
      const int seat = line[at - 1] - '0';  // "{N: sK info ..."
      REQUIRE((seat == 1 ? white : black) == "talker");
      sum += std::stod(line.substr(at + 17));
      ++count;
    }
  }
  REQUIRE(count > 0);
  const auto json = boost::json::parse(run_arena("league table " + dir.string() + " --json").out);
  for (const auto& b : json.at("bots").as_array()) {
    if (b.at("name") == "talker") CHECK(b.at("data").at("nodes").to_number<double>() == Approx(sum / count));
    if (b.at("name") == "quiet") CHECK(b.at("data").as_object().empty());
  }
  const std::string text = run_arena("league table " + dir.string()).out;
  CHECK(text.find("bot figures (info data KEY VALUE") != std::string::npos);
  CHECK(run_arena("league table " + dir.string() + " --csv").out.find(",data:nodes\n") != std::string::npos);
}

}  // namespace table_columns_test

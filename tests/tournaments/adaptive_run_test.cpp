// `arena tournament --format adaptive` through the real binary: the same records after kill -9
// and --resume (killed mid-batch), the same records at concurrency 1 and 2, no bot starved,
// each stop rule named in adaptive.txt, and bad settings refused.
#include <catch2/catch.hpp>

#include "formats_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace adaptive_run_test {

using namespace fmtest;

namespace {

const std::vector<std::pair<std::string, std::string>> kBots{
    {"greedy", "greedy_bot"}, {"rand", "random_bot"},    {"first", "first_move_bot"},
    {"rand2", "random_bot"},  {"greedy2", "greedy_bot"}, {"rand3", "random_bot"}};

std::vector<std::string> adaptive_args(const fs::path& out, const std::string& tag, int concurrency,
                                       std::vector<std::string> extra) {
  extra.insert(extra.begin(), {"--format", "adaptive", "--batch", "4"});
  return tournament_args("clump:size=4", kBots, out, tag, concurrency, extra);
}

}  // namespace

TEST_CASE("adaptive: kill -9 mid-batch and --resume give the records of an uninterrupted run",
          "[adaptive][formats]") {
  Dir reference("ad-ref"), killed("ad-killed");
  REQUIRE(run(adaptive_args(reference.path, "ad1", 1, {"--games", "60"})) == 0);
  // Killed every 5 games: batches are 8 games, so most kills land inside a batch.
  const int kills = run_with_kills(adaptive_args(killed.path, "ad1", 2, {"--games", "60"}), killed.path, 5);
  CHECK(kills >= 2);
  expect_same_records(reference.path, killed.path);
  CHECK(journal(reference.path).size() == 60);
}

TEST_CASE("adaptive: the same records at concurrency 1 and 2, no bot starved", "[adaptive][formats]") {
  Dir one("ad-c1"), two("ad-c2");
  REQUIRE(run(adaptive_args(one.path, "ad2", 1, {"--games", "80", "--top", "2"})) == 0);
  REQUIRE(run(adaptive_args(two.path, "ad2", 2, {"--games", "80", "--top", "2"})) == 0);
  expect_same_records(one.path, two.path);
  std::map<std::string, int> games;
  const auto entries = journal(one.path);
  for (const auto& e : entries)
    for (const auto& p : e.players) ++games[p];
  const double mean = 2.0 * static_cast<double>(entries.size()) / kBots.size();
  for (const auto& [name, exe] : kBots) {
    INFO(name);
    CHECK(games[name] >= 0.25 * mean - 2);  // --min-share 0.25 (one pair of slack at the last batch)
  }
  const std::string summary = slurp(one.path / "adaptive.txt");
  CHECK(summary.find("stopped: the games (--games) are spent") != std::string::npos);
}

TEST_CASE("adaptive: the interval and separation stop rules end the run early", "[adaptive][formats]") {
  Dir wide("ad-ci"), order("ad-sep");
  REQUIRE(run(adaptive_args(wide.path, "ad3", 2, {"--games", "2000", "--target-ci", "1000"})) == 0);
  CHECK(slurp(wide.path / "adaptive.txt").find("stopped: every rating's interval is below --target-ci") !=
        std::string::npos);
  CHECK(journal(wide.path).size() < 2000);
  // Two bots far apart (greedy against a bot that always plays its first move): the order of
  // the whole table is soon known.
  REQUIRE(
      run(tournament_args("clump:size=4", {{"greedy", "greedy_bot"}, {"first", "first_move_bot"}}, order.path,
                          "ad4", 2, {"--format", "adaptive", "--games", "400", "--confidence", "0.9"})) == 0);
  CHECK(slurp(order.path / "adaptive.txt").find("stopped: the order asked for is known") !=
        std::string::npos);
  CHECK(journal(order.path).size() < 400);
}

TEST_CASE("adaptive: bad settings are refused with the setting named", "[adaptive][formats]") {
  Dir d("ad-bad");
  const fs::path err = d.path.string() + ".err";
  CHECK(run(adaptive_args(d.path, "ad5", 1, {}), "/dev/null", err) == 2);
  CHECK(slurp(err).find("needs --games") != std::string::npos);
  CHECK(run(adaptive_args(d.path, "ad5", 1, {"--games", "10", "--top", "6"}), "/dev/null", err) == 2);
  CHECK(slurp(err).find("top: 6 must be below the number of bots") != std::string::npos);
  CHECK(run(tournament_args("clump:size=4", kBots, d.path, "ad5", 1, {"--top", "2"}), "/dev/null", err) == 2);
  CHECK(slurp(err).find("only meaningful with format adaptive") != std::string::npos);
  // --resume refuses any setting by name (the folder's tournament.json holds them all).
  CHECK(run({reftest::bin("arena"), "tournament", "--resume", d.path.string(), "--top", "3"}, "/dev/null",
            err) == 2);
  CHECK(slurp(err).find("drop --top") != std::string::npos);
  fs::remove(err);
}

}  // namespace adaptive_run_test

// Swiss, knockout and SPRT gauntlet tournaments end to end through the real `arena`
// binary: pairings, outputs, independence from --concurrency, and kill -9 then --resume
// giving the records of an uninterrupted run.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "formats_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace formats_test {

namespace {

using namespace fmtest;

// Five bots of three kinds; `extra` adds format flags.
std::vector<std::string> args(const fs::path& out, const std::string& tag, int concurrency,
                              const std::vector<std::string>& extra,
                              const std::string& game = "clump:size=4") {
  return tournament_args(game,
                         {{"greedy", "greedy_bot"},
                          {"rand", "random_bot"},
                          {"first", "first_move_bot"},
                          {"rand2", "random_bot"},
                          {"greedy2", "greedy_bot"}},
                         out, tag, concurrency, extra);
}

}  // namespace

TEST_CASE("formats: a Swiss of five bots pairs by score with a bye each round", "[formats]") {
  Dir one("swiss1"), three("swiss3");
  const auto tag = reftest::new_tag();
  const std::vector<std::string> swiss{"--format", "swiss", "--rounds", "3", "--games", "2"};
  REQUIRE(run(args(one.path, tag, 1, swiss), one.path.string() + ".out") == 0);
  const auto games = journal(one.path);
  REQUIRE(games.size() == 3 * 2 * 2);  // three rounds of two pairings (one bot sits out), two games each
  // Round 1 pairs in the given order: greedy-rand, first-rand2; greedy2 sits out.
  CHECK(games[0].round == "1.1.1");
  CHECK(games[0].players == std::vector<std::string>{"greedy", "rand"});
  CHECK(games[1].players == std::vector<std::string>{"rand", "greedy"});
  CHECK(games[2].players == std::vector<std::string>{"first", "rand2"});
  std::set<std::set<std::string>> met;
  std::map<std::string, int> sat_out;
  for (int round = 1; round <= 3; ++round) {
    std::set<std::string> playing;
    for (const auto& e : games)
      if (e.round[0] == '0' + round) {
        playing.insert(e.players.begin(), e.players.end());
        met.insert({e.players[0], e.players[1]});
      }
    CHECK(playing.size() == 4);
    for (const char* b : {"greedy", "rand", "first", "rand2", "greedy2"})
      if (!playing.count(b)) ++sat_out[b];
  }
  CHECK(met.size() == 6);  // no pairing is played twice (pairs of games share one entry here)
  for (const auto& [bot, n] : sat_out) CHECK(n == 1);
  const std::string standings = slurp(one.path / "swiss.txt");
  CHECK_THAT(standings, Catch::Contains("buchholz") && Catch::Contains("SB") && Catch::Contains("greedy2"));
  CHECK_THAT(slurp(one.path.string() + ".out"), Catch::Contains("Swiss standings"));
  // The same records whatever the concurrency.
  REQUIRE(run(args(three.path, tag, 3, swiss)) == 0);
  expect_same_records(one.path, three.path);
  fs::remove(one.path.string() + ".out");
}

TEST_CASE("formats: a knockout of five bots follows its seeded bracket", "[formats]") {
  Dir ko("ko");
  const auto tag = reftest::new_tag();
  const fs::path out = ko.path.string() + ".out";
  REQUIRE(run(args(ko.path, tag, 2,
                   {"--format", "knockout", "--games", "2", "--seeds", "greedy2,greedy,first,rand2,rand"}),
              out) == 0);
  const auto games = journal(ko.path);
  REQUIRE(games.size() >= 2 * 4);  // four matches of at least one pair each
  // Round 1: seeds 4 and 5 (rand2, rand) play; seeds 1-3 have byes.
  CHECK(games[0].round == "1.2.1");
  CHECK(games[0].players == std::vector<std::string>{"rand2", "rand"});
  const std::string bracket = slurp(ko.path / "bracket.txt");
  CHECK_THAT(bracket, Catch::Contains("greedy2 (1): bye") && Catch::Contains("Round 3") &&
                          Catch::Contains("Winner: "));
  CHECK_FALSE(fs::exists(ko.path / "crosstable.txt"));
  const std::string printed = slurp(out);
  CHECK_THAT(printed, Catch::Contains("Bracket") && !Catch::Contains("Crosstable"));
  fs::remove(out);
}

TEST_CASE("formats: a knockout of eight bots plays three rounds", "[formats]") {
  Dir ko("ko8");
  const auto tag = reftest::new_tag();
  auto a = args(ko.path, tag, 2, {"--format", "knockout", "--games", "2"});
  for (const char* extra : {"x1", "x2", "x3"})
    a.insert(a.begin() + 3, {"--bot", std::string(extra) + "=" + reftest::bin("random_bot") + " " + tag});
  REQUIRE(run(a) == 0);
  const auto games = journal(ko.path);
  std::map<char, std::set<std::string>> tables;  // round -> "R.T"
  for (const auto& e : games) tables[e.round[0]].insert(e.round.substr(0, e.round.rfind('.')));
  CHECK(tables['1'].size() == 4);
  CHECK(tables['2'].size() == 2);
  CHECK(tables['3'].size() == 1);
  CHECK(tables.size() == 3);
}

TEST_CASE("formats: Swiss and knockout survive kill -9 and --resume with the same records", "[formats]") {
  const auto tag = reftest::new_tag();
  for (const std::vector<std::string>& format :
       {std::vector<std::string>{"--format", "swiss", "--rounds", "4", "--games", "4"},
        std::vector<std::string>{"--format", "knockout", "--games", "6"}}) {
    Dir reference("ref"), killed("killed");
    REQUIRE(run(args(reference.path, tag, 2, format)) == 0);
    const int kills = run_with_kills(args(killed.path, tag, 2, format), killed.path, 3);
    INFO(format[1] << ": " << kills << " kills");
    CHECK(kills >= 3);
    expect_same_records(reference.path, killed.path);
    const char* table = format[1] == "swiss" ? "swiss.txt" : "bracket.txt";
    CHECK(slurp(killed.path / table) == slurp(reference.path / table));
  }
}

TEST_CASE("formats: a gauntlet with --sprt stops each pairing on its decision", "[formats]") {
  Dir g("sprt"), g3("sprt3");
  const auto tag = reftest::new_tag();
  const std::vector<std::string> sprt{"--gauntlet", "greedy", "--games",
                                      "60",         "--sprt", "elo0=0,elo1=50,alpha=0.05,beta=0.05"};
  REQUIRE(run(args(g.path, tag, 2, sprt)) == 0);
  const std::string report = slurp(g.path / "sprt.txt");
  INFO(report);
  // greedy against the random bot: decided long before the cap of 30 pairs.
  const std::size_t line = report.find("greedy vs rand: LLR ");
  REQUIRE(line != std::string::npos);
  CHECK(report.substr(line, report.find('\n', line) - line).find("H1 accepted") != std::string::npos);
  const auto games = journal(g.path);
  CHECK(games.size() < 4 * 60);
  CHECK(games.size() % 2 == 0);
  REQUIRE(run(args(g3.path, tag, 3, sprt)) == 0);
  expect_same_records(g.path, g3.path);
}

TEST_CASE("formats: bad format settings are refused", "[formats]") {
  Dir d("bad");
  const auto tag = reftest::new_tag();
  CHECK(run(args(d.path, tag, 1, {"--format", "knockout", "--seeds", "nobody"})) == 2);
  CHECK(run(args(d.path, tag, 1, {"--format", "swiss", "--sprt", "elo0=0,elo1=5,alpha=0.05,beta=0.05"})) ==
        2);
  CHECK(run(args(d.path, tag, 1, {"--gauntlet", "greedy", "--sprt", "elo0=0"})) == 2);
  CHECK_FALSE(fs::exists(d.path / "journal.jsonl"));
}

}  // namespace formats_test

// Partnerships rotate through the real `arena` binary (issue 26): four bots at a 4-player
// Flows table, whose players on opposite sides are partners, play every partnership from
// every seat in a match and in a tournament, and the records' results carry those teams.
// Before Flows declared its teams the same two bots partnered in every game.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "../tournaments/formats_test_util.h"
#include "records/pgn.h"
#include "tests/pgn_read.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace team_rotation_test {

namespace {

using namespace fmtest;

using shelltest::records;

// 12 games of four bots at flows:players=4: each of the three partnerships ({a,c} {b,d},
// {a,b} {c,d}, {a,d} {b,c}) in its four rotations, so every bot sits in every seat three
// times and partners each other bot in four games; partners share their result.
void check_rotated(const std::vector<arena::GameRecord>& games) {
  REQUIRE(games.size() == 12);
  std::map<std::string, std::map<int, int>> seats;  // bot -> seat -> games
  std::map<std::set<std::string>, int> partners;    // pair of bots -> games together
  for (const auto& g : games) {
    INFO("round " << g.round);
    REQUIRE(g.players.size() == 4);
    REQUIRE(g.results.size() == 4);
    for (int s = 0; s < 4; ++s) {
      ++seats[g.players[s]][s + 1];
      CHECK(g.results[s].team == s % 2);  // seats 1+3 against 2+4
    }
    CHECK(g.results[0].rank == g.results[2].rank);
    CHECK(g.results[1].rank == g.results[3].rank);
    ++partners[{g.players[0], g.players[2]}];
    ++partners[{g.players[1], g.players[3]}];
  }
  CHECK(seats.size() == 4);
  for (const auto& [bot, by_seat] : seats)
    for (int s = 1; s <= 4; ++s) {
      INFO(bot << " seat " << s);
      CHECK(by_seat.count(s) == 1);
      if (by_seat.count(s)) CHECK(by_seat.at(s) == 3);
    }
  CHECK(partners.size() == 6);  // every pair of the four bots
  for (const auto& [pair, n] : partners) CHECK(n == 4);
}

std::vector<std::string> four_bots(const std::string& tag) {
  std::vector<std::string> flags;
  for (const char* name : {"a", "b", "c", "d"})
    flags.insert(flags.end(), {"--bot", std::string(name) + "=" + reftest::bin("random_bot") + " " + tag});
  return flags;
}

}  // namespace

TEST_CASE("teams: arena match rotates the Flows partnerships over every seat", "[cli][teams]") {
  Dir dir("teams-match");
  fs::create_directories(dir.path);
  const auto tag = reftest::new_tag();
  std::vector<std::string> args{
      reftest::bin("arena"),        "match", "flows:players=4", "--games", "12", "--seed", "3", "--out",
      (dir.path / "m.pgn").string()};
  const auto bots = four_bots(tag);
  args.insert(args.end(), bots.begin(), bots.end());
  REQUIRE(run(args, dir.path / "out.txt") == 0);
  check_rotated(records(dir.path / "m.pgn"));
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("teams: a Flows tournament rotates partnerships the same way", "[cli][teams]") {
  Dir dir("teams-tournament");
  const auto tag = reftest::new_tag();
  std::vector<std::string> args{reftest::bin("arena"),
                                "tournament",
                                "flows:players=4",
                                "--games",
                                "1",
                                "--seed",
                                "3",
                                "--quiet",
                                "--out",
                                dir.path.string()};
  const auto bots = four_bots(tag);
  args.insert(args.end(), bots.begin(), bots.end());
  REQUIRE(run(args) == 0);
  check_rotated(records(dir.path / "games.pgn"));
  CHECK(reftest::processes_left(tag).empty());
}

}  // namespace team_rotation_test

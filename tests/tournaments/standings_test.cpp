#include <catch2/catch.hpp>

#include "tournaments/standings.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace standings_test {

using namespace arena;

namespace {
JournalEntry game(std::vector<std::string> players, std::vector<int> ranks, std::vector<int> teams = {},
                  std::string term = "normal", int fault = 0) {
  JournalEntry e;
  e.players = std::move(players);
  e.ranks = std::move(ranks);
  e.teams = std::move(teams);
  e.termination = std::move(term);
  e.fault_seat = fault;
  return e;
}
}  // namespace

TEST_CASE("standings: seat points are shares of opponents beaten, teammates excluded", "[standings]") {
  CHECK(seat_points(game({"a", "b"}, {1, 2})) == std::vector<double>{1, 0});
  CHECK(seat_points(game({"a", "b"}, {1, 1})) == std::vector<double>{0.5, 0.5});
  CHECK(seat_points(game({"a", "b", "c"}, {1, 2, 2})) == std::vector<double>{1, 0.25, 0.25});
  CHECK(seat_points(game({"a", "b", "c", "d"}, {1, 2, 1, 2}, {0, 1, 0, 1})) == std::vector<double>{1, 0, 1, 0});
}

TEST_CASE("standings: totals, W/D/L, crosstable and faults", "[standings]") {
  Standings s({"a", "b", "c"});
  s.add(game({"a", "b"}, {1, 2}));
  s.add(game({"b", "a"}, {1, 1}));
  s.add(game({"c", "a"}, {2, 1}, {}, "time forfeit", 1));
  CHECK(s.games() == 3);
  const auto& a = s.bots()[0];
  CHECK(a.games == 3);
  CHECK(a.points == 2.5);
  CHECK(a.wins == 2);
  CHECK(a.draws == 1);
  CHECK(s.points_against(0, 1) == 1.5);
  CHECK(s.games_against(0, 1) == 2);
  CHECK(s.points_against(1, 0) == 0.5);
  CHECK(s.bots()[2].faults.at("time forfeit") == 1);
  CHECK(s.order().front() == 0);
  CHECK_THAT(s.crosstable_text(), Catch::Contains("1 a") && Catch::Contains("1.5/2"));
  CHECK_THAT(s.faults_csv(), Catch::Contains("bot,games,time forfeit") && Catch::Contains("c,1,1"));
}

TEST_CASE("standings: aborted games count faults but no result", "[standings]") {
  Standings s({"a", "b"});
  s.add(game({"a", "b"}, {}, {}, "aborted"));
  CHECK(s.bots()[0].games == 0);
  CHECK(s.games() == 1);
}

}  // namespace standings_test

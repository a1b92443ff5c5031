#include "referee/match_summary.h"

#include <catch2/catch.hpp>

#include "referee/match_schedule.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace match_summary_test {

using namespace arena;

namespace {
GameRecord two_seat(const char* a, const char* b, int rank_a, int rank_b,
                    Termination t = Termination::kNormal, int fault = 0) {
  GameRecord r;
  r.players = {a, b};
  r.results = {SeatResult{rank_a, rank_a == 1 ? 1.0 : 0.0, 0},
               SeatResult{rank_b, rank_b == 1 ? 1.0 : 0.0, 1}};
  if (rank_a == rank_b) r.results[0].score = r.results[1].score = 0.5;
  r.termination = t;
  r.fault_seat = fault;
  return r;
}
}  // namespace

TEST_CASE("match summary: W/L/D, faults, aborted games not counted", "[referee]") {
  MatchSummary s({"x", "y"});
  s.add(two_seat("x", "y", 1, 2));
  s.add(two_seat("y", "x", 1, 1));
  s.add(two_seat("y", "x", 1, 2, Termination::kTimeForfeit, 2));
  GameRecord aborted = two_seat("x", "y", 1, 2, Termination::kAborted);
  aborted.results.clear();
  s.add(aborted);
  const auto& x = s.lines()[0];
  CHECK(x.games == 3);
  CHECK(x.wins == 1);
  CHECK(x.draws == 1);
  CHECK(x.losses == 1);
  CHECK(x.faults.at(Termination::kTimeForfeit) == 1);
  CHECK(s.lines()[1].faults.empty());
  CHECK(s.aborted() == 1);
  const std::string table = s.table(2);
  CHECK(table.find("1 time-forfeit") != std::string::npos);
  CHECK(table.find("1 game(s) aborted") != std::string::npos);
  CHECK(MatchSummary::game_line(two_seat("x", "y", 2, 1, Termination::kCrash, 1), 2, 5)
            .find("[2/5] x - y  0-1  (crash by x") == 0);
}

TEST_CASE("match schedule: seats rotate and each rotation shares a seed", "[referee]") {
  auto jobs = rotation_schedule("flush", 3, 3, 7, 11);
  REQUIRE(jobs.size() == 7);
  CHECK(jobs[0].seats == std::vector<int>{0, 1, 2});
  CHECK(jobs[1].seats == std::vector<int>{1, 2, 0});
  CHECK(jobs[2].seats == std::vector<int>{2, 0, 1});
  CHECK(jobs[3].seats == std::vector<int>{0, 1, 2});
  CHECK(jobs[0].seed == jobs[2].seed);
  CHECK(jobs[3].seed != jobs[0].seed);
  CHECK(jobs[6].round == "7");
  auto two = rotation_schedule("clump", 2, 2, 4, 1);
  CHECK(two[1].seats == std::vector<int>{1, 0});
}

}  // namespace match_summary_test

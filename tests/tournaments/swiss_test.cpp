// Swiss pairings checked against rounds worked by hand (docs/tournaments.md).
#include "tournaments/swiss.h"

#include <catch2/catch.hpp>
#include <set>

#include "engine/core/user_error.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace swiss_test {

using namespace arena;

namespace {
using Tables = std::vector<std::vector<int>>;

Tables bots_of(const std::vector<StageTable>& stage) {
  Tables out;
  for (const auto& t : stage) out.push_back(t.bots);
  return out;
}
}  // namespace

TEST_CASE("swiss: four bots, three rounds worked by hand", "[swiss]") {
  Swiss s(4, 2, 3, 1, 2);  // one pair (two games) per pairing
  auto r1 = s.next_stage();
  CHECK(bots_of(r1) == Tables{{0, 1}, {2, 3}});
  CHECK(r1[0].round == 1);
  CHECK(r1[1].table == 2);
  s.results({{2, 0}, {1, 1}});  // scores 0:2 1:0 2:1 3:1
  // Ranked 0 2 3 1: the leader meets the next, no rematch; seats: bots that started
  // as often as each other swap in even rounds.
  CHECK(bots_of(s.next_stage()) == Tables{{2, 0}, {1, 3}});
  s.results({{0.5, 1.5}, {2, 0}});  // scores 0:3.5 1:2 2:1.5 3:1
  // Ranked 0 1 2 3: 0 has met 1 and 2, so it meets 3 and 1 meets 2; 3 never started.
  CHECK(bots_of(s.next_stage()) == Tables{{3, 0}, {1, 2}});
  s.results({{1, 1}, {1, 1}});  // final scores 0:4.5 1:3 2:2.5 3:2
  CHECK(s.next_stage().empty());
  auto rows = s.standings();
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].bot == 0);
  CHECK(rows[0].score == 4.5);
  CHECK(rows[0].buchholz == 7.5);             // 3 + 2.5 + 2
  CHECK(rows[0].sonneborn == Approx(5.875));  // 2/2*3 + 1.5/2*2.5 + 1/2*2
  CHECK(rows[1].bot == 1);
  CHECK(rows[1].buchholz == 9);  // 4.5 + 2 + 2.5
  CHECK(rows[3].bot == 3);
  CHECK(rows[3].buchholz == 10);
}

TEST_CASE("swiss: an odd bot out gets a bye, the lowest-ranked without one", "[swiss]") {
  Swiss s(5, 2, 3, 1, 2);
  CHECK(bots_of(s.next_stage()) == Tables{{0, 1}, {2, 3}});  // 4 sits out
  s.results({{2, 0}, {2, 0}});                               // 0:2 2:2 4:2 (bye) 1:0 3:0
  // Ranked 0 2 4 1 3: 3 is the lowest without a bye; 0-2 and 4-1 have not met.
  auto r2 = bots_of(s.next_stage());
  CHECK(r2 == Tables{{2, 0}, {1, 4}});
  s.results({{1, 1}, {1, 1}});
  auto rows = s.standings();
  for (const auto& r : rows) CHECK(r.byes == (r.bot == 3 || r.bot == 4 ? 1 : 0));
  CHECK(rows[0].score == 3);  // 0, 2 and 4 have 3 each
}

TEST_CASE("swiss: rematches are avoided while possible", "[swiss]") {
  Swiss s(4, 2, 4, 1, 2);
  s.next_stage();               // 0-1 2-3
  s.results({{2, 0}, {2, 0}});  // 0:2 2:2 1:0 3:0
  auto r2 = bots_of(s.next_stage());
  CHECK(r2 == Tables{{2, 0}, {3, 1}});  // 0-2, 1-3
  s.results({{1, 1}, {1, 1}});          // 0:3 2:3 1:1 3:1
  // 0 has met 1 and 2, so it meets 3, and 2 meets 1.
  auto r3 = bots_of(s.next_stage());
  REQUIRE(r3.size() == 2);
  std::set<std::set<int>> pairs;
  for (const auto& t : r3) pairs.insert({t[0], t[1]});
  CHECK(pairs == std::set<std::set<int>>{{0, 3}, {1, 2}});
  s.results({{1, 1}, {1, 1}});
  // Everyone has met everyone: the fourth round repeats meetings rather than stopping.
  CHECK(s.next_stage().size() == 2);
}

TEST_CASE("swiss: multi-seat games sit bots of similar score together", "[swiss]") {
  Swiss s(7, 3, 2, 1, 3);
  CHECK(bots_of(s.next_stage()) == Tables{{0, 1, 2}, {3, 4, 5}});  // 6 sits out
  s.results({{0, 1, 2}, {3, 2, 1}});  // 2:2 1:1 0:0  3:3 4:2 5:1  6:1.5 (bye: half)
  // Ranked 3 2 4 6 1 5 0: 0 is the lowest without a bye.
  CHECK(bots_of(s.next_stage()) == Tables{{3, 2, 4}, {6, 1, 5}});
}

TEST_CASE("swiss: refuses fewer bots than seats", "[swiss]") {
  CHECK_THROWS_AS(Swiss(2, 3, 1, 1, 3), UserError);
}

}  // namespace swiss_test

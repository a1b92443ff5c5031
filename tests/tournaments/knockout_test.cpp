// Knockout brackets of 8 and 5 bots, extensions of tied matches, multi-seat tables.
#include "tournaments/knockout.h"

#include <catch2/catch.hpp>

#include "engine/core/user_error.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace knockout_test {

using namespace arena;

namespace {
using Tables = std::vector<std::vector<int>>;

Tables bots_of(const std::vector<StageTable>& stage) {
  Tables out;
  for (const auto& t : stage) out.push_back(t.bots);
  return out;
}

// Results where the first bot at each table (the better seed) wins both games of the pair.
std::vector<std::vector<double>> seed_wins(const std::vector<StageTable>& stage) {
  std::vector<std::vector<double>> out;
  for (const auto& t : stage) {
    std::vector<double> p(t.bots.size(), 0);
    p[0] = 2;
    out.push_back(p);
  }
  return out;
}
}  // namespace

TEST_CASE("knockout: bracket positions keep the top seeds apart", "[knockout]") {
  CHECK(bracket_positions(8) == std::vector<int>{0, 7, 3, 4, 1, 6, 2, 5});
  CHECK(bracket_positions(2) == std::vector<int>{0, 1});
}

TEST_CASE("knockout: eight bots, three rounds, an upset", "[knockout]") {
  Knockout k({0, 1, 2, 3, 4, 5, 6, 7}, 2, 1, 1, 2);
  auto r1 = k.next_stage();
  CHECK(bots_of(r1) == Tables{{0, 7}, {3, 4}, {1, 6}, {2, 5}});
  auto res = seed_wins(r1);
  res[1] = {0.5, 1.5};  // seed 5 (bot 4) beats seed 4
  k.results(res);
  auto r2 = k.next_stage();
  CHECK(bots_of(r2) == Tables{{0, 4}, {1, 2}});
  CHECK(r2[0].round == 2);
  k.results(seed_wins(r2));
  auto r3 = k.next_stage();
  CHECK(bots_of(r3) == Tables{{0, 1}});
  CHECK(k.champion() == -1);
  k.results({{0, 2}});
  CHECK(k.next_stage().empty());
  CHECK(k.champion() == 1);
  const std::vector<std::string> names{"a", "b", "c", "d", "e", "f", "g", "h"};
  const std::string text = k.report(names);
  CHECK_THAT(text, Catch::Contains("d (4) 0.5 - e (5) 1.5  -> e"));
  CHECK_THAT(text, Catch::Contains("Winner: b"));
}

TEST_CASE("knockout: five bots, byes to the top three seeds", "[knockout]") {
  // Seeding order given: bot 4 is the top seed.
  Knockout k({4, 0, 1, 2, 3}, 2, 1, 1, 2);
  auto r1 = k.next_stage();
  CHECK(bots_of(r1) == Tables{{2, 3}});  // seeds 4 and 5; seeds 1-3 have byes
  CHECK(r1[0].table == 2);
  k.results({{0, 2}});  // seed 5 goes on
  auto r2 = k.next_stage();
  CHECK(bots_of(r2) == Tables{{4, 3}, {0, 1}});
  k.results(seed_wins(r2));
  CHECK(bots_of(k.next_stage()) == Tables{{4, 0}});
  k.results({{2, 0}});
  CHECK(k.next_stage().empty());
  CHECK(k.champion() == 4);
  const std::string text = k.report({"a", "b", "c", "d", "e"});
  CHECK_THAT(text, Catch::Contains("e (1): bye"));
}

TEST_CASE("knockout: a tied match plays extra pairs, then the better seed goes on", "[knockout]") {
  Knockout k({0, 1}, 2, 1, 2, 2);
  auto s = k.next_stage();
  REQUIRE(s.size() == 1);
  CHECK(s[0].sets == 2);
  k.results({{2, 2}});
  s = k.next_stage();
  REQUIRE(s.size() == 1);
  CHECK(s[0].first_set == 2);
  CHECK(s[0].sets == 1);
  k.results({{1, 1}});
  s = k.next_stage();
  REQUIRE(s.size() == 1);
  CHECK(s[0].first_set == 3);
  k.results({{1, 1}});
  CHECK(k.next_stage().empty());  // cap of two extra pairs reached
  CHECK(k.champion() == 0);
  CHECK(k.rounds()[0][0].by_seed);
  CHECK_THAT(k.report({"a", "b"}), Catch::Contains("(still tied: better seed)"));
}

TEST_CASE("knockout: an extra pair that breaks the tie decides the match", "[knockout]") {
  Knockout k({0, 1}, 2, 1, 1, 3);
  k.next_stage();
  k.results({{1, 1}});
  k.next_stage();
  k.results({{0.5, 1.5}});
  CHECK(k.next_stage().empty());
  CHECK(k.champion() == 1);
  CHECK_FALSE(k.rounds()[0][0].by_seed);
}

TEST_CASE("knockout: multi-seat tables send their best on", "[knockout]") {
  Knockout k({0, 1, 2, 3, 4, 5}, 3, 1, 1, 0);
  auto r1 = k.next_stage();
  // Snake seeding over two tables; two go on from each so that the next round fills a table.
  CHECK(bots_of(r1) == Tables{{0, 3, 4}, {1, 2, 5}});
  k.results({{0, 2, 1}, {3, 1, 2}});  // 3 then 4 go on; 1 then 5
  auto r2 = k.next_stage();
  // Four left: the top seed (bot 1) has a bye, three sit at the table, two go on.
  CHECK(bots_of(r2) == Tables{{3, 4, 5}});
  k.results({{1, 2, 0}});
  auto final_table = k.next_stage();
  CHECK(bots_of(final_table) == Tables{{1, 3, 4}});
  k.results({{0, 2, 1}});
  CHECK(k.next_stage().empty());
  CHECK(k.champion() == 3);
}

TEST_CASE("knockout: refuses a bad seeding or advance", "[knockout]") {
  CHECK_THROWS_AS(Knockout({0, 0, 1}, 2, 1, 1, 1), std::logic_error);  // a caller's bug
  CHECK_THROWS_AS(Knockout({0, 1, 2, 3}, 3, 3, 1, 1), UserError);
}

}  // namespace knockout_test

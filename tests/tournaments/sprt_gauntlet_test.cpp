// The per-pairing SPRT of a gauntlet: each pairing leaves the stages once it is decided.
#include "tournaments/sprt_gauntlet.h"

#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace sprt_gauntlet_test {

using namespace arena;

TEST_CASE("sprt gauntlet: each pairing stops on its own bound", "[sprt]") {
  SprtParams p = parse_sprt("elo0=0,elo1=10,alpha=0.05,beta=0.05");
  SprtGauntlet g(3, {0}, p, 1000);
  int stages = 0;
  for (auto stage = g.next_stage(); !stage.empty(); stage = g.next_stage()) {
    ++stages;
    std::vector<std::vector<double>> points;
    for (const auto& t : stage) {
      REQUIRE(t.bots[0] == 0);
      // Against bot 1 the chosen bot wins 3 pairs in 4 and draws the rest; against bot 2 it loses.
      if (t.bots[1] == 1)
        points.push_back(t.first_set % 4 == 3 ? std::vector<double>{1, 1} : std::vector<double>{2, 0});
      else
        points.push_back(t.first_set % 4 == 3 ? std::vector<double>{1, 1} : std::vector<double>{0, 2});
    }
    g.results(points);
    REQUIRE(stages < 1000);
  }
  REQUIRE(g.pairings().size() == 2);
  CHECK(g.pairings()[0].sprt.decision == SprtDecision::kAcceptH1);
  CHECK(g.pairings()[1].sprt.decision == SprtDecision::kAcceptH0);
  CHECK(g.pairings()[0].results.pairs() < 100);
  CHECK_THAT(g.report({"a", "b", "c"}), Catch::Contains("a vs b: LLR") && Catch::Contains("H1 accepted"));
}

TEST_CASE("sprt gauntlet: the pair cap ends an undecided pairing", "[sprt]") {
  SprtGauntlet g(2, {1}, parse_sprt("elo0=0,elo1=5,alpha=0.05,beta=0.05"), 3);
  int stages = 0;
  for (auto stage = g.next_stage(); !stage.empty(); stage = g.next_stage()) {
    ++stages;
    g.results({{1, 1}});
  }
  CHECK(stages == 3);
  CHECK(g.pairings()[0].results.pairs() == 3);
  CHECK_THAT(g.report({"a", "b"}), Catch::Contains("b vs a") && Catch::Contains("pair cap reached"));
}

}  // namespace sprt_gauntlet_test

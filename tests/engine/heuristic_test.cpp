// State::heuristic_value, the evaluation greedy_bot keeps the best move by (docs/engine.md,
// "Heuristic value"): Clump's spans and Flume's stones and tempo on known boards, and a
// finite value for every seat of every game's random live states.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "engine/clump/clump_state.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/flume/flume_state.h"
#include "tests/engine/every_spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace heuristic_test {

using namespace arena;

TEST_CASE("heuristic: Clump is the own widest span less the opponent's", "[heuristic]") {
  const auto g = make_game("clump:size=4");
  // Red's group on column a with b2 spans rows 1-4; Blue's widest (b4 b3 c3 c2 d2 d1)
  // spans columns b-d.
  const auto s = clump::ClumpState::from_board(static_cast<const clump::ClumpGame&>(*g),
                                               {"RBRB", "RBBR", "RRBB", "RBRB"}, 2);
  CHECK(s->heuristic_value(1) == 4 - 3);
  CHECK(s->heuristic_value(2) == 3 - 4);
}

TEST_CASE("heuristic: Flume counts stones and the tempo of the extra placements", "[heuristic]") {
  const auto g = make_game("flume:size=5");
  const auto s = g->new_initial_state();
  // No stone yet, no point with three occupied neighbours: only the turn counts.
  CHECK(s->heuristic_value(1) == 1);
  CHECK(s->heuristic_value(2) == -1);
}

TEST_CASE("heuristic: every game gives every seat a finite value", "[heuristic]") {
  std::vector<Move> scratch;
  for (const std::string& spec : test::every_spec()) {
    INFO(spec);
    const auto g = make_game(spec);
    Rng rng(3);
    auto s = g->new_initial_state();
    for (int ply = 0; ply < 200 && !s->is_terminal(); ++ply) {
      for (int seat = 1; seat <= g->num_players(); ++seat) REQUIRE(std::isfinite(s->heuristic_value(seat)));
      s->apply(s->is_chance() ? sample_chance(*s, rng) : random_action(*s, rng, scratch));
    }
  }
}

}  // namespace heuristic_test

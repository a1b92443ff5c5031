// The learning view's write path allocates nothing (engine/core/tensor.h): a training loop calls
// write_observation and write_legal_mask at every step, for every game and player count.
#include <catch2/catch.hpp>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/tensor.h"
#include "tests/batch/allocation_count.h"
#include "tests/engine/every_spec.h"

using namespace arena;

TEST_CASE("write path: observations and masks allocate nothing, in every game", "[batch][tensor]") {
  {
    // The count sees allocations: the observation's text makes a string.
    auto state = make_game("flush")->new_initial_state();
    const std::int64_t before = test::allocations.load();
    CHECK(!state->observation(1).empty());
    REQUIRE(test::allocations.load() > before);
  }
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    std::vector<float> observation(observation_size(*game));
    std::vector<std::uint8_t> mask(game->num_distinct_actions());
    std::vector<Move> scratch, moves;
    scratch.reserve(4096);
    moves.reserve(4096);
    Rng rng(3);
    std::int64_t writes = 0, allocated = 0;
    for (int g = 0; g < 3; ++g) {
      auto state = game->new_initial_state();
      while (!state->is_terminal()) {
        const std::int64_t before = test::allocations.load();
        for (int seat = 1; seat <= game->num_players(); ++seat) state->write_observation(seat, observation);
        write_legal_mask(*state, mask, scratch);
        allocated += test::allocations.load() - before;
        ++writes;
        state->apply(random_action(*state, rng, moves));
      }
    }
    INFO(spec << ": " << allocated << " allocations in " << writes << " writes");
    CHECK(allocated == 0);
  }
}

// The batch of games (bindings/batch/game_batch.h), over every registered game and player count:
// every row shows the seat to act with the observation and mask the engine gives that seat,
// games end with their rewards and start again, the result does not depend on the thread count,
// and bad input (an illegal action, arrays of the wrong size) is a UserError that moves nothing.
#include "bindings/batch/game_batch.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <limits>

#include "engine/core/registry.h"
#include "engine/core/tensor.h"
#include "tests/engine/every_spec.h"

using namespace arena;

namespace {

// A batch with arrays of its own.
struct Arrays {
  std::vector<float> observations, rewards;
  std::vector<std::uint8_t> masks, dones;
  std::vector<std::int32_t> seats, actions;

  explicit Arrays(GameBatch& batch)
      : observations(static_cast<std::size_t>(batch.size()) * batch.observation_size()),
        rewards(static_cast<std::size_t>(batch.size()) * batch.players()),
        masks(static_cast<std::size_t>(batch.size()) * batch.num_actions()),
        dones(batch.size()),
        seats(batch.size()),
        actions(batch.size()) {
    batch.bind({observations, masks, rewards, dones, seats});
  }
  bool operator==(const Arrays&) const = default;
};

// Every row agrees with its game: the seat to act, that seat's observation and legal mask.
void check_rows(const GameBatch& batch, const Arrays& a) {
  std::vector<float> observation(batch.observation_size());
  std::vector<std::uint8_t> mask(batch.num_actions());
  std::vector<Move> scratch;
  for (int i = 0; i < batch.size(); ++i) {
    const State& state = batch.state(i);
    INFO(batch.game().spec() << " row " << i);
    REQUIRE(a.seats[i] == state.current_player());
    REQUIRE(a.seats[i] >= 1);
    state.write_observation(a.seats[i], observation);
    REQUIRE(std::equal(observation.begin(), observation.end(),
                       a.observations.begin() + i * batch.observation_size()));
    write_legal_mask(state, mask, scratch);
    REQUIRE(std::equal(mask.begin(), mask.end(), a.masks.begin() + i * batch.num_actions()));
  }
}

}  // namespace

TEST_CASE("batch: rows show the seat to act, games end with rewards and start again", "[batch]") {
  for (const std::string& spec : arena::test::every_spec()) {
    GameBatch batch(make_game(spec), 4, 9);
    Arrays a(batch);
    batch.reset();
    check_rows(batch, a);
    int ended = 0;
    for (int step = 0; step < 300; ++step) {
      batch.sample_actions(a.actions);
      batch.step(a.actions);
      check_rows(batch, a);
      for (int i = 0; i < batch.size(); ++i) {
        float sum = 0, lowest = 1;
        for (int s = 0; s < batch.players(); ++s) {
          const float r = a.rewards[i * batch.players() + s];
          sum += std::abs(r);
          lowest = std::min(lowest, r);
        }
        if (a.dones[i]) {
          ++ended;
          REQUIRE(batch.state(i).history().size() < 200);  // already the next game
        } else {
          REQUIRE(sum == 0.0f);
        }
        REQUIRE(lowest >= -1.0f);
      }
    }
    INFO(spec);
    CHECK(batch.finished_games() == ended);
    if (spec.rfind("clump", 0) == 0 || spec.rfind("flume:", 0) == 0 || spec == "flume") CHECK(ended > 0);
  }
}

TEST_CASE("batch: after many steps and resets every row equals a fresh write of its position", "[batch]") {
  // The position rebuilt from the row's history in a new state, its observation written over
  // NaNs and its mask over garbage: a batch that wrote only what changed, or kept anything of a
  // row's earlier steps, games or resets (on either of two threads), would differ.
  for (const std::string& spec : arena::test::every_spec()) {
    std::shared_ptr<const Game> game = make_game(spec);
    GameBatch batch(game, 5, 17, 2);
    Arrays a(batch);
    batch.reset();
    std::vector<float> observation(batch.observation_size());
    std::vector<std::uint8_t> mask(batch.num_actions());
    std::vector<Move> scratch;
    std::int64_t ended = 0;
    for (int step = 1; step <= 240; ++step) {
      batch.sample_actions(a.actions);
      batch.step(a.actions);
      ended += std::count(a.dones.begin(), a.dones.end(), std::uint8_t{1});
      if (step % 80 == 0) batch.reset();
      if (step % 20 != 0) continue;
      for (int i = 0; i < batch.size(); ++i) {
        INFO(spec << " step " << step << " row " << i);
        auto fresh = game->new_initial_state();
        for (const Action& action : batch.state(i).history()) fresh->apply(action.move);
        REQUIRE(fresh->current_player() == a.seats[i]);
        std::fill(observation.begin(), observation.end(), std::numeric_limits<float>::quiet_NaN());
        fresh->write_observation(a.seats[i], observation);
        REQUIRE(std::equal(observation.begin(), observation.end(),
                           a.observations.begin() + i * batch.observation_size()));
        std::fill(mask.begin(), mask.end(), std::uint8_t{7});
        write_legal_mask(*fresh, mask, scratch);
        REQUIRE(std::equal(mask.begin(), mask.end(), a.masks.begin() + i * batch.num_actions()));
      }
    }
    INFO(spec);
    CHECK(batch.finished_games() == ended);
  }
}

TEST_CASE("batch: a finished two-player game rewards its winner +1 and its loser -1", "[batch]") {
  GameBatch batch(make_game("clump:size=4"), 3, 1);
  Arrays a(batch);
  batch.reset();
  int ended = 0;
  for (int step = 0; step < 200; ++step) {
    batch.sample_actions(a.actions);
    std::vector<std::int32_t> acting = a.seats;
    batch.step(a.actions);
    for (int i = 0; i < 3; ++i) {
      if (!a.dones[i]) continue;
      ++ended;
      const float r1 = a.rewards[i * 2], r2 = a.rewards[i * 2 + 1];
      CHECK(r1 == -r2);
      CHECK(std::abs(r1) == 1.0f);  // clump has no draws short of its cap
      // In Clump the mover's swap may connect either side, so either can win; the rewards
      // name the winner, and the next game starts with seat 1.
      CHECK(a.seats[i] == 1);
      (void)acting;
    }
  }
  CHECK(ended > 10);
}

TEST_CASE("batch: two threads give exactly what one gives", "[batch]") {
  // Every game, quick, with three seats where it can have them.
  for (const GameEntry* entry : all_games()) {
    const GameInfo& info = entry->info;
    const std::string spec = spec_for(info, std::clamp(3, info.min_players, info.max_players), true);
    GameBatch one(make_game(spec), 7, 42, 1), two(make_game(spec), 7, 42, 2);
    REQUIRE(two.threads() == 2);
    Arrays a(one), b(two);
    one.reset();
    two.reset();
    for (int step = 0; step < 100; ++step) {
      one.sample_actions(a.actions);
      two.sample_actions(b.actions);
      REQUIRE(a.actions == b.actions);
      one.step(a.actions);
      two.step(b.actions);
      INFO(spec << " step " << step);
      REQUIRE(a == b);
    }
  }
}

TEST_CASE("batch: an illegal action is a user error naming its row, and nothing moves", "[batch]") {
  GameBatch batch(make_game("flume:size=5"), 3, 2);
  Arrays a(batch);
  batch.reset();
  batch.sample_actions(a.actions);
  a.actions[1] = 12;  // the centre: Red's first placement may not be there
  const Arrays before = a;
  REQUIRE_THROWS_WITH(batch.step(a.actions),
                      "flume:size=5,early_end=false: action 12 is not legal in game 1 of the batch (seat 1 "
                      "has 24 legal actions)");
  CHECK(a == before);
  CHECK(batch.state(0).history().empty());
  a.actions[1] = 26;  // past the action space
  REQUIRE_THROWS_AS(batch.step(a.actions), UserError);
  a.actions[1] = 0;
  batch.step(a.actions);
  CHECK(batch.state(1).history().size() == 1);
}

TEST_CASE("batch: arrays of the wrong size, no arrays, and empty batches are user errors", "[batch]") {
  GameBatch batch(make_game("clump:size=4"), 2, 1);
  REQUIRE_THROWS_WITH(batch.reset(), "clump:size=4: the batch has no arrays to write to (bind them first)");
  std::vector<float> observations(2 * 80 - 1), rewards(4);
  std::vector<std::uint8_t> masks(2 * 64), dones(2);
  std::vector<std::int32_t> seats(2);
  REQUIRE_THROWS_WITH(batch.bind({observations, masks, rewards, dones, seats}),
                      "clump:size=4: the batch's observations array has 159 entries, 160 expected");
  REQUIRE_THROWS_WITH(GameBatch(make_game("clump:size=4"), 0, 1), "a batch needs at least one game (got 0)");
  REQUIRE_THROWS_WITH(GameBatch(make_game("clump:size=4"), 2, 1, 0),
                      "a batch needs at least one thread (got 0)");
}

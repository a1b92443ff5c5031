// The learning view (engine/core/tensor.h), over every registered game and player count: the
// observation tensor holds what its seat may know and never more (states the seat cannot tell
// apart, drawn by Game::sample_state from its views, give it the same tensor; a state where
// something it sees differs gives it another), the legal-move mask is exactly legal_moves(),
// and every legal move's action index leads back to the move.
#include "engine/core/tensor.h"

#include <catch2/catch.hpp>
#include <set>

#include "engine/clump/clump_state.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"
#include "tests/engine/every_spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace tensor_test {

using namespace arena;

namespace {

std::vector<float> tensor(const State& s, int seat) {
  std::vector<float> out(observation_size(s.game()));
  s.write_observation(seat, out);
  return out;
}

// At one decision: the mask is the legal moves' indices, each index distinct, in range and
// leading back to its move; action_indices (the batch's one call) gives each move's index.
void check_actions(const State& state, std::vector<Move>& scratch) {
  const Game& game = state.game();
  const int actions = game.num_distinct_actions();
  std::vector<std::uint8_t> mask(actions);
  write_legal_mask(state, mask, scratch);
  std::set<int> indices;
  const std::vector<Move> legal = state.legal_moves();
  std::vector<int> at_once(legal.size(), -2);
  state.action_indices(legal, at_once);
  for (std::size_t i = 0; i < legal.size(); ++i) REQUIRE(at_once[i] == state.action_index(legal[i]));
  for (Move m : legal) {
    const int index = state.action_index(m);
    INFO(game.spec() << " move " << state.move_to_string(m) << " index " << index);
    REQUIRE(index >= 0);
    REQUIRE(index < actions);
    REQUIRE(state.action_move(index) == m);
    REQUIRE(indices.insert(index).second);
  }
  int set = 0;
  for (int i = 0; i < actions; ++i) {
    set += mask[i];
    if (mask[i]) REQUIRE(indices.count(i) == 1);
  }
  REQUIRE(set == static_cast<int>(indices.size()));
}

// Plays one random game. At every `stride`-th decision, for every seat: states sampled from
// that seat's views give it the same tensor; and whenever a seat's observation text changes
// from one action to the next, so does its tensor.
void check_game(const Game& game, std::uint64_t seed, int stride) {
  Rng rng(seed);
  auto state = game.new_initial_state();
  std::vector<Move> scratch;
  const int players = game.num_players();
  std::vector<std::vector<float>> before(players + 1);
  std::vector<std::string> text_before(players + 1);
  int decisions = 0;
  while (true) {
    for (int seat = 1; seat <= players; ++seat) {
      std::vector<float> now = tensor(*state, seat);
      std::string text = state->observation(seat);
      INFO(game.spec() << " seed " << seed << " ply " << state->history().size() << " seat " << seat << "\n"
                       << text_before[seat] << "---\n"
                       << text);
      if (!text_before[seat].empty() && text != text_before[seat]) REQUIRE(now != before[seat]);
      before[seat] = std::move(now);
      text_before[seat] = std::move(text);
    }
    if (state->is_terminal()) break;
    if (state->is_chance()) {
      const Move m = sample_chance(*state, rng);
      REQUIRE(state->action_index(m) == -1);
      state->apply(m);
      continue;
    }
    check_actions(*state, scratch);
    if (++decisions % stride == 0) {
      for (int seat = 1; seat <= players; ++seat) {
        const auto seen = seen_by(game, seat, state->history());
        for (int k = 0; k < 2; ++k) {
          auto sampled = game.sample_state(seat, seen, rng);
          INFO(game.spec() << " seed " << seed << " ply " << state->history().size() << " sampled for seat "
                           << seat);
          REQUIRE(tensor(*sampled, seat) == before[seat]);
        }
      }
    }
    state->apply(random_action(*state, rng, scratch));
  }
}

}  // namespace

TEST_CASE("tensor: every game has a learning view of the shape it declares", "[engine][tensor]") {
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    INFO(spec);
    REQUIRE(has_learning_view(*game));
    REQUIRE(observation_size(*game) > 0);
    auto state = game->new_initial_state();
    for (int seat = 1; seat <= game->num_players(); ++seat) {
      const std::vector<float> t = tensor(*state, seat);
      for (float v : t) REQUIRE(std::isfinite(v));
    }
  }
}

TEST_CASE(
    "tensor: a seat's tensor shows what it sees and nothing more, masks and indices match the legal moves",
    "[engine][tensor]") {
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) check_game(*game, seed, 4);
  }
}

TEST_CASE("tensor: the hidden cards of another seat never change a seat's tensor, its own always do",
          "[engine][tensor]") {
  // A state sampled from seat A's views deals what A cannot see anew (other hands, the tile in
  // the mover's hand): every other seat B whose own view came out different must see a different
  // tensor, while A sees the same. A is not the seat to act, so the mover's secret varies too.
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    if (!game->hidden_information()) continue;
    Rng rng(11);
    std::vector<Move> scratch;
    auto state = game->new_initial_state();
    int differing = 0;
    for (int ply = 0; !state->is_terminal() && ply < 400; ++ply) {
      if (!state->is_chance() && ply % 7 == 0) {
        const int a = state->current_player() % game->num_players() + 1;
        auto sampled = game->sample_state(a, seen_by(*game, a, state->history()), rng);
        REQUIRE(tensor(*sampled, a) == tensor(*state, a));
        for (int b = 1; b <= game->num_players(); ++b) {
          if (b == a || sampled->observation(b) == state->observation(b)) continue;
          INFO(spec << " ply " << ply << " seat " << b);
          REQUIRE(tensor(*sampled, b) != tensor(*state, b));
          ++differing;
        }
      }
      state->apply(random_action(*state, rng, scratch));
    }
    INFO(spec);
    CHECK(differing > 0);
  }
}

TEST_CASE("tensor: buffers of the wrong size and seats that do not exist are user errors",
          "[engine][tensor]") {
  auto game = make_game("clump:size=6");
  auto state = game->new_initial_state();
  std::vector<float> small(observation_size(*game) - 1);
  REQUIRE_THROWS_WITH(state->write_observation(1, small),
                      "clump:size=6: the observation buffer has 179 floats, the game's observation 180");
  std::vector<float> right(observation_size(*game));
  REQUIRE_THROWS_WITH(state->write_observation(3, right), "clump:size=6: no seat 3 (seats are 1..2)");
  std::vector<std::uint8_t> mask(10);
  std::vector<Move> scratch;
  REQUIRE_THROWS_WITH(write_legal_mask(*state, mask, scratch),
                      "clump:size=6: the legal-move mask has 10 entries, the game's action space 144");
}

TEST_CASE("tensor: clump's planes are the board from the observing seat's side", "[engine][tensor]") {
  auto game = make_game("clump:size=4");
  auto state = game->new_initial_state();
  const int cells = 16;
  const std::vector<float> red = tensor(*state, 1), blue = tensor(*state, 2);
  // a1 (cell 0) is red: seat 1's own plane, seat 2's opponent plane.
  CHECK(red[0] == 1.0f);
  CHECK(red[cells + 0] == 0.0f);
  CHECK(blue[0] == 0.0f);
  CHECK(blue[cells + 0] == 1.0f);
  CHECK(red[2 * cells] == 1.0f);   // plays red
  CHECK(blue[2 * cells] == 0.0f);  // plays blue
  CHECK(red[3 * cells] == 1.0f);   // to move
  CHECK(blue[3 * cells] == 0.0f);
  state->apply(parse_or_throw(*state, "a1-b1"));
  const std::vector<float> after = tensor(*state, 1);
  CHECK(after[0] == 0.0f);  // a1 holds blue's stone now
  CHECK(after[1] == 1.0f);  // b1 red's
  CHECK(after[3 * cells] == 0.0f);
}

TEST_CASE("tensor: rewards rank the teams, +1 for a win and -1 for a loss between two sides",
          "[engine][tensor]") {
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    Rng rng(5);
    std::vector<Move> scratch;
    auto state = game->new_initial_state();
    std::vector<float> rewards(game->num_players());
    write_rewards(*state, rewards);
    for (float r : rewards) REQUIRE(r == 0.0f);
    while (!state->is_terminal()) state->apply(random_action(*state, rng, scratch));
    write_rewards(*state, rewards);
    const std::vector<SeatResult> results = state->results();
    INFO(spec);
    float sum_by_team[8] = {};
    std::set<int> teams;
    for (int i = 0; i < game->num_players(); ++i) {
      REQUIRE(rewards[i] >= -1.0f);
      REQUIRE(rewards[i] <= 1.0f);
      if (teams.insert(results[i].team).second) sum_by_team[0] += rewards[i];
      for (int j = 0; j < game->num_players(); ++j) {
        if (results[j].team == results[i].team) REQUIRE(rewards[j] == rewards[i]);
        if (results[j].rank < results[i].rank) REQUIRE(rewards[j] > rewards[i]);
      }
    }
    REQUIRE(sum_by_team[0] == Approx(0.0f).margin(1e-5));  // one share per team: zero-sum
  }
  auto game = make_game("clump:size=4");
  auto state = clump::ClumpState::from_board(static_cast<const clump::ClumpGame&>(*game),
                                             {"RBBB", "RBBB", "RBBB", "RBBB"}, 2);
  REQUIRE(state->is_terminal());
  std::vector<float> rewards(2);
  write_rewards(*state, rewards);
  CHECK(rewards == std::vector<float>{1.0f, -1.0f});
}

}  // namespace tensor_test

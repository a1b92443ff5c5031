// The spectator's view (State::spectator_picture, spectator_action_view), over every registered
// game and player count: a spectator sees nothing that any one seat could not tell apart (its
// picture and its views of every action are the same in every state sampled from any seat's
// views), never a card in a hand, and the full table where a game hides nothing.
#include <catch2/catch.hpp>

#include "engine/core/game.h"
#include "engine/core/picture.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"
#include "tests/engine/every_spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace spectator_test {

using namespace arena;

namespace {

// The spectator's views of every action of `history`, replayed from the start.
std::vector<std::string> spectator_views(const Game& game, const std::vector<Action>& history) {
  auto state = game.new_initial_state();
  std::vector<std::string> views;
  for (const Action& h : history) {
    views.push_back(state->spectator_action_view(h.move));
    state->apply(h.move);
  }
  return views;
}

void check_hands_hidden(const Picture& p) {
  for (const PictureZone& z : p.zones)
    if (z.seat > 0 && z.name == "hand") CHECK(z.cards.empty());
}

// At every `stride`-th decision, for every seat: a state sampled from that seat's views shows
// the spectator the same picture and the same views of the actions so far.
void check_game(const Game& game, std::uint64_t seed, int stride) {
  Rng rng(seed);
  auto state = game.new_initial_state();
  std::vector<Move> scratch;
  int decisions = 0;
  while (!state->is_terminal()) {
    if (!state->is_chance() && ++decisions % stride == 0) {
      const Picture spectator = state->spectator_picture();
      const auto views = spectator_views(game, state->history());
      check_hands_hidden(spectator);
      for (int seat = 1; seat <= game.num_players(); ++seat) {
        auto sampled = game.sample_state(seat, seen_by(game, seat, state->history()), rng);
        INFO(game.spec() << " seed " << seed << " ply " << state->history().size() << " sampled for seat "
                         << seat);
        REQUIRE(sampled->spectator_picture() == spectator);
        REQUIRE(spectator_views(game, sampled->history()) == views);
      }
    }
    state->apply(random_action(*state, rng, scratch));
  }
}

}  // namespace

TEST_CASE("spectator: sees only what no seat holds alone, in every game", "[engine][spectator]") {
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    for (std::uint64_t seed = 1; seed <= 3; ++seed) check_game(*game, seed, 5);
  }
}

TEST_CASE("spectator: the full table in games without hidden information", "[engine][spectator]") {
  for (const std::string& spec : arena::test::every_spec()) {
    auto game = make_game(spec);
    if (game->hidden_information()) continue;
    Rng rng(7);
    std::vector<Move> scratch;
    auto state = game->new_initial_state();
    for (int i = 0; i < 20 && !state->is_terminal(); ++i) {
      REQUIRE(state->spectator_picture() == state->picture(0));
      const Move m = random_action(*state, rng, scratch);
      REQUIRE(state->spectator_action_view(m) == state->move_to_string(m));
      state->apply(m);
    }
  }
}

TEST_CASE("spectator: hidden deals are redacted in the card games", "[engine][spectator]") {
  for (const char* spec : {"flume-cards:players=4", "flush:players=3"}) {
    auto game = make_game(spec);
    Rng rng(11);
    std::vector<Move> scratch;
    auto state = game->new_initial_state();
    int redacted = 0;
    for (int i = 0; i < 60 && !state->is_terminal(); ++i) {
      const Move m = random_action(*state, rng, scratch);
      redacted += state->spectator_action_view(m) != state->move_to_string(m);
      state->apply(m);
    }
    INFO(spec);
    CHECK(redacted > 0);
  }
}

}  // namespace spectator_test

// The engine's hooks for a person at the terminal (State::render_for, describe_action,
// notation_help) over every game and player count: they answer at every state of random
// games, the card games' layouts fit 80 columns, and a hidden card is described only to
// the seat that may see it.
#include <catch2/catch.hpp>
#include <sstream>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "tests/engine/every_spec.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace human_view_test {

using namespace arena;

namespace {

std::size_t widest(const std::string& text) {
  std::size_t w = 0;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) w = std::max(w, l.size());
  return w;
}

}  // namespace

TEST_CASE("human view: render_for, describe_action and notation_help in every game", "[engine]") {
  for (const std::string& spec : arena::test::every_spec()) {
    const auto game = make_game(spec);
    const bool card_game = game->id() == "flush" || game->id() == "flume-cards";
    const int seats = game->num_players();
    CHECK(!game->new_initial_state()->notation_help().empty());
    CHECK(widest(game->new_initial_state()->notation_help()) <= 80);
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Rng rng(seed);
      auto s = game->new_initial_state();
      std::vector<Move> legal;
      for (int ply = 0; !s->is_terminal() && ply < game->max_game_length(); ++ply) {
        INFO(spec << " seed " << seed << " ply " << ply);
        const Move m =
            s->is_chance() ? sample_chance(*s, rng) : (s->legal_moves(legal), legal[rng.below(legal.size())]);
        for (int seat = 1; seat <= seats; ++seat) {
          const std::string view = s->action_view(seat, m), said = s->describe_action(seat, m);
          if (view.empty()) CHECK(said.empty());  // nothing learnt, nothing said
          // A card the seat may not see is never named (the view hides it with '?').
          if (view.find('?') != std::string::npos && !said.empty())
            CHECK(said.find(s->move_to_string(m)) == std::string::npos);
          if (card_game && ply % 7 == 0) {
            const std::string r = s->render_for(seat);
            INFO(r);
            CHECK(widest(r) <= 80);
          }
        }
        s->apply(m);
      }
    }
  }
}

}  // namespace human_view_test

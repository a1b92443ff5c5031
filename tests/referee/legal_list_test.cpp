// The legal list a seat is sent and its answer is looked up in: names joined exactly as on
// the "legal" line, the same moves as the engine's, and exact-name lookup only.
#include "referee/legal_list.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "engine/core/registry.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace legal_list_test {

using namespace arena;

TEST_CASE("legal list: names joined as on the legal line, moves as the engine lists them", "[referee]") {
  for (const GameEntry* g : all_games()) {
    // Three seats where the game allows them: a legal list per seat of a card game's deal.
    const std::string spec =
        spec_for(g->info, std::clamp(3, g->info.min_players, g->info.max_players), false);
    INFO(spec);
    auto game = make_game(spec);
    auto state = game->new_initial_state();
    while (state->is_chance()) state->apply(state->chance_outcomes().front().first);
    std::vector<Move> expected;
    state->legal_moves(expected);
    REQUIRE_FALSE(expected.empty());
    LegalList legal;
    legal.build(*state);
    REQUIRE(legal.size() == expected.size());
    std::string joined;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      CHECK(legal.move(i) == expected[i]);
      CHECK(legal.name(i) == state->move_to_string(expected[i]));
      if (i) joined += ' ';
      joined += state->move_to_string(expected[i]);
      CHECK(legal.find(state->move_to_string(expected[i])) == static_cast<int>(i));
    }
    CHECK(legal.joined_names() == joined);
    // Only whole names match: a prefix or a longer text finds a move only if it is that
    // move's whole name. Nothing is found after clear().
    auto index_of = [&](const std::string& name) {
      for (std::size_t i = 0; i < expected.size(); ++i)
        if (state->move_to_string(expected[i]) == name) return static_cast<int>(i);
      return -1;
    };
    const std::string first = state->move_to_string(expected.front());
    const std::string shorter = first.substr(0, first.size() - 1), longer = first + "x";
    CHECK(legal.find(shorter) == index_of(shorter));
    CHECK(legal.find(longer) == index_of(longer));
    if (spec.rfind("clump", 0) == 0) CHECK(legal.find(shorter) == -1);
    CHECK(legal.find("") == -1);
    legal.clear();
    CHECK(legal.empty());
    CHECK(legal.find(first) == -1);
  }
}

TEST_CASE("legal list: a terminal state lists nothing", "[referee]") {
  auto game = make_game("clump:size=4");
  auto state = game->new_initial_state();
  std::vector<Move> moves;
  while (!state->is_terminal()) {
    state->legal_moves(moves);
    state->apply(moves.front());
  }
  LegalList legal;
  legal.build(*state);
  CHECK(legal.empty());
  CHECK(legal.joined_names().empty());
}

}  // namespace legal_list_test

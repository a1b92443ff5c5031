// The sample bots' tree search (bots/search/): it finds a win in one wherever random play
// reaches a position that has one, in every game with a full state to search, and its
// time budget never comes close to the referee's deadline.
#include "bots/search/ismcts.h"

#include <catch2/catch.hpp>

#include "bots/search/time_budget.h"
#include "engine/core/registry.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace ismcts_test {

using namespace arena;

namespace {

// Whether playing `m` in `s` wins for the mover within its own turn: the game ends with the
// mover ranked first, alone on its side, after at most `depth` placements in a row of its own
// (Flume's multiple placements; one placement in the other games).
bool wins_at_once(const State& s, Move m, int depth = 4) {
  auto next = s.clone();
  const int mover = s.current_player();
  next->apply(m);
  if (next->is_terminal()) {
    const auto r = next->results();
    for (std::size_t o = 0; o < r.size(); ++o)
      if (r[o].team != r[mover - 1].team && r[o].rank <= r[mover - 1].rank) return false;
    return true;
  }
  if (next->current_player() != mover || depth <= 1) return false;
  for (Move again : next->legal_moves())
    if (wins_at_once(*next, again, depth - 1)) return true;
  return false;
}

// Positions from random games where the player to act has a winning move and a move that
// does not win.
std::vector<std::unique_ptr<State>> win_in_one_positions(const Game& game, int wanted) {
  std::vector<std::unique_ptr<State>> found;
  std::vector<Move> legal;
  for (std::uint64_t seed = 1; seed < 400 && static_cast<int>(found.size()) < wanted; ++seed) {
    Rng rng(seed);
    auto s = game.new_initial_state();
    while (!s->is_terminal()) {
      if (!s->is_chance()) {
        s->legal_moves(legal);
        int winning = 0;
        for (Move m : legal) winning += wins_at_once(*s, m);
        if (winning > 0 && winning < static_cast<int>(legal.size())) {
          found.push_back(s->clone());
          break;
        }
      }
      s->apply(random_action(*s, rng, legal));
    }
  }
  return found;
}

}  // namespace

TEST_CASE("search: finds the win in one in every game for two", "[search]") {
  for (const GameEntry* g : all_games()) {
    // Two seats, a short game: the positions come from random games (with more seats, or
    // partners, a move that wins at once is too rare in them).
    if (g->info.min_players != 2) continue;
    const std::string spec = spec_for(g->info, 2, true);
    const auto game = make_game(spec);
    const auto positions = win_in_one_positions(*game, 3);
    INFO(spec);
    REQUIRE(positions.size() == 3);
    for (const auto& pos : positions) {
      search::SearchOptions options;
      options.max_iterations = 3000;
      search::Ismcts mcts(options);
      std::vector<Move> legal;
      pos->legal_moves(legal);
      // The full state: the search is told everything (a test of the search itself).
      const search::Determinizer exact = [&](State& into, Rng&) { into.assign(*pos); };
      Rng rng(7);
      const auto r = mcts.search(*pos, exact, legal, pos->current_player(), {}, rng);
      INFO(pos->render() << "\nchosen " << pos->move_to_string(r.move));
      CHECK(wins_at_once(*pos, r.move));
      CHECK(r.iterations == 3000);
    }
  }
}

TEST_CASE("search: rewards are the share of other sides beaten, ties half", "[search]") {
  float out[6];
  search::seat_rewards({{1, 1, 0}, {2, 0, 1}}, out);
  CHECK(out[0] == 1.0f);
  CHECK(out[1] == 0.0f);
  search::seat_rewards({{2, 0, 0}, {1, 1, 1}, {2, 0, 0}, {1, 1, 1}}, out);  // two teams
  CHECK(out[0] == 0.0f);
  CHECK(out[1] == 1.0f);
  search::seat_rewards({{1, 0, 0}, {1, 0, 1}, {3, 0, 2}}, out);
  CHECK(out[0] == 0.75f);
  CHECK(out[2] == 0.0f);
}

TEST_CASE("search: the time budget stays far from the deadline", "[search]") {
  using std::chrono::milliseconds;
  CHECK(search::think_time(-1, 0, 10000, 1.0) <= milliseconds(2500));  // a quarter of the move cap
  CHECK(search::think_time(10000, 100, -1, 1.0) <= milliseconds(2500));
  CHECK(search::think_time(10000, 100, -1, 1.0) >= milliseconds(300));
  CHECK(search::think_time(40, 0, -1, 1.0) == milliseconds(1));  // almost out of time: answer at once
  CHECK(search::think_time(10000, 100, 200, 1.0) <= milliseconds(50));
  CHECK(search::think_time(10000, 100, -1, 0.5) < search::think_time(10000, 100, -1, 1.0));
}

TEST_CASE("search: the tree is kept between moves, and dropped off its path", "[search]") {
  const auto game = make_game("clump:size=6");
  auto state = game->new_initial_state();
  search::SearchOptions options;
  options.max_iterations = 2000;
  search::Ismcts mcts(options);
  Rng rng(3);
  const search::Determinizer exact = [&](State& into, Rng&) { into.assign(*state); };
  const auto first = mcts.search(*state, exact, state->legal_moves(), 1, {}, rng);
  REQUIRE(mcts.root_visits() == 2000);
  // The move played was the most visited: its subtree, with those visits, is kept.
  state->apply(first.move);
  REQUIRE(mcts.advance({first.move}));
  const int kept = mcts.root_visits();
  CHECK(kept > 2000 / static_cast<int>(game->new_initial_state()->legal_moves().size()));
  CHECK(kept < 2000);
  const auto second = mcts.search(*state, exact, state->legal_moves(), 2, {}, rng);
  CHECK(mcts.root_visits() == kept + 2000);
  state->apply(second.move);
  // A path the tree never saw: false, and the next search starts from an empty tree.
  CHECK_FALSE(mcts.advance({-12345}));
  mcts.search(*state, exact, state->legal_moves(), 1, {}, rng);
  CHECK(mcts.root_visits() == 2000);
}

}  // namespace ismcts_test

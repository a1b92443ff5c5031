// Greedy bot for two-player games: tries every legal move one ply deep with the engine and
// keeps the best by the game's own evaluation (State::heuristic_value), so it names no game.
// A move that wins at once is always taken; in a game without an evaluation, a winning move
// if there is one, else random. Ties are broken by the game's seed, so games repeat exactly.
#include <limits>
#include <stdexcept>
#include <vector>

#include "engine/core/random.h"
#include "protocol/arena_bot.hpp"

namespace {

class GreedyBot : public arena::bot::Bot {
 public:
  std::string name() const override { return "greedy"; }
  std::string author() const override { return "Arena sample bots"; }
  void new_game(const arena::bot::Turn& t) override {
    rng_ = arena::Rng(t.seed);
    game_ = t.game();
  }
  std::string choose(const arena::bot::Turn& t) override {
    // One-ply lookahead needs the full position and a two-seat evaluation. Where the
    // events hide something this seat cannot replay (another hand's cards), or there are
    // more seats, the bot plays a random legal move, as the random bot does.
    std::unique_ptr<arena::State> state;
    if (game_->num_players() == 2) {
      try {
        state = t.replay(*game_);
      } catch (const std::exception&) {
        state.reset();
      }
    }
    if (!state) {
      if (!t.legal.empty()) return t.legal[rng_.below(t.legal.size())];
      throw std::runtime_error("greedy: cannot rebuild this game's position and no legal moves were sent");
    }
    const auto legal = state->legal_moves();
    std::vector<arena::Move> best;
    double best_value = -std::numeric_limits<double>::infinity();
    auto child = state->clone();
    for (arena::Move m : legal) {
      child->assign(*state);
      child->apply(m);
      double value;
      if (child->is_terminal()) {
        const auto r = child->results();
        const int other = 3 - t.seat;
        value = r[t.seat - 1].rank < r[other - 1].rank   ? 1e9
                : r[t.seat - 1].rank > r[other - 1].rank ? -1e9
                                                         : 0;
      } else {
        value = child->heuristic_value(t.seat);
      }
      if (value > best_value) {
        best_value = value;
        best.clear();
      }
      if (value == best_value) best.push_back(m);
    }
    return state->move_to_string(best[rng_.below(best.size())]);
  }

 private:
  arena::Rng rng_{0};
  std::unique_ptr<arena::Game> game_;
};

}  // namespace

int main() { return GreedyBot().run(); }

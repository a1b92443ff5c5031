// Random bot: plays a uniformly random legal move, from the referee's legal list (any
// game) or, when legal moves are switched off, from the engine (games without hidden
// information). Seeded by the game's seed, so its games repeat exactly.
#include <string>

#include "engine/core/random.h"
#include "protocol/arena_bot.hpp"

class RandomBot : public arena::bot::Bot {
 public:
  std::string name() const override { return "random"; }
  std::string author() const override { return "Arena sample bots"; }
  void new_game(const arena::bot::Turn& t) override { rng_ = arena::Rng(t.seed); }
  std::string choose(const arena::bot::Turn& t) override {
    if (!t.legal.empty()) return t.legal[rng_.below(t.legal.size())];
    auto game = t.game();
    auto state = t.replay(*game);
    auto legal = state->legal_moves();
    return state->move_to_string(legal[rng_.below(legal.size())]);
  }

 private:
  arena::Rng rng_{0};
};

int main() { return RandomBot().run(); }

// A Connect Three bot built out of tree: it registers the game first thing in main, so the
// SDK's t.game() and t.replay() (the engine) know it. It wins at once when it can, and
// plays at random otherwise.
#include <random>

#include "connect3.h"
#include "protocol/arena_bot.hpp"

struct MyBot : arena::bot::Bot {
  std::mt19937_64 rng;
  std::string name() const override { return "my-connect3-bot"; }
  void new_game(const arena::bot::Turn& t) override { rng.seed(t.seed); }  // games repeat exactly
  std::string choose(const arena::bot::Turn& t) override {
    const auto game = t.game();
    const auto state = t.replay(*game);
    const std::vector<arena::Move> legal = state->legal_moves();
    for (arena::Move m : legal) {
      auto after = state->clone();
      after->apply(m);
      if (after->is_terminal() && after->results()[t.seat - 1].rank == 1) return state->move_to_string(m);
    }
    return state->move_to_string(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
  }
};

int main() {
  arena::register_game(connect3::entry());
  return MyBot().run();
}

// An Arena bot in C++: a random legal move, with the SDK header (protocol/arena_bot.hpp).
#include <random>

#include "protocol/arena_bot.hpp"

struct MyBot : arena::bot::Bot {
  std::mt19937_64 rng;
  std::string name() const override { return "my-cpp-bot"; }
  std::string author() const override { return "me"; }
  void new_game(const arena::bot::Turn& t) override { rng.seed(t.seed); }  // games repeat exactly
  std::string choose(const arena::bot::Turn& t) override {
    // t.observation holds what you see; t.game() and t.replay() give the engine (docs/bots.md).
    return t.legal[std::uniform_int_distribution<std::size_t>(0, t.legal.size() - 1)(rng)];
  }
};

int main() { return MyBot().run(); }

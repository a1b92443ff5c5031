// The states one search starts its iterations from (bots/search/ismcts.h's Determinizer), for a
// seat that knows only what it was sent. Perfect information: the one real state. Hidden
// information: fresh samples of what the seat cannot see (Game::sample_state), one per iteration
// for the first kPool iterations, then the pool again in turn, so a long search costs an
// assign() per iteration rather than a replay of the game. Shared by mcts_bot and the Python
// binding's search (bindings/python/).
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/random.h"
#include "engine/core/sampled_state.h"

namespace arena::search {

class Determinizations {
 public:
  static constexpr std::size_t kPool = 256, kSameToStop = 4;
  // `first`: a state the seat's view allows (one sample), where the pool starts. `seen` must
  // outlive this object.
  Determinizations(const Game& game, int seat, const std::vector<SeenAction>& seen, const State& first);
  void next(State& into, Rng& rng);

 private:
  const Game& game_;
  int seat_;
  const std::vector<SeenAction>& seen_;
  bool exact_;
  std::vector<std::unique_ptr<State>> pool_;
  std::size_t turn_ = 0, same_ = 0;
};

}  // namespace arena::search

#include "bots/search/determinizations.h"

#include <exception>

namespace arena::search {

Determinizations::Determinizations(const Game& game, int seat, const std::vector<SeenAction>& seen,
                                   const State& first)
    : game_(game), seat_(seat), seen_(seen), exact_(!game.hidden_information()) {
  pool_.push_back(first.clone());
}

void Determinizations::next(State& into, Rng& rng) {
  if (!exact_ && pool_.size() < kPool) {
    try {
      auto world = game_.sample_state(seat_, seen_, rng);
      // Where the seat happens to know everything (a Flows decision: every draw was shown
      // when placed), samples repeat the first: stop drawing after a few such.
      same_ = world->history() == pool_.front()->history() ? same_ + 1 : 0;
      pool_.push_back(std::move(world));
      if (same_ + 1 == pool_.size() && same_ >= kSameToStop) exact_ = true;
      into.assign(*pool_.back());
      return;
    } catch (const std::exception&) {
      // a sampler that gives up on a rare position: the pool so far stands
    }
  }
  into.assign(*pool_[turn_++ % pool_.size()]);
}

}  // namespace arena::search

// FlushGame::sample_state: a Flush state rebuilt from one seat's views. Only the cards dealt
// into other hands are hidden (the Blinds have no value until turned, and every round is a
// fresh deck), so the views are taken round by round: read into moves and bounds on the
// hidden hands (seen_hand.h), the hidden hands drawn within the bounds (hidden_deal.h),
// and the round replayed through the rules with them, every action checked: its actor, its
// legality and the view it shows. A finished round's hands were shown, so its deal is fixed;
// only the round in play (and a void one) is drawn. The cost is about two replays of the game.
// What every card game's sampler does is engine/core/stretch_sampler.h.
#include <algorithm>
#include <memory>
#include <string>

#include "engine/core/random.h"
#include "engine/core/sampled_state.h"
#include "engine/core/stretch_sampler.h"
#include "engine/core/user_error.h"
#include "engine/flush/flush_game.h"
#include "engine/flush/flush_state.h"
#include "engine/flush/hidden_deal.h"
#include "engine/flush/seen_hand.h"

namespace arena::flush {

namespace {

// Stretches are rounds.
class Sampler : public StretchSampler<FlushGame, FlushState> {
 public:
  Sampler(const FlushGame& game, int seat, std::span<const SeenAction> seen)
      : StretchSampler(game, seat, seen, {"round", "the game is already over"}) {}

 private:
  void start() override {
    const ParsedMove p = state_->parse_move(seen_[0].view);
    if (seen_[0].actor != kChance || !p.ok() || state_->move_to_string(p.move) != seen_[0].view)
      fail(0, "expected the starting seat, #startN");
    state_->apply(p.move);
  }

  Stretch read_stretch(std::size_t first) override {
    read_hand(*state_, seat_ - 1, seen_, first, round_);
    return {round_.end, round_.end - round_.first};
  }

  bool draw(Rng& rng) override { return draw_hidden_deal(round_.bounds, rng, hands_); }

  Move next_move(std::size_t k) override {
    const Move m = round_.moves[k];
    return m == kHiddenDeal ? next_hidden_card() : m;
  }

  // The next card of the drawn hand of the seat dealt to (the order of a hand's cards shows
  // nowhere, so ascending).
  Move next_hidden_card() {
    int slot = 0;
    const int target = state_->phase() == FlushState::Phase::kDeal ? state_->deal_target(slot) : -1;
    if (target < 0) return -1;
    Cards& hand = hands_[target];
    for (int k = 0; k < kNumKinds; ++k)
      if (hand[k] > 0) {
        hand.remove(k);
        return k;
      }
    return -1;
  }

  // A card drawn must be among the unseen; the seat's own moves were legal where everything
  // it sees is the same; another seat's move, which depends on its drawn hand, is looked up
  // in the legal moves.
  bool fits(std::size_t i, Move m) override {
    const int actor = state_->current_player();
    if (m < 0 || actor != seen_[i].actor) return false;
    if (actor == kChance) {
      if (state_->phase() != FlushState::Phase::kStartSeat && (m >= kNumKinds || state_->unseen()[m] == 0))
        return false;
    } else if (actor != seat_) {
      state_->legal_moves(legal_);
      if (std::find(legal_.begin(), legal_.end(), m) == legal_.end()) return false;
    }
    return state_->action_view(seat_, m) == seen_[i].view;
  }

  SeenHand round_;
  std::array<Cards, kMaxSeats> hands_{};
  std::vector<Move> legal_;
};

}  // namespace

std::unique_ptr<State> FlushGame::sample_state(int seat, std::span<const SeenAction> seen, Rng& rng) const {
  return sample_by_stretches<Sampler>(*this, seat, seen, rng);
}

}  // namespace arena::flush

// FlumeCardsGame::sample_state: a Flume state rebuilt from one seat's views. Hand by hand,
// the views are read into steps (seen_hand.h), the cards the seat never saw are placed at
// random where the views allow (hidden_deal.h), and the hand is replayed through the rules
// with those cards, every action checked: its actor, its legality and the view it shows.
// What every card game's sampler does is engine/core/stretch_sampler.h.
#include <bit>
#include <memory>
#include <string>

#include "engine/core/sampled_state.h"
#include "engine/core/stretch_sampler.h"
#include "engine/core/user_error.h"
#include "engine/flume_cards/flume_cards_game.h"
#include "engine/flume_cards/flume_cards_state.h"
#include "engine/flume_cards/hidden_deal.h"
#include "engine/flume_cards/seen_hand.h"

namespace arena::flume_cards {

namespace {

// Stretches are hands.
class Sampler : public StretchSampler<FlumeCardsGame, FlumeCardsState> {
 public:
  Sampler(const FlumeCardsGame& game, int seat, std::span<const SeenAction> seen)
      : StretchSampler(game, seat, seen, {"hand", "the game is over"}) {}

 private:
  // The first dealer.
  void start() override {
    const std::string& v = seen_[0].view;
    const int s = v.size() == 8 && v.starts_with("dealer:") ? v[7] - '0' : 0;
    const Move m = kDealerBase + s - 1;
    if (s < 1 || s > game_.num_players() || !fits(0, m)) fail(0, "expected the first dealer, dealer:SEAT");
    state_->apply(m);
  }

  Stretch read_stretch(std::size_t first) override {
    read_hand(game_, seen_, first, seat_ - 1, state_->dealer(), hand_);
    return {hand_.end, hand_.steps.size()};
  }

  bool draw(Rng& rng) override { return draw_hidden_deal(hand_, rng, deal_); }

  static Card pop(CardMask& m) {
    if (!m) return -1;
    const Card c = std::countr_zero(m);
    m &= m - 1;
    return c;
  }

  // The move of one step: as seen, or with the drawn cards where the seat saw none.
  Move next_move(std::size_t k) override {
    const Step& st = hand_.steps[k];
    Card c = st.card;
    switch (st.kind) {
      case StepKind::kPublic:
        return st.move;
      case StepKind::kDeal:
        if (c < 0) c = pop(deal_.first[st.seat]);
        return c < 0 ? -1 : kDealBase + c;
      case StepKind::kRefill:
        if (c < 0) c = pop(deal_.refill[st.seat]);
        return c < 0 ? -1 : kDealBase + c;
      case StepKind::kDealerDiscard:
        if (c < 0) c = pop(deal_.dealer_discards);  // ascending, as the rules require
        return c < 0 ? -1 : kDealerDiscardBase + c;
      case StepKind::kDiscard:
        return discard_move(st.seat, st.seat == seat_ - 1 ? st.cards : deal_.discard[st.seat]);
    }
    return -1;
  }

  // A non-dealer's discard: a bit per position of its cards in ascending order (moves.h).
  Move discard_move(int seat, CardMask cards) const {
    const CardMask hand = state_->hand(seat);
    if (cards & ~hand) return -1;
    int pos = 0, mask = 0;
    for (CardMask h = hand; h; h &= h - 1, ++pos)
      if (cards & h & (~h + 1)) mask |= 1 << pos;
    return kDiscardSetBase + mask;
  }

  bool fits(std::size_t i, Move m) override {
    return state_->current_player() == seen_[i].actor && state_->is_legal(m) &&
           state_->action_view(seat_, m) == seen_[i].view;
  }

  SeenHand hand_;
  HiddenDeal deal_;
};

}  // namespace

std::unique_ptr<State> FlumeCardsGame::sample_state(int seat, std::span<const SeenAction> seen,
                                                    Rng& rng) const {
  return sample_by_stretches<Sampler>(*this, seat, seen, rng);
}

}  // namespace arena::flume_cards

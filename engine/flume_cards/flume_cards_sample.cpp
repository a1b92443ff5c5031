// FlumeCardsGame::sample_state: a Flume state rebuilt from one seat's views. Hand by hand,
// the views are read into steps (seen_hand.h), the cards the seat never saw are placed at
// random where the views allow (hidden_deal.h), and the hand is replayed through the rules
// with those cards, every action checked: its actor, its legality and the view it shows.
// A check can fail only for views no game produces, so the retry is a safety net.
#include <bit>
#include <memory>
#include <string>

#include "engine/core/sampled_state.h"
#include "engine/core/user_error.h"
#include "engine/flume_cards/flume_cards_game.h"
#include "engine/flume_cards/flume_cards_state.h"
#include "engine/flume_cards/hidden_deal.h"
#include "engine/flume_cards/seen_hand.h"

namespace arena::flume_cards {

namespace {

// Draws tried per hand before the views are called impossible.
constexpr int kDrawsPerHand = 8;

class Sampler {
 public:
  Sampler(const FlumeCardsGame& game, int seat, std::span<const SeenAction> seen)
      : game_(game), seat_(seat), seen_(seen), state_(std::make_unique<FlumeCardsState>(game)) {}

  std::unique_ptr<State> run(Rng& rng) {
    if (seen_.empty()) return std::move(state_);
    first_dealer();
    for (std::size_t i = 1; i < seen_.size(); i = hand_.end) {
      if (state_->is_terminal()) fail(i, "the game is over");
      read_hand(seen_, i, game_.num_players(), seat_ - 1, state_->dealer(), hand_);
      draw_and_replay(i, rng);
    }
    return std::move(state_);
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& why) const {
    throw UserError("no state shows seat " + std::to_string(seat_) + " these " +
                    std::to_string(seen_.size()) + " actions (action " + std::to_string(at + 1) + ", '" +
                    seen_[at].view + "': " + why + ")");
  }

  void first_dealer() {
    const std::string& v = seen_[0].view;
    const int s = v.size() == 8 && v.starts_with("dealer:") ? v[7] - '0' : 0;
    const Move m = kDealerBase + s - 1;
    if (s < 1 || s > game_.num_players() || !fits(0, m)) fail(0, "expected the first dealer, dealer:SEAT");
    state_->apply(m);
  }

  void draw_and_replay(std::size_t first, Rng& rng) {
    const std::size_t before = state_->history().size();
    for (int attempt = 0; attempt < kDrawsPerHand; ++attempt) {
      if (!draw_hidden_deal(hand_, rng, deal_))
        fail(first, "no deal of the unseen cards fits this hand's views");
      if (replay(first)) return;
      rewind(before);
    }
    fail(failed_at_, "not a legal action of any deal that fits the views");
  }

  // Back to the state after the first `actions` actions: replayed from the history, on the
  // rare path of a failed check, so the common path keeps no copy.
  void rewind(std::size_t actions) {
    auto fresh = std::make_unique<FlumeCardsState>(game_);
    const std::vector<Action>& done = state_->history();
    for (std::size_t k = 0; k < actions; ++k) fresh->apply(done[k].move);
    state_ = std::move(fresh);
  }

  bool replay(std::size_t first) {
    for (std::size_t k = 0; k < hand_.steps.size(); ++k) {
      const Move m = move_for(hand_.steps[k]);
      if (!fits(first + k, m)) {
        failed_at_ = first + k;
        return false;
      }
      state_->apply(m);
    }
    return true;
  }

  static Card pop(CardMask& m) {
    if (!m) return -1;
    const Card c = std::countr_zero(m);
    m &= m - 1;
    return c;
  }

  // The move of one step: as seen, or with the drawn cards where the seat saw none.
  Move move_for(const Step& st) {
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

  // Whether `m` can be action i: the actor seen, a legal move, and the view seen.
  bool fits(std::size_t i, Move m) {
    return state_->current_player() == seen_[i].actor && state_->is_legal(m) &&
           state_->action_view(seat_, m) == seen_[i].view;
  }

  const FlumeCardsGame& game_;
  int seat_;
  std::span<const SeenAction> seen_;
  std::unique_ptr<FlumeCardsState> state_;
  SeenHand hand_;
  HiddenDeal deal_;
  std::size_t failed_at_ = 0;
};

}  // namespace

std::unique_ptr<State> FlumeCardsGame::sample_state(int seat, std::span<const SeenAction> seen,
                                                    Rng& rng) const {
  if (seat < 1 || seat > players_)
    throw UserError(spec() + ": there is no seat " + std::to_string(seat) + " to sample for");
  try {
    Sampler sampler(*this, seat, seen);
    return sampler.run(rng);
  } catch (const UserError& e) {
    throw UserError(spec() + ": " + e.what());
  }
}

}  // namespace arena::flume_cards

// FlushGame::sample_state: a Flush state rebuilt from one seat's views. Only the cards dealt
// into other hands are hidden (the Blinds have no value until turned, and every round is a
// fresh deck), so the views are taken round by round: read into moves and bounds on the
// hidden hands (seen_hand.h), the hidden hands drawn within the bounds (hidden_deal.h),
// and the round replayed through the rules with them, every action checked: its actor, its
// legality and the view it shows. A finished round's hands were shown, so its deal is fixed;
// only the round in play (and a void one) is drawn. The cost is about two replays of the game.
// A check fails only for views no game produces, so the retry is a safety net.
#include <algorithm>
#include <memory>
#include <string>

#include "engine/core/random.h"
#include "engine/core/sampled_state.h"
#include "engine/core/user_error.h"
#include "engine/flush/flush_game.h"
#include "engine/flush/flush_state.h"
#include "engine/flush/hidden_deal.h"
#include "engine/flush/seen_hand.h"

namespace arena::flush {

namespace {

// Draws tried per round before the views are called impossible.
constexpr int kDrawsPerRound = 8;

class Sampler {
 public:
  Sampler(const FlushGame& game, int seat, std::span<const SeenAction> seen)
      : game_(game), seat_(seat), seen_(seen), state_(std::make_unique<FlushState>(game)) {}

  std::unique_ptr<State> run(Rng& rng) {
    if (seen_.empty()) return std::move(state_);
    const ParsedMove p = state_->parse_move(seen_[0].view);
    if (seen_[0].actor != kChance || !p.ok() || state_->move_to_string(p.move) != seen_[0].view)
      fail(0, "expected the starting seat, #startN");
    state_->apply(p.move);
    for (std::size_t i = 1; i < seen_.size(); i = round_.end) {
      if (state_->is_terminal()) fail(i, "the game is already over");
      try {
        read_hand(*state_, seat_ - 1, seen_, i, round_);
      } catch (const UserError& e) {
        throw UserError(prefix() + e.what() + ")");
      }
      draw_and_replay(rng);
    }
    return std::move(state_);
  }

 private:
  std::string prefix() const {
    return "no state shows seat " + std::to_string(seat_) + " these " + std::to_string(seen_.size()) +
           " actions (";
  }
  [[noreturn]] void fail(std::size_t at, const std::string& why) const {
    throw UserError(prefix() + "action " + std::to_string(at + 1) + ", '" + seen_[at].view + "': " + why +
                    ")");
  }

  void draw_and_replay(Rng& rng) {
    const std::size_t before = state_->history().size();
    for (int attempt = 0; attempt < kDrawsPerRound; ++attempt) {
      if (!draw_hidden_deal(round_.bounds, rng, hands_))
        fail(round_.first, "no deal of the unseen cards fits this round's views");
      if (replay()) return;
      rewind(before);
    }
    fail(failed_at_, "not a legal action of any deal that fits the views");
  }

  // Back to the state after the first `actions` actions: replayed from the history, on the
  // rare path of a failed check, so the common path keeps no copy.
  void rewind(std::size_t actions) {
    auto fresh = std::make_unique<FlushState>(game_);
    const std::vector<Action>& done = state_->history();
    for (std::size_t k = 0; k < actions; ++k) fresh->apply(done[k].move);
    state_ = std::move(fresh);
  }

  bool replay() {
    for (std::size_t i = round_.first; i < round_.end; ++i) {
      Move m = round_.moves[i - round_.first];
      if (m == kHiddenDeal) m = next_hidden_card();
      if (!fits(i, m)) {
        failed_at_ = i;
        return false;
      }
      state_->apply(m);
    }
    return true;
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

  // Whether `m` can be action i: the actor seen, a legal move, and the view seen. A card
  // drawn must be among the unseen; the seat's own moves were legal where everything it
  // sees is the same; another seat's move, which depends on its drawn hand, is looked up in
  // the legal moves.
  bool fits(std::size_t i, Move m) {
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

  const FlushGame& game_;
  int seat_;
  std::span<const SeenAction> seen_;
  std::unique_ptr<FlushState> state_;
  SeenHand round_;
  std::array<Cards, kMaxSeats> hands_{};
  std::vector<Move> legal_;
  std::size_t failed_at_ = 0;
};

}  // namespace

std::unique_ptr<State> FlushGame::sample_state(int seat, std::span<const SeenAction> seen, Rng& rng) const {
  if (seat < 1 || seat > players_)
    throw UserError(spec() + ": there is no seat " + std::to_string(seat) + " to sample for");
  try {
    Sampler sampler(*this, seat, seen);
    return sampler.run(rng);
  } catch (const UserError& e) {
    throw UserError(spec() + ": " + e.what());
  }
}

}  // namespace arena::flush

// The end of a Flush round as the seats see it: which move leaves its player without cards,
// and the hands still held, shown for scoring in every seat's view of that move
// (docs/rules/flush.md, "End of a round"). Without them the totals every seat sees would
// depend on cards no event names, and a state could not be rebuilt from the views alone.
#include "engine/flush/flush_state.h"

namespace arena::flush {

namespace {

// Removes the cards of a play from a seat, as lay_shape does (without the pile).
void take_shape(SeatCards& sc, const PlayShape& p, int mimic) {
  auto take = [&](int kind, int source, int times) {
    for (int i = 0; i < times; ++i) (source == kFromUp ? sc.up : sc.hand).remove(kind);
  };
  const int v = p.value;
  take(kind_of(v, Mark::kPlain), kFromHand, p.nat_hand);
  take(kind_of(v, Mark::kPlain), kFromUp, p.nat_up);
  if (p.nat_skip) take(kind_of(v, Mark::kSkip), p.nat_skip, 1);
  if (p.nat_bonus) take(kind_of(v, Mark::kBonus), p.nat_bonus, 1);
  if (p.mimics() == 0) return;
  take(kind_of(mimic, Mark::kPlain), kFromHand, p.mim_hand);
  take(kind_of(mimic, Mark::kPlain), kFromUp, p.mim_up);
  if (p.mim_skip) take(kind_of(mimic, Mark::kSkip), p.mim_skip, 1);
  if (p.mim_bonus) take(kind_of(mimic, Mark::kBonus), p.mim_bonus, 1);
}

}  // namespace

// Cards a seat holds once its flush is done: after a Super Flush a single kind of Base is
// given at once (flush_pile), which may be its last.
int FlushState::held_after_flush(int seat, const SeatCards& after, bool super) const {
  const int held = after.held();
  if (!super || after.blinds == 0) return held;
  bool recipient = false;
  for (int s = 0; s < n_; ++s)
    recipient = recipient || (s != seat && out_round_[s] == 0 && last_play_no_[s] > 0);
  if (!recipient) return held;
  int kinds = after.lone() > 0, only = kLoneBlind;
  for (int k = 0; k < kNumKinds; ++k)
    if (after.up[k]) ++kinds, only = k;
  if (kinds > 1) return held;  // the give is a decision of its own
  return held - (only == kLoneBlind ? 1 : 2);
}

bool FlushState::ends_round(Move m) const {
  if (phase_ != Phase::kPlay && phase_ != Phase::kAdd && phase_ != Phase::kGive &&
      phase_ != Phase::kBlindReveal)
    return false;
  const int seat = to_move_;
  SeatCards after = seats_[seat];
  const int top_count = num_plays_ ? plays_[num_plays_ - 1].count : 0;
  // Below, a move takes at most its cards and one Base (two cards): most moves are far from
  // the end, and are told at once without simulating the rest.
  switch (phase_) {
    case Phase::kBlindReveal: {
      // A higher card starts a pick-up (the old pile joins the hand); anything else ends
      // the round if the Blind was the last card (nothing is left to add).
      if (after.held() != 1) return false;
      return m == kFlushKind || num_plays_ == 0 || value_of(m) <= top_value();
    }
    case Phase::kGive:
      if (decode_give(m) != kLoneBlind) after.up.remove(decode_give(m));
      --after.blinds;
      return after.held() == 0;
    case Phase::kAdd: {
      if (add_pickup_) return false;
      const PlayShape p = decode_shape(m);
      if (after.held() > p.count() + 2) return false;
      take_shape(after, p, mimic_value());
      const int count = top_count + p.count();
      const int below =
          num_plays_ >= 2 && plays_[num_plays_ - 2].value == add_value_ ? plays_[num_plays_ - 2].count : 0;
      return (count + below >= 4 ? held_after_flush(seat, after, count >= 6) : after.held()) == 0;
    }
    default:
      break;
  }
  if (move_type(m) == MoveType::kPlay) {
    const PlayShape p = decode_shape(m);
    if (after.held() > p.count() + 2) return false;
    take_shape(after, p, mimic_value());
    const bool flush = p.count() + (num_plays_ && top_value() == p.value ? top_count : 0) >= 4;
    return (flush ? held_after_flush(seat, after, p.count() >= 6) : after.held()) == 0;
  }
  if (move_type(m) == MoveType::kFlushCards) {
    int h, u;
    decode_flush_cards(m, h, u);
    if (after.held() > h + u + 2) return false;
    after.hand.remove(kFlushKind, h);
    after.up.remove(kFlushKind, u);
    return held_after_flush(seat, after, h + u >= 6) == 0;
  }
  return false;  // a pick-up keeps the old pile; a flip asks chance for the card first
}

// ";shown:SEAT=CARDS,..." for every seat still in the game but the one that went out.
void FlushState::append_shown_hands(std::string& view) const {
  view += ";shown:";
  bool first = true;
  for (int s = 0; s < n_; ++s) {
    if (s == to_move_ || out_round_[s]) continue;
    if (!first) view += ',';
    first = false;
    view += std::to_string(s + 1);
    view += '=';
    view += cards_text(seats_[s].hand);
  }
}

}  // namespace arena::flush

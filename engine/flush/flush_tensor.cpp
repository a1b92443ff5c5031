// Flush's learning view (engine/core/tensor.h; the layout is in docs/learning.md, "Flush").
//
// The observation holds what the observation text holds, as numbers: the seat's own hand, then
// every player from the observer on in turn order (so one network serves every seat), the pile,
// the flushed cards, the Mimic and the phase. Other hands appear only as sizes; a Blind has no
// value until it is turned (flush_state.h), so none can leak.
//
// The action space must name every legal move, and a play's moves differ by where each card
// comes from. A play of value V is: how many plain V cards from the hand (a) and from face-up
// Bases (b), whether it holds the one Skip V and the one Bonus V, and the same four for the
// Mimic cards standing in. Plain cards number six per value, so a + b <= 6 (28 pairs); with the
// two flags that is 112 natural parts times 112 Mimic parts per value. Two things the index
// leaves to the state, because a state allows only one: the play's type (after a flip every
// play is an add; otherwise all plays are normal plays, or all are pick-ups) and where the one
// Skip or Bonus card of a value lies (in the hand or face up). Then Flush cards (from the hand
// and face up, 0..10 each), the flip, and the Bases one may give.
//
// The value is the index's lowest field: a seat's legal plays are mostly the same few shapes
// (one card, a pair) in several values, which then lie side by side, so a batch of games touches
// a few cache lines of each mask per step rather than one per legal move.
#include <array>

#include "engine/core/tensor.h"
#include "engine/flush/flush_state.h"

namespace arena::flush {

namespace {

constexpr int kPlainCopies = 6;
constexpr int kPairs = 28;               // (a, b) with a + b <= 6
constexpr int kPartShapes = kPairs * 4;  // a pair, with or without the Skip, with or without the Bonus
constexpr int kPlayActions = kNumValues * kPartShapes * kPartShapes;
constexpr int kFlushSide = kFlushCopies + 1;  // 0..10 Flush cards from one place
constexpr int kFlushBase = kPlayActions;
constexpr int kFlipIndex = kFlushBase + kFlushSide * kFlushSide;
constexpr int kGiveBase = kFlipIndex + 1;
constexpr int kActions = kGiveBase + kLoneBlind + 1;  // a face-up kind 0..30, or a lone Blind

// (a, b) -> 0..27, a-major: a * 7 - a * (a - 1) / 2 + b.
int pair_index(int a, int b) { return a * (kPlainCopies + 1) - a * (a - 1) / 2 + b; }

void pair_of(int index, int& a, int& b) {
  for (a = 0; index > kPlainCopies - a; ++a) index -= kPlainCopies - a + 1;
  b = index;
}

int part_index(int hand, int up, int skip, int bonus) {
  return pair_index(hand, up) * 4 + (skip != kAbsent) * 2 + (bonus != kAbsent);
}

// Where the seat's one card of `kind` lies: kFromHand or kFromUp; kAbsent when it holds none.
int source_of(const SeatCards& sc, int kind) {
  if (sc.hand[kind]) return kFromHand;
  return sc.up[kind] ? kFromUp : kAbsent;
}

// One part of a play (natural or Mimic) from its index, its Skip and Bonus placed where the
// seat holds them; false when the seat holds a card the index names nowhere.
bool decode_part(int part, const SeatCards& sc, int value, int& hand, int& up, int& skip, int& bonus) {
  pair_of(part / 4, hand, up);
  skip = bonus = kAbsent;
  if (part & 2) skip = source_of(sc, kind_of(value, Mark::kSkip));
  if (part & 1) bonus = source_of(sc, kind_of(value, Mark::kBonus));
  return ((part & 2) == 0 || skip != kAbsent) && ((part & 1) == 0 || bonus != kAbsent);
}

// Per player, from the observer on: in the game, hand size, Blinds, lone Blinds, face-up cards
// by kind, total, to act, laid the top play, receives the Base, Blinds turned for scoring.
constexpr int kPerPlayer = 1 + 1 + 1 + 1 + kNumKinds + 1 + 1 + 1 + 1 + kNumKinds;
constexpr int kPhases = 8;
constexpr int kMimicStates = 2 + kNumValues;  // unknown, none (a Flush card turned), 1..10
int tensor_size(int players) {
  return kNumKinds + players * kPerPlayer + kNumKinds + (kNumValues + 1) + 1 + 2 + 1 + kNumKinds +
         kMimicStates + kPhases + (kNumValues + 1) + 2;
}

// Card counts by kind, each over the kind's copies in the deck (so in 0..1). A table of
// reciprocals, not a division per kind: a training loop writes these blocks at every step, and
// 11 of them are most of a Flush tensor. Two overlapping runs of 16 kinds (0..15, 15..30), not
// one of 31, so that the compiler converts and scales them several at a time (at -O2 it leaves
// a loop whose count is not a multiple of its vector width scalar); `__restrict` tells it that
// the counts (bytes, which may alias anything) are not the floats being written.
constexpr int kRun = 16;
static_assert(kNumKinds > kRun && kNumKinds <= 2 * kRun);
constexpr std::array<float, kNumKinds> kPerCopy = [] {
  std::array<float, kNumKinds> t{};
  for (int k = 0; k < kNumKinds; ++k) t[k] = 1.0f / static_cast<float>(copies_of(k));
  return t;
}();

void scale_counts(float* __restrict out, const std::uint8_t* __restrict counts) {
  for (int k = 0; k < kRun; ++k) out[k] = static_cast<float>(counts[k]) * kPerCopy[k];
  constexpr int second = kNumKinds - kRun;
  for (int k = 0; k < kRun; ++k)
    out[second + k] = static_cast<float>(counts[second + k]) * kPerCopy[second + k];
}

// Inlined at its 11 calls, so that the writer stays in registers through the whole tensor.
[[gnu::always_inline]] inline void put_cards(TensorWriter& w, const Cards& cards) {
  scale_counts(w.take(kNumKinds), cards.n.data());
}

// Cards::size(), inline and in the same two runs of 16 kinds as scale_counts (the kind both
// runs hold counted once), so the compiler adds the counts up several at a time.
int count(const Cards& cards) {
  const std::uint8_t* n = cards.n.data();
  constexpr int second = kNumKinds - kRun;
  int total = 0;
  for (int k = 0; k < kRun; ++k) total += n[k] + n[second + k];
  return total - n[second];
}

}  // namespace

std::vector<int> FlushGame::observation_shape() const { return {tensor_size(players_)}; }

int FlushGame::num_distinct_actions() const { return kActions; }

int FlushState::action_index(Move m) const {
  switch (move_type(m)) {
    case MoveType::kPlay:
    case MoveType::kPickup:
    case MoveType::kAdd: {
      const PlayShape s = decode_shape(m);
      const int natural = part_index(s.nat_hand, s.nat_up, s.nat_skip, s.nat_bonus);
      const int mimic = part_index(s.mim_hand, s.mim_up, s.mim_skip, s.mim_bonus);
      return (natural * kPartShapes + mimic) * kNumValues + s.value - 1;
    }
    case MoveType::kFlushCards: {
      int hand = 0, up = 0;
      decode_flush_cards(m, hand, up);
      return kFlushBase + hand * kFlushSide + up;
    }
    case MoveType::kFlip:
      return kFlipIndex;
    case MoveType::kGive:
      return kGiveBase + decode_give(m);
    case MoveType::kNone:
      break;
  }
  return -1;  // a chance outcome
}

// One call per step for the batch: the same index, without a virtual call per move.
void FlushState::action_indices(std::span<const Move> moves, std::span<int> out) const {
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = FlushState::action_index(moves[i]);
}

Move FlushState::action_move(int index) const {
  if (index < 0 || index >= kActions) return -1;
  if (index < kPlayActions) return play_action_move(index);
  if (index >= kGiveBase) return phase_ == Phase::kGive ? encode_give(index - kGiveBase) : -1;
  if (phase_ != Phase::kPlay) return -1;
  if (index == kFlipIndex) return encode_flip();
  const int flush = index - kFlushBase;
  return encode_flush_cards(flush / kFlushSide, flush % kFlushSide);
}

Move FlushState::play_action_move(int index) const {
  MoveType type = MoveType::kAdd;
  if (phase_ == Phase::kPlay)
    type = has_normal_play(to_move_) ? MoveType::kPlay : MoveType::kPickup;
  else if (phase_ != Phase::kAdd)
    return -1;
  const SeatCards& sc = seats_[to_move_];
  PlayShape p;
  p.value = index % kNumValues + 1;
  const int natural = index / kNumValues / kPartShapes, mimic = index / kNumValues % kPartShapes;
  if (!decode_part(natural, sc, p.value, p.nat_hand, p.nat_up, p.nat_skip, p.nat_bonus)) return -1;
  if (mimic != 0) {
    const int m = mimic_value();
    if (m == 0 || m == p.value) return -1;  // no Mimic stands in for its own value
    if (!decode_part(mimic, sc, m, p.mim_hand, p.mim_up, p.mim_skip, p.mim_bonus)) return -1;
  }
  return encode_shape(type, p);
}

// The blocks in the order of docs/learning.md's table.
void FlushState::do_write_observation(int seat, std::span<float> out) const {
  TensorWriter w(game(), out, tensor_size(n_));
  const int me = seat - 1;
  put_cards(w, seats_[me].hand);
  const int cp = current_player();
  const int top_seat = num_plays_ ? plays_[num_plays_ - 1].seat : -1;
  for (int i = 0; i < n_; ++i) {
    const int s = (me + i) % n_;
    const SeatCards& sc = seats_[s];
    w.flag(out_round_[s] == 0);
    w.put(static_cast<float>(count(sc.hand)) / kHandDealt);
    w.put(static_cast<float>(sc.blinds) / kBasesDealt);
    w.put(static_cast<float>(sc.blinds - count(sc.up)) / kBasesDealt);  // lone Blinds
    put_cards(w, sc.up);
    w.put(static_cast<float>(totals_[s]) / static_cast<float>(rules().limit()));
    w.flag(cp == s + 1);
    w.flag(top_seat == s);
    w.flag(phase_ == Phase::kGive && give_to_ == s);
    put_cards(w, revealed_[s]);
  }
  put_cards(w, pile_cards());
  const PilePlay* top = num_plays_ ? &plays_[num_plays_ - 1] : nullptr;
  w.one_hot(kNumValues + 1, top ? top->value : 0);
  w.put(top ? static_cast<float>(top->count) / kHandDealt : 0.0f);
  w.flag(top && top->pickup);
  w.flag(top && top->blind);
  w.put(static_cast<float>(num_plays_) / kHandDealt);
  put_cards(w, flushed_);
  w.one_hot(kMimicStates, mimic_kind_ < 0 ? 0 : 1 + mimic_value());
  w.one_hot(kPhases, static_cast<int>(phase_));
  w.one_hot(kNumValues + 1, phase_ == Phase::kAdd ? add_value_ : 0);
  w.put(static_cast<float>(plays_since_flush_) / kStalematePlays);
  w.put(static_cast<float>(round_) / static_cast<float>(rules().max_rounds()));
  w.finish();
}

}  // namespace arena::flush

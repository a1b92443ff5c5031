// Flush rules: dealing, legal plays, applying them, flushes, round ends and scoring.
#include "engine/flush/flush_state.h"

#include <stdexcept>

namespace arena::flush {

FlushState::FlushState(const FlushGame& game) : StateBase(game), n_(game.num_players()) {
  unseen_ = full_deck();
}

int FlushState::current_player() const {
  switch (phase_) {
    case Phase::kStartSeat:
    case Phase::kDeal:
    case Phase::kBlindReveal:
    case Phase::kScoreReveal:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    default:
      return to_move_ + 1;
  }
}

int FlushState::live_count() const {
  int c = 0;
  for (int s = 0; s < n_; ++s) c += out_round_[s] == 0;
  return c;
}

int FlushState::next_live(int from, int steps) const {
  int s = from;
  while (steps > 0) {
    s = (s + 1) % n_;
    if (out_round_[s] == 0) --steps;
  }
  return s;
}

int FlushState::deal_target(int& slot) const {
  const int per_seat = kBasesDealt + kHandDealt;
  int index = deal_index_ / per_seat;
  for (int s = 0; s < n_; ++s) {
    if (out_round_[s]) continue;
    if (index-- == 0) {
      slot = deal_index_ % per_seat < kBasesDealt ? 0 : 1;
      return s;
    }
  }
  slot = 2;  // every live seat is served: the next card turned is the Mimic
  return -1;
}

int FlushState::points(int kind) const {
  if (kind == kFlushKind) return rules().flush_points();
  const int v = value_of(kind);
  return v == mimic_value() ? 3 * v : v;
}

Cards FlushState::pile_cards() const {
  Cards c;
  for (int i = 0; i < pile_size_; ++i) c.add(pile_[i]);
  return c;
}

// ---------------------------------------------------------------------------------------
// Move generation.

// Calls fn(shape) for every play of `value` the seat can make from hand and face-up
// cards. Mimic cards stand in only with a natural card of `value` in the play, or when
// `mimic_alone_ok` (the top play has that value, or a flipped Blind already holds it).
template <class Fn>
void FlushState::for_each_shape(int seat, int value, bool mimic_alone_ok, bool allow_empty, Fn&& fn) const {
  const SeatCards& sc = seats_[seat];
  const int m = mimic_value();
  const int plain = kind_of(value, Mark::kPlain), skip = kind_of(value, Mark::kSkip),
            bonus = kind_of(value, Mark::kBonus);
  auto sources = [&](int kind, int* opts) {
    int n = 0;
    opts[n++] = kAbsent;
    if (sc.hand[kind]) opts[n++] = kFromHand;
    if (sc.up[kind]) opts[n++] = kFromUp;
    return n;
  };
  int skip_opts[3], bonus_opts[3], mskip_opts[3] = {kAbsent}, mbonus_opts[3] = {kAbsent};
  const int n_skip = sources(skip, skip_opts), n_bonus = sources(bonus, bonus_opts);
  const bool mimics = m != 0 && m != value;
  int mh_max = 0, mu_max = 0, n_mskip = 1, n_mbonus = 1;
  if (mimics) {
    mh_max = sc.hand[kind_of(m, Mark::kPlain)];
    mu_max = sc.up[kind_of(m, Mark::kPlain)];
    n_mskip = sources(kind_of(m, Mark::kSkip), mskip_opts);
    n_mbonus = sources(kind_of(m, Mark::kBonus), mbonus_opts);
  }
  PlayShape p;
  p.value = value;
  for (p.nat_hand = 0; p.nat_hand <= sc.hand[plain]; ++p.nat_hand)
    for (p.nat_up = 0; p.nat_up <= sc.up[plain]; ++p.nat_up)
      for (int a = 0; a < n_skip; ++a)
        for (int b = 0; b < n_bonus; ++b) {
          p.nat_skip = skip_opts[a];
          p.nat_bonus = bonus_opts[b];
          const bool natural = p.naturals() > 0;
          for (p.mim_hand = 0; p.mim_hand <= mh_max; ++p.mim_hand)
            for (p.mim_up = 0; p.mim_up <= mu_max; ++p.mim_up)
              for (int c = 0; c < n_mskip; ++c)
                for (int d = 0; d < n_mbonus; ++d) {
                  p.mim_skip = mskip_opts[c];
                  p.mim_bonus = mbonus_opts[d];
                  const int mim = p.mimics();
                  if (mim > 0 && !natural && !mimic_alone_ok) continue;
                  if (mim + p.naturals() == 0 && !allow_empty) continue;
                  fn(p);
                }
        }
}

bool FlushState::has_normal_play(int seat) const {
  const SeatCards& sc = seats_[seat];
  const int top = top_value();
  const int m = mimic_value();
  for (int k = 0; k < kFlushKind; ++k) {
    if (!sc.hand[k] && !sc.up[k]) continue;
    // Any value fits an empty pile; a Mimic card can always stand for the top value.
    if (top == 0 || value_of(k) <= top || value_of(k) == m) return true;
  }
  return false;
}

bool FlushState::can_add(int seat, int value) const {
  bool any = false;
  for_each_shape(seat, value, true, false, [&](const PlayShape&) { any = true; });
  return any;
}

void FlushState::legal_play_moves(std::vector<Move>& out) const {
  const int seat = to_move_;
  const SeatCards& sc = seats_[seat];
  const int top = top_value();
  if (has_normal_play(seat)) {
    for (int v = 1; v <= (top ? top : kNumValues); ++v)
      for_each_shape(seat, v, v == top, false,
                     [&](const PlayShape& p) { out.push_back(encode_shape(MoveType::kPlay, p)); });
  } else if (top != 0) {
    // Forced pick-up: a new pile of a higher value; Mimics need a natural card with them
    // (the top play's value is lower, so they cannot stand in alone).
    for (int v = top + 1; v <= kNumValues; ++v)
      for_each_shape(seat, v, false, false,
                     [&](const PlayShape& p) { out.push_back(encode_shape(MoveType::kPickup, p)); });
  }
  for (int h = 0; h <= sc.hand[kFlushKind]; ++h)
    for (int u = 0; u <= sc.up[kFlushKind]; ++u)
      if (h + u > 0) out.push_back(encode_flush_cards(h, u));
  if (sc.lone() > 0) out.push_back(encode_flip());
}

void FlushState::legal_give_moves(std::vector<Move>& out) const {
  const SeatCards& sc = seats_[to_move_];
  for (int k = 0; k < kNumKinds; ++k)
    if (sc.up[k]) out.push_back(encode_give(k));
  if (sc.lone() > 0) out.push_back(encode_give(kLoneBlind));
}

void FlushState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kStartSeat:
      for (int s = 0; s < n_; ++s) out.push_back(kStartSeatBase + s + 1);
      return;
    case Phase::kDeal:
    case Phase::kBlindReveal:
    case Phase::kScoreReveal:
      for (int k = 0; k < kNumKinds; ++k)
        if (unseen_[k]) out.push_back(k);
      return;
    case Phase::kPlay:
      legal_play_moves(out);
      return;
    case Phase::kAdd: {
      PlayShape none;
      none.value = add_value_;
      out.push_back(encode_shape(MoveType::kAdd, none));  // "done": add nothing
      for_each_shape(to_move_, add_value_, true, false,
                     [&](const PlayShape& p) { out.push_back(encode_shape(MoveType::kAdd, p)); });
      return;
    }
    case Phase::kGive:
      legal_give_moves(out);
      return;
    case Phase::kOver:
      return;
  }
}

std::vector<std::pair<Move, double>> FlushState::chance_outcomes() const {
  std::vector<std::pair<Move, double>> out;
  if (phase_ == Phase::kStartSeat) {
    for (int s = 0; s < n_; ++s) out.emplace_back(kStartSeatBase + s + 1, 1.0 / n_);
  } else if (is_chance()) {
    const double total = unseen_.size();
    for (int k = 0; k < kNumKinds; ++k)
      if (unseen_[k]) out.emplace_back(k, unseen_[k] / total);
  } else {
    throw std::logic_error("flush: chance_outcomes() called at a player's turn");
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Applying moves.

void FlushState::start_play_record(int seat, int value, bool pickup, bool blind) {
  PilePlay& p = plays_[num_plays_++];
  p.seat = static_cast<std::uint8_t>(seat);
  p.value = static_cast<std::uint8_t>(value);
  p.begin = static_cast<std::uint8_t>(pile_size_);
  p.count = 0;
  p.pickup = pickup;
  p.blind = blind;
  last_play_no_[seat] = ++play_counter_;
  last_play_bonuses_ = 0;
}

// Moves the shape's cards from the seat onto the pile, as part of the top play.
void FlushState::lay_shape(int seat, const PlayShape& p, bool /*append_to_top*/) {
  SeatCards& sc = seats_[seat];
  PilePlay& top = plays_[num_plays_ - 1];
  auto put = [&](int kind, int source, int times = 1) {
    for (int i = 0; i < times; ++i) {
      if (source == kFromUp)
        sc.up.remove(kind);  // its Blind is now a lone Blind
      else
        sc.hand.remove(kind);
      pile_[pile_size_++] = static_cast<std::uint8_t>(kind);
      ++top.count;
      if (is_bonus(kind)) ++last_play_bonuses_;
    }
  };
  const int v = p.value, m = mimic_value();
  put(kind_of(v, Mark::kPlain), kFromHand, p.nat_hand);
  put(kind_of(v, Mark::kPlain), kFromUp, p.nat_up);
  if (p.nat_skip) put(kind_of(v, Mark::kSkip), p.nat_skip);
  if (p.nat_bonus) put(kind_of(v, Mark::kBonus), p.nat_bonus);
  if (p.mimics() > 0) {
    put(kind_of(m, Mark::kPlain), kFromHand, p.mim_hand);
    put(kind_of(m, Mark::kPlain), kFromUp, p.mim_up);
    if (p.mim_skip) put(kind_of(m, Mark::kSkip), p.mim_skip);
    if (p.mim_bonus) put(kind_of(m, Mark::kBonus), p.mim_bonus);
  }
}

// The top play is complete: flush it, or finish a pick-up, apply its Skips and pass on.
void FlushState::complete_play(int seat, bool pickup) {
  const PilePlay& play = plays_[num_plays_ - 1];
  if (!pickup) {
    int count = play.count;
    if (num_plays_ >= 2 && plays_[num_plays_ - 2].value == play.value) count += plays_[num_plays_ - 2].count;
    if (count >= 4) {
      flush_pile(seat, play.count >= 6);
      return;
    }
  } else {
    // The old pile (every play under the new one) goes into the player's hand.
    SeatCards& sc = seats_[seat];
    const int begin = play.begin;
    for (int i = 0; i < begin; ++i) sc.hand.add(pile_[i]);
    PilePlay moved = play;
    for (int i = 0; i < moved.count; ++i) pile_[i] = pile_[begin + i];
    pile_size_ = moved.count;
    moved.begin = 0;
    plays_[0] = moved;
    num_plays_ = 1;
  }
  ++plays_since_flush_;
  if (seats_[seat].held() == 0) return end_round(seat);
  if (plays_since_flush_ >= kStalematePlays) return void_round();
  int skips = 0;
  const PilePlay& top = plays_[num_plays_ - 1];
  for (int i = 0; i < top.count; ++i) skips += is_skip(pile_[top.begin + i]);
  to_move_ = next_live(seat, 1 + skips);
  phase_ = Phase::kPlay;
}

void FlushState::flush_pile(int seat, bool super) {
  for (int i = 0; i < pile_size_; ++i) flushed_.add(pile_[i]);
  pile_size_ = 0;
  num_plays_ = 0;
  plays_since_flush_ = 0;
  if (super && seats_[seat].blinds > 0) {
    // The recipient laid the latest earlier play of the round by someone else.
    int best = 0, to = -1;
    for (int s = 0; s < n_; ++s)
      if (s != seat && out_round_[s] == 0 && last_play_no_[s] > best) best = last_play_no_[s], to = s;
    if (to >= 0) {
      give_to_ = to;
      to_move_ = seat;
      // A choice only when the Bases differ (a face-up card, another, or a lone Blind);
      // a single kind of Base is given at once. Both are public, so nothing leaks.
      const SeatCards& sc = seats_[seat];
      int kinds = sc.lone() > 0, only = kLoneBlind;
      for (int k = 0; k < kNumKinds; ++k)
        if (sc.up[k]) ++kinds, only = k;
      if (kinds > 1) {
        phase_ = Phase::kGive;
        return;
      }
      give_base(seat, only);
    }
  }
  after_flush(seat);
}

void FlushState::give_base(int seat, int kind_or_lone) {
  SeatCards& from = seats_[seat];
  SeatCards& to = seats_[give_to_];
  if (kind_or_lone != kLoneBlind) {
    from.up.remove(kind_or_lone);
    to.up.add(kind_or_lone);
  }
  --from.blinds;
  ++to.blinds;
}

void FlushState::after_flush(int seat) {
  if (seats_[seat].held() == 0) return end_round(seat);
  to_move_ = seat;  // the same player leads a new pile: a new turn
  phase_ = Phase::kPlay;
}

void FlushState::start_round(int starter) {
  ++round_;
  for (int s = 0; s < n_; ++s) {
    seats_[s] = SeatCards{};
    revealed_[s].clear();
    to_reveal_[s] = 0;
    last_play_no_[s] = 0;
  }
  unseen_ = full_deck();
  flushed_.clear();
  mimic_kind_ = -1;
  pile_size_ = num_plays_ = 0;
  plays_since_flush_ = play_counter_ = last_play_bonuses_ = 0;
  finisher_ = -1;
  starter_ = starter;
  deal_index_ = 0;
  phase_ = Phase::kDeal;
}

void FlushState::end_round(int finisher) {
  finisher_ = finisher;
  bool any = false;
  for (int s = 0; s < n_; ++s) {
    to_reveal_[s] = (s != finisher && out_round_[s] == 0) ? seats_[s].blinds : 0;
    any = any || to_reveal_[s] > 0;
  }
  if (any) {
    phase_ = Phase::kScoreReveal;  // the Blinds still held are turned, one chance draw each
    return;
  }
  score_round();
}

void FlushState::score_round() {
  for (int s = 0; s < n_; ++s) {
    if (out_round_[s] || s == finisher_) continue;
    int sum = 0;
    for (int k = 0; k < kNumKinds; ++k)
      sum += (seats_[s].hand[k] + seats_[s].up[k] + revealed_[s][k]) * points(k);
    totals_[s] += sum;
  }
  totals_[finisher_] = std::max(0, totals_[finisher_] - rules().bonus() * last_play_bonuses_);
  for (int s = 0; s < n_; ++s)
    if (out_round_[s] == 0 && totals_[s] >= rules().limit()) out_round_[s] = round_;
  if (live_count() <= 1) {
    phase_ = Phase::kOver;
  } else if (round_ >= rules().max_rounds()) {
    capped_ = true;
    phase_ = Phase::kOver;
  } else {
    start_round(finisher_);
  }
}

void FlushState::void_round() {
  ++voided_;
  if (round_ >= rules().max_rounds()) {
    capped_ = true;
    phase_ = Phase::kOver;
    return;
  }
  start_round(starter_);
}

void FlushState::apply_deal(Move m) {
  int slot;
  const int s = deal_target(slot);
  unseen_.remove(m);
  if (slot == 0) {
    seats_[s].up.add(m);
    ++seats_[s].blinds;  // the Blind under it stays among the unseen cards
  } else if (slot == 1) {
    seats_[s].hand.add(m);
  } else {
    mimic_kind_ = m;
    to_move_ = starter_;
    phase_ = Phase::kPlay;
    return;
  }
  ++deal_index_;
}

void FlushState::apply_blind_reveal(Move m) {
  const int seat = to_move_;
  unseen_.remove(m);
  --seats_[seat].blinds;
  if (m == kFlushKind) {
    start_play_record(seat, 0, false, true);
    pile_[pile_size_++] = kFlushKind;
    ++plays_[num_plays_ - 1].count;
    flush_pile(seat, false);
    return;
  }
  const int v = value_of(m);
  const bool pickup = num_plays_ > 0 && v > top_value();
  start_play_record(seat, v, pickup, true);
  pile_[pile_size_++] = static_cast<std::uint8_t>(m);
  ++plays_[num_plays_ - 1].count;
  if (is_bonus(m)) ++last_play_bonuses_;
  // The add decision is skipped only when everyone can see there is nothing to add
  // (empty hand, no fitting face-up card): skipping it otherwise would tell the
  // table that the hand holds no card of that value.
  if (!seats_[seat].hand.empty() || can_add(seat, v)) {
    add_value_ = v;
    add_pickup_ = pickup;
    phase_ = Phase::kAdd;
    return;
  }
  complete_play(seat, pickup);
}

// Chance reveals the Blinds of the seats still holding some, seat by seat.
void FlushState::apply_score_reveal(Move m) {
  for (int s = 0; s < n_; ++s) {
    if (to_reveal_[s] == 0) continue;
    unseen_.remove(m);
    revealed_[s].add(m);
    --seats_[s].blinds;
    if (--to_reveal_[s] == 0) {
      bool more = false;
      for (int t = s + 1; t < n_; ++t) more = more || to_reveal_[t] > 0;
      if (!more) score_round();
    }
    return;
  }
}

void FlushState::apply_play(Move m) {
  const int seat = to_move_;
  switch (move_type(m)) {
    case MoveType::kPlay:
    case MoveType::kPickup: {
      const PlayShape p = decode_shape(m);
      const bool pickup = move_type(m) == MoveType::kPickup;
      start_play_record(seat, p.value, pickup, false);
      lay_shape(seat, p, false);
      complete_play(seat, pickup);
      return;
    }
    case MoveType::kFlushCards: {
      int h, u;
      decode_flush_cards(m, h, u);
      start_play_record(seat, 0, false, false);
      SeatCards& sc = seats_[seat];
      sc.hand.remove(kFlushKind, h);
      sc.up.remove(kFlushKind, u);
      for (int i = 0; i < h + u; ++i) pile_[pile_size_++] = kFlushKind;
      plays_[num_plays_ - 1].count = static_cast<std::uint8_t>(h + u);
      flush_pile(seat, h + u >= 6);
      return;
    }
    case MoveType::kFlip:
      phase_ = Phase::kBlindReveal;
      return;
    default:
      throw std::logic_error("flush: not a play move");
  }
}

void FlushState::do_apply(Move m) {
  switch (phase_) {
    case Phase::kStartSeat:
      return start_round(m - kStartSeatBase - 1);
    case Phase::kDeal:
      return apply_deal(m);
    case Phase::kBlindReveal:
      return apply_blind_reveal(m);
    case Phase::kScoreReveal:
      return apply_score_reveal(m);
    case Phase::kPlay:
      return apply_play(m);
    case Phase::kAdd:
      lay_shape(to_move_, decode_shape(m), true);
      return complete_play(to_move_, add_pickup_);
    case Phase::kGive:
      give_base(to_move_, decode_give(m));
      return after_flush(to_move_);
    case Phase::kOver:
      throw std::logic_error("flush: move after the game ended");
  }
}

void FlushState::redistribute_hidden(const std::vector<Cards>& hands, const Cards& unseen) {
  // The callers (samplers, tests) build the hands from this state: a mismatch is their bug.
  if (static_cast<int>(hands.size()) != n_) throw std::logic_error("redistribute_hidden: one hand per seat");
  Cards before = unseen_, after = unseen;
  if (unseen.size() != unseen_.size()) throw std::logic_error("redistribute_hidden: unseen size changed");
  for (int s = 0; s < n_; ++s) {
    if (hands[s].size() != seats_[s].hand.size())
      throw std::logic_error("redistribute_hidden: hand size of seat " + std::to_string(s + 1) + " changed");
    before.add_all(seats_[s].hand);
    after.add_all(hands[s]);
  }
  if (!(before == after)) throw std::logic_error("redistribute_hidden: the cards are not the same");
  for (int s = 0; s < n_; ++s) seats_[s].hand = hands[s];
  unseen_ = unseen;
}

std::vector<SeatResult> FlushState::results() const {
  std::vector<SeatResult> r(n_);
  auto better = [&](int a, int b) {
    const bool in_a = out_round_[a] == 0, in_b = out_round_[b] == 0;
    if (in_a != in_b) return in_a;
    if (!in_a && out_round_[a] != out_round_[b]) return out_round_[a] > out_round_[b];
    return totals_[a] < totals_[b];
  };
  for (int s = 0; s < n_; ++s) {
    r[s].team = s;
    r[s].score = totals_[s];
    for (int t = 0; t < n_; ++t) r[s].rank += better(t, s);
  }
  return r;
}

}  // namespace arena::flush

// The rules: who acts, what is legal, and what each action does.
#include "engine/flume_cards/flume_cards_state.h"

#include <algorithm>
#include <bit>
#include <climits>

namespace arena::flume_cards {

FlumeCardsState::FlumeCardsState(const FlumeCardsGame& game)
    : StateBase<FlumeCardsState>(game), players_(game.num_players()) {}

int FlumeCardsState::receiver() const { return to_act_; }

int FlumeCardsState::current_player() const {
  switch (phase_) {
    case Phase::kChooseDealer:
    case Phase::kDeal:
    case Phase::kRefill:
      return kChance;
    case Phase::kOver:
      return kTerminal;
    case Phase::kTrump:
    case Phase::kCall:
      return bidder_ + 1;
    case Phase::kDealerDiscard:
      return dealer_ + 1;
    default:
      return to_act_ + 1;
  }
}

CardMask FlumeCardsState::discard_eligible(int seat) const { return hands_[seat] & ~trump_mask(trump_); }

// The dealer keeps trumps when possible: while holding six trumps or fewer only
// non-trumps go; above six, every non-trump goes and unprotected trumps make up the rest.
bool FlumeCardsState::dealer_may_discard(Card c) const {
  const CardMask hand = hands_[dealer_];
  if (!(hand & bit(c)) || c <= dealer_last_discard_) return false;
  const CardMask trumps = hand & trump_mask(trump_);
  const int n = std::popcount(hand), t = std::popcount(trumps);
  const int need_trumps = t > kHandSize ? t - kHandSize : 0;
  const int need_plain = (n - kHandSize) - need_trumps;
  // Cards strictly above c still available after discarding c (discards go in ascending order).
  const CardMask above = c + 1 >= 64 ? 0 : ~((CardMask{1} << (c + 1)) - 1);
  CardMask unprotected = 0;
  for (CardMask m = trumps; m; m &= m - 1) {
    const Card x = std::countr_zero(m);
    if (!is_protected_trump(x, trump_)) unprotected |= bit(x);
  }
  const int plain_above = std::popcount(hand & ~trumps & above);
  const int trump_above = std::popcount(unprotected & above);
  if (trumps & bit(c)) {
    if (need_trumps == 0 || !(unprotected & bit(c))) return false;
    return trump_above >= need_trumps - 1 && plain_above >= need_plain;
  }
  if (need_plain == 0) return false;
  return plain_above >= need_plain - 1 && trump_above >= need_trumps;
}

CardMask FlumeCardsState::playable() const {
  const CardMask hand = hands_[to_act_];
  const Trick& t = tricks_[tricks_done_];
  if (t.count == 0) return hand;
  const int led = effective_suit(t.cards[0], trump_);
  CardMask follow = 0;
  for (CardMask m = hand; m; m &= m - 1) {
    const Card c = std::countr_zero(m);
    if (effective_suit(c, trump_) == led) follow |= bit(c);
  }
  return follow ? follow : hand;
}

Move FlumeCardsState::discard_move(int seat, CardMask cards) const {
  int pos = 0, mask = 0;
  for (CardMask m = hands_[seat]; m; m &= m - 1, ++pos)
    if (cards & bit(std::countr_zero(m))) mask |= 1 << pos;
  return kDiscardSetBase + mask;
}

CardMask FlumeCardsState::discard_cards(int seat, Move m) const {
  const int mask = m - kDiscardSetBase;
  CardMask cards = 0;
  int pos = 0;
  for (CardMask h = hands_[seat]; h; h &= h - 1, ++pos)
    if (mask & (1 << pos)) cards |= bit(std::countr_zero(h));
  return cards;
}

void FlumeCardsState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kChooseDealer:
      for (int s = 0; s < players_; ++s) out.push_back(kDealerBase + s);
      break;
    case Phase::kDeal:
    case Phase::kRefill:
      for (CardMask m = stock_; m; m &= m - 1) out.push_back(kDealBase + std::countr_zero(m));
      break;
    case Phase::kBid:
      out.push_back(kPass);
      for (int b = std::max(kMinBid, high_bid_ + 1); b <= kMaxBid; ++b) out.push_back(kBidBase + b);
      break;
    case Phase::kTrump:
      for (int s = 0; s < kSuits; ++s) out.push_back(kTrumpBase + s);
      break;
    case Phase::kDiscard: {
      // Subsets of the eligible cards by size, then lexicographically by card: "-" first.
      const CardMask eligible = discard_eligible(to_act_);
      Card cards[kHandSize];
      int k = 0;
      for (CardMask m = eligible; m; m &= m - 1) cards[k++] = std::countr_zero(m);
      const int cap = std::min(k, max_discards());
      for (int size = 0; size <= cap; ++size) {
        int idx[kHandSize];
        for (int i = 0; i < size; ++i) idx[i] = i;
        while (true) {
          CardMask set = 0;
          for (int i = 0; i < size; ++i) set |= bit(cards[idx[i]]);
          out.push_back(discard_move(to_act_, set));
          int i = size - 1;
          while (i >= 0 && idx[i] == k - size + i) --i;
          if (i < 0) break;
          ++idx[i];
          for (int j = i + 1; j < size; ++j) idx[j] = idx[j - 1] + 1;
        }
      }
      break;
    }
    case Phase::kDealerDiscard:
      for (CardMask m = hands_[dealer_]; m; m &= m - 1) {
        const Card c = std::countr_zero(m);
        if (dealer_may_discard(c)) out.push_back(kDealerDiscardBase + c);
      }
      break;
    case Phase::kCall:
      out.push_back(kAlone);
      for (CardMask m = kFullDeck & ~hands_[bidder_]; m; m &= m - 1)
        out.push_back(kCallBase + std::countr_zero(m));
      break;
    case Phase::kPlay:
      for (CardMask m = playable(); m; m &= m - 1) out.push_back(kPlayBase + std::countr_zero(m));
      break;
    case Phase::kOver:
      break;
  }
}

bool FlumeCardsState::is_legal(Move m) const {
  const auto card_in = [m](Move base, CardMask cards) {
    return m >= base && m < base + kDeckSize && (cards & bit(m - base));
  };
  switch (phase_) {
    case Phase::kChooseDealer:
      return m >= kDealerBase && m < kDealerBase + players_;
    case Phase::kDeal:
    case Phase::kRefill:
      return card_in(kDealBase, stock_);
    case Phase::kBid:
      return m == kPass || (m >= kBidBase + std::max(kMinBid, high_bid_ + 1) && m <= kBidBase + kMaxBid);
    case Phase::kTrump:
      return m >= kTrumpBase && m < kTrumpBase + kSuits;
    case Phase::kDiscard: {
      if (m < kDiscardSetBase || m >= kDiscardSetBase + (1 << kHandSize)) return false;
      const CardMask cards = discard_cards(to_act_, m);
      const int n = std::popcount(cards);
      return n == std::popcount(static_cast<unsigned>(m - kDiscardSetBase)) && n <= max_discards() &&
             !(cards & ~discard_eligible(to_act_));
    }
    case Phase::kDealerDiscard:
      return card_in(kDealerDiscardBase, hands_[dealer_]) && dealer_may_discard(m - kDealerDiscardBase);
    case Phase::kCall:
      return m == kAlone || card_in(kCallBase, kFullDeck & ~hands_[bidder_]);
    case Phase::kPlay:
      return card_in(kPlayBase, playable());
    case Phase::kOver:
      return false;
  }
  return false;
}

std::vector<std::pair<Move, double>> FlumeCardsState::chance_outcomes() const {
  std::vector<Move> moves;
  legal_moves(moves);
  if (!is_chance()) return State::chance_outcomes();
  std::vector<std::pair<Move, double>> out;
  out.reserve(moves.size());
  const double p = 1.0 / static_cast<double>(moves.size());
  for (Move m : moves) out.emplace_back(m, p);
  return out;
}

void FlumeCardsState::start_deal() {
  ++hands_dealt_;
  hands_.fill(0);
  discarded_.fill(0);
  discard_count_.fill(-1);
  bids_.fill(-1);
  stock_ = kFullDeck;
  high_bid_ = 0;
  bidder_ = -1;
  trump_ = -1;
  dealer_last_discard_ = -1;
  alone_ = false;
  called_ = -1;
  partner_ = -1;
  partner_revealed_ = false;
  tricks_ = {};
  tricks_done_ = 0;
  dealt_ = 0;
  to_act_ = next(dealer_);
  phase_ = Phase::kDeal;
}

void FlumeCardsState::after_refill() {
  to_act_ = next(to_act_);
  if (to_act_ != dealer_) {
    phase_ = Phase::kDiscard;
    return;
  }
  // The dealer takes the whole remaining stock: no chance involved, its contents are fixed.
  hands_[dealer_] |= stock_;
  stock_ = 0;
  discard_count_[dealer_] = 0;
  phase_ = Phase::kDealerDiscard;
}

void FlumeCardsState::start_play() {
  phase_ = Phase::kPlay;
  tricks_done_ = 0;
  tricks_[0] = Trick{};
  tricks_[0].leader = next(dealer_);
  to_act_ = tricks_[0].leader;
}

void FlumeCardsState::do_apply(Move m) {
  switch (phase_) {
    case Phase::kChooseDealer:
      dealer_ = m - kDealerBase;
      start_deal();
      break;
    case Phase::kDeal:
      stock_ &= ~bit(m - kDealBase);
      hands_[to_act_] |= bit(m - kDealBase);
      to_act_ = next(to_act_);
      if (++dealt_ == kHandSize * players_) phase_ = Phase::kBid;  // to_act_ is back at the dealer's left
      break;
    case Phase::kBid: {
      const int bid = m == kPass ? 0 : m - kBidBase;
      bids_[to_act_] = bid;
      if (bid) high_bid_ = bid, bidder_ = to_act_;
      const bool round_done = to_act_ == dealer_;
      to_act_ = next(to_act_);
      if (!round_done) break;
      if (bidder_ < 0) {  // all passed: the same dealer deals again
        if (hands_dealt_ >= rules().hand_cap()) return end_game(true);
        start_deal();
      } else {
        phase_ = Phase::kTrump;
      }
      break;
    }
    case Phase::kTrump:
      trump_ = m - kTrumpBase;
      to_act_ = next(dealer_);
      phase_ = Phase::kDiscard;
      break;
    case Phase::kDiscard: {
      const CardMask cards = discard_cards(to_act_, m);
      hands_[to_act_] &= ~cards;
      discarded_[to_act_] |= cards;
      refill_left_ = discard_count_[to_act_] = std::popcount(cards);
      if (refill_left_)
        phase_ = Phase::kRefill;
      else
        after_refill();
      break;
    }
    case Phase::kRefill:
      stock_ &= ~bit(m - kDealBase);
      hands_[to_act_] |= bit(m - kDealBase);
      if (--refill_left_ == 0) after_refill();
      break;
    case Phase::kDealerDiscard: {
      const Card c = m - kDealerDiscardBase;
      hands_[dealer_] &= ~bit(c);
      discarded_[dealer_] |= bit(c);
      ++discard_count_[dealer_];
      dealer_last_discard_ = c;
      if (std::popcount(hands_[dealer_]) == kHandSize) {
        if (players_ == 5)
          phase_ = Phase::kCall;
        else
          start_play();
      }
      break;
    }
    case Phase::kCall:
      if (m == kAlone) {
        alone_ = true;
      } else {
        called_ = m - kCallBase;
        for (int s = 0; s < players_; ++s)
          if (hands_[s] & bit(called_)) partner_ = s;
      }
      start_play();
      break;
    case Phase::kPlay: {
      const Card c = m - kPlayBase;
      Trick& t = tricks_[tricks_done_];
      t.cards[t.count++] = c;
      hands_[to_act_] &= ~bit(c);
      if (c == called_) partner_revealed_ = true;
      if (t.count < players_) {
        to_act_ = next(to_act_);
      } else {
        finish_trick();
      }
      break;
    }
    case Phase::kOver:
      break;
  }
}

void FlumeCardsState::finish_trick() {
  Trick& t = tricks_[tricks_done_];
  t.winner = (t.leader + winning_index(t, trump_)) % players_;
  if (++tricks_done_ == kTricks) return score_hand();
  tricks_[tricks_done_] = Trick{};
  tricks_[tricks_done_].leader = t.winner;
  to_act_ = t.winner;
}

void FlumeCardsState::score_hand() {
  std::array<bool, kMaxPlayers> bidding{};
  for (int s = 0; s < players_; ++s)
    bidding[s] = players_ == 4 ? (s % 2 == bidder_ % 2) : (s == bidder_ || s == partner_);
  const HandTally tally = tally_hand(tricks_.data(), kTricks, players_, trump_);
  const SidePoints sp = side_points(tally, players_, bidding);
  const int bidding_gain = sp.points[0] >= high_bid_ ? sp.points[0] : -high_bid_;
  for (int s = 0; s < players_; ++s) {
    last_scores_[s] = bidding[s] ? bidding_gain : sp.points[1];
    scores_[s] += last_scores_[s];
  }
  have_last_ = true;
  last_bidder_ = bidder_;
  last_bid_ = high_bid_;
  last_points_ = sp;
  last_bidding_side_ = bidding;

  bool anyone = false;
  for (int s = 0; s < players_; ++s) anyone |= scores_[s] >= rules().target();
  if (anyone) return end_game(false);
  if (hands_dealt_ >= rules().hand_cap()) return end_game(true);
  dealer_ = next(dealer_);
  start_deal();
}

// Winners: at the target, the highest total, then the bidding side (the previous hand's
// bidding side decides ties on the hand that reached the target). At the hand cap, the
// highest total; equal totals share first place.
void FlumeCardsState::end_game(bool by_cap) {
  phase_ = Phase::kOver;
  ended_by_cap_ = by_cap;
  std::array<bool, kMaxPlayers> winner{};
  int best = INT_MIN;
  for (int s = 0; s < players_; ++s)
    if (by_cap || scores_[s] >= rules().target()) best = std::max(best, scores_[s]);
  bool bidding_among_best = false;
  for (int s = 0; s < players_; ++s) {
    winner[s] = scores_[s] == best;
    bidding_among_best |= winner[s] && !by_cap && last_bidding_side_[s];
  }
  if (bidding_among_best)
    for (int s = 0; s < players_; ++s) winner[s] = winner[s] && last_bidding_side_[s];
  int winners = 0;
  for (int s = 0; s < players_; ++s) winners += winner[s];
  for (int s = 0; s < players_; ++s) {
    if (winner[s]) {
      ranks_[s] = 1;
      continue;
    }
    int above = 0;
    for (int o = 0; o < players_; ++o) above += !winner[o] && scores_[o] > scores_[s];
    // Partners share a total, so count each 4-player team once.
    if (players_ == 4) above /= 2;
    ranks_[s] = 1 + (players_ == 4 ? 1 : winners) + above;
  }
}

std::vector<SeatResult> FlumeCardsState::results() const {
  std::vector<SeatResult> r(players_);
  for (int s = 0; s < players_; ++s) {
    r[s].rank = ranks_[s];
    r[s].score = scores_[s];
    r[s].team = players_ == 4 ? s % 2 : s;
  }
  return r;
}

}  // namespace arena::flume_cards

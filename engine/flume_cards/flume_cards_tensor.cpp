// The Flume card game's learning view (engine/core/tensor.h; the layout is in docs/learning.md,
// "Flume cards"). The observation holds what the observation text holds, as numbers: the seat's
// own cards (and its own discards, which it made), the bidding, trump, the call, and every
// player from the observer on in turn order with the cards it played this hand (so one network
// serves every seat). Other hands appear only as sizes. The action space packs the engine's
// player moves (which already name fixed things: a card, a bid, a suit, a discard set over the
// positions of the six cards in hand) into one range without gaps.
#include <array>
#include <bit>

#include "engine/core/tensor.h"
#include "engine/flume_cards/flume_cards_state.h"

namespace arena::flume_cards {

namespace {

// One range of player moves and where it starts in the action space.
struct ActionRange {
  Move first;
  int count;
};
constexpr ActionRange kRanges[] = {
    {kPlayBase, kDeckSize},                       // play:CARD
    {kPass, 1},                                   // pass
    {kBidBase + kMinBid, kMaxBid - kMinBid + 1},  // bid3..bid6
    {kTrumpBase, kSuits},                         // trumpC..trumpS
    {kAlone, 1},                                  // alone
    {kCallBase, kDeckSize},                       // call:CARD
    {kDealerDiscardBase, kDeckSize},              // the dealer's discard:CARD
    {kDiscardSetBase, 1 << kHandSize},            // a non-dealer's discard set
};
constexpr int kActions = [] {
  int n = 0;
  for (const ActionRange& r : kRanges) n += r.count;
  return n;
}();

constexpr int kPhases = 10;
constexpr int kBidStates = 2 + kMaxBid - kMinBid + 1;  // not yet, pass, 3..6
// Per player, from the observer on: dealer, to act, hand size, score, its bid, high bidder,
// has discarded, discards, cards played in finished tricks, its card in the current trick,
// tricks won, card points won, known partner of the bidder, last hand's change of score.
constexpr int kPerPlayer = 1 + 1 + 1 + 1 + kBidStates + 1 + 1 + 1 + kDeckSize + kDeckSize + 1 + 1 + 1 + 1;
int tensor_size(int players) {
  return kDeckSize + kDeckSize + kPhases + players * kPerPlayer + (kMaxBid - kMinBid + 1) + kSuits +
         kDeckSize + 1 + 1 + players + 1 + 1;
}

void put_mask(TensorWriter& w, CardMask cards) {
  float* block = w.take(kDeckSize);
  for (; cards; cards &= cards - 1) block[std::countr_zero(cards)] = 1.0f;
}

// The number of cards in a mask. std::popcount is a call into libgcc where the build targets
// plain x86-64 (no POPCNT instruction); this is a dozen inline instructions.
int count_cards(CardMask cards) {
  cards -= (cards >> 1) & 0x5555555555555555ULL;
  cards = (cards & 0x3333333333333333ULL) + ((cards >> 2) & 0x3333333333333333ULL);
  cards = (cards + (cards >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  return static_cast<int>((cards * 0x0101010101010101ULL) >> 56);
}

// What every seat played in this hand's tricks (finished ones, and the one under way), the
// tricks it won and their card points: one pass over the tricks for all seats, not one a seat.
struct TrickCards {
  std::array<CardMask, kMaxPlayers> played{}, current{};
  std::array<int, kMaxPlayers> won{}, points{};
};

TrickCards trick_cards(const std::array<Trick, kTricks>& tricks, int done, int players) {
  TrickCards out;
  for (int t = 0; t <= done && t < kTricks; ++t) {
    const Trick& trick = tricks[t];
    std::array<CardMask, kMaxPlayers>& cards = t < done ? out.played : out.current;
    int seat = trick.leader % players, trick_points = 0;
    for (int k = 0; k < trick.count; ++k) {
      cards[seat] |= bit(trick.cards[k]);
      trick_points += game_points(trick.cards[k]);
      if (++seat == players) seat = 0;
    }
    if (t < done && trick.winner >= 0 && trick.winner < players) {
      ++out.won[trick.winner];
      out.points[trick.winner] += trick_points;
    }
  }
  return out;
}

}  // namespace

std::vector<int> FlumeCardsGame::observation_shape() const { return {tensor_size(players_)}; }

int FlumeCardsGame::num_distinct_actions() const { return kActions; }

int FlumeCardsState::action_index(Move m) const {
  int base = 0;
  for (const ActionRange& r : kRanges) {
    if (m >= r.first && m < r.first + r.count) return base + (m - r.first);
    base += r.count;
  }
  return -1;  // a chance outcome
}

// One call per step for the batch: the same index, without a virtual call per move.
void FlumeCardsState::action_indices(std::span<const Move> moves, std::span<int> out) const {
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = FlumeCardsState::action_index(moves[i]);
}

Move FlumeCardsState::action_move(int index) const {
  if (index < 0) return -1;
  for (const ActionRange& r : kRanges) {
    if (index < r.count) return r.first + index;
    index -= r.count;
  }
  return -1;
}

// The blocks in the order of docs/learning.md's table.
void FlumeCardsState::do_write_observation(int seat, std::span<float> out) const {
  TensorWriter w(game(), out, tensor_size(players_));
  const int me = seat - 1;
  put_mask(w, hands_[me]);
  put_mask(w, discarded_[me]);
  w.one_hot(kPhases, static_cast<int>(phase_));
  const bool tricks_shown = phase_ == Phase::kPlay || (phase_ == Phase::kOver && tricks_done_ > 0);
  const int cp = current_player();
  const TrickCards tricks = tricks_shown ? trick_cards(tricks_, tricks_done_, players_) : TrickCards{};
  for (int i = 0; i < players_; ++i) {
    const int s = (me + i) % players_;
    w.flag(phase_ != Phase::kChooseDealer && dealer_ == s);
    w.flag(cp == s + 1);
    w.put(static_cast<float>(count_cards(hands_[s])) / kHandSize);
    w.put(static_cast<float>(scores_[s]) / static_cast<float>(rules().target()));
    w.one_hot(kBidStates, bids_[s] < 0 ? 0 : bids_[s] == 0 ? 1 : 2 + bids_[s] - kMinBid);
    w.flag(bidder_ == s);
    w.flag(discard_count_[s] >= 0);
    w.put(discard_count_[s] > 0 ? static_cast<float>(discard_count_[s]) / kHandSize : 0.0f);
    put_mask(w, tricks.played[s]);
    put_mask(w, tricks.current[s]);
    w.put(static_cast<float>(tricks.won[s]) / kTricks);
    w.put(static_cast<float>(tricks.points[s]) / 80.0f);
    w.flag(partner_ == s && (partner_revealed_ || s == me));
    w.put(have_last_ ? static_cast<float>(last_scores_[s]) / 7.0f : 0.0f);
  }
  w.one_hot(kMaxBid - kMinBid + 1, bidder_ >= 0 ? high_bid_ - kMinBid : -1);
  w.one_hot(kSuits, trump_);
  w.one_hot(kDeckSize, called_);
  w.flag(alone_);
  w.put(static_cast<float>(tricks_done_) / kTricks);
  w.one_hot(players_,
            phase_ == Phase::kPlay ? (tricks_[tricks_done_].leader - me + players_) % players_ : -1);
  w.put(static_cast<float>(count_cards(stock_)) / kDeckSize);
  w.put(static_cast<float>(hands_dealt_) / static_cast<float>(rules().hand_cap()));
  w.finish();
}

}  // namespace arena::flume_cards

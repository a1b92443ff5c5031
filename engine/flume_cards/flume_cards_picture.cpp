// The Flume card game's picture: per seat its hand (face down for other seats) and its
// discards (face down but for the discarder), the stock as a count, the trick on the table,
// and bids, contract, trump, call and scores. A seat sees no more than its observation.
#include <bit>

#include "engine/core/picture.h"
#include "engine/flume_cards/flume_cards_state.h"

namespace arena::flume_cards {

namespace {

std::vector<std::string> card_list(CardMask m) {
  std::vector<std::string> out;
  for (Card c = 0; c < kDeckSize; ++c)
    if (m & bit(c)) out.push_back(card_name(c));
  return out;
}

// A card as a viewer draws it: rank and printed suit; the jokers are the special cards.
PictureCard face(Card c) {
  if (is_joker(c)) return {"Joker", PictureCard::Suit::kNone, c == kHighJoker ? "high" : "low", true};
  static constexpr const char* kRanks[kRanksPerSuit] = {"2",  "5", "6", "7", "8", "9",
                                                        "10", "J", "Q", "K", "A"};
  static constexpr PictureCard::Suit kSuits[kSuits] = {
      PictureCard::Suit::kClubs, PictureCard::Suit::kDiamonds, PictureCard::Suit::kHearts,
      PictureCard::Suit::kSpades};
  return {kRanks[rank_index(c)], kSuits[printed_suit(c)], "", false};
}

// The cards `viewer` may see of a mask owned by `owner` (1-based): all or a count.
PictureZone zone(const char* name, int owner, CardMask m, bool visible) {
  PictureZone z{name, owner, {}, {}, 0, {}};
  if (visible) {
    z.cards = card_list(m);
    for (Card c = 0; c < kDeckSize; ++c)
      if (m & bit(c)) z.faces.push_back(face(c));
  } else {
    z.hidden = std::popcount(m);
  }
  return z;
}

// The card that won a complete trick, highlighted in the zone showing it (picture.h).
PictureHighlight trick_winner(const Trick& t, int players, const char* zone) {
  const int k = (t.winner - t.leader + players) % players;
  return {"trick", t.winner + 1, card_name(t.cards[k]), zone, 0};
}

}  // namespace

void FlumeCardsState::add_hand_history(Picture& p) const {
  if (phase_ == Phase::kPlay || (phase_ == Phase::kOver && tricks_done_ > 0)) {
    // The trick before the one on the table, as `arena show --seat` lists it.
    const int shown = tricks_done_ < kTricks && phase_ == Phase::kPlay ? tricks_done_ : tricks_done_ - 1;
    if (shown >= 1) {
      const Trick& t = tricks_[shown - 1];
      PictureZone last{"last trick", 0, {}, {}, 0, {}};
      for (int k = 0; k < t.count; ++k) {
        last.cards.push_back(card_name(t.cards[k]));
        last.faces.push_back(face(t.cards[k]));
        last.played_by.push_back((t.leader + k) % players_ + 1);
      }
      p.zones.push_back(std::move(last));
      p.highlights.push_back(trick_winner(t, players_, "last trick"));
      p.values.push_back({"last trick won by", "seat " + std::to_string(t.winner + 1), 0});
    }
    // Each seat's game points and point cards (bowers, jokers) taken so far.
    std::array<int, kMaxPlayers> points{};
    std::array<CardMask, kMaxPlayers> taken{};
    for (int i = 0; i < tricks_done_; ++i)
      for (int k = 0; k < tricks_[i].count; ++k) {
        const Card c = tricks_[i].cards[k];
        points[tricks_[i].winner] += game_points(c);
        if (c == right_bower(trump_) || c == left_bower(trump_) || is_joker(c))
          taken[tricks_[i].winner] |= bit(c);
      }
    for (int s = 0; s < players_; ++s) {
      p.values.push_back({"game points", std::to_string(points[s]), s + 1});
      if (taken[s]) p.zones.push_back(zone("point cards taken", s + 1, taken[s], true));
    }
  }
  if (have_last_) {
    std::string text = "seat " + std::to_string(last_bidder_ + 1) + " bid " + std::to_string(last_bid_) +
                       ", points " + std::to_string(last_points_.points[0]) + "-" +
                       std::to_string(last_points_.points[1]) + ", change";
    for (int s = 0; s < players_; ++s) text += " " + std::to_string(last_scores_[s]);
    p.values.push_back({"last hand", text, 0});
  }
}

Picture FlumeCardsState::picture(int seat) const {
  Picture p = picture_frame(*this, seat);
  p.caption = phase_name() + (p.to_move ? ", seat " + std::to_string(p.to_move) + " to act" : "");
  // Before the first deal every hand is empty and the whole deck is the stock.
  const bool dealt = phase_ != Phase::kChooseDealer;
  for (int s = 0; s < players_; ++s) {
    const bool mine = seat == 0 || seat == s + 1;
    p.zones.push_back(zone("hand", s + 1, dealt ? hands_[s] : 0, mine));
    if (dealt && discard_count_[s] > 0) p.zones.push_back(zone("discards", s + 1, discarded_[s], mine));
    p.values.push_back({"score", std::to_string(scores_[s]), s + 1});
    if (dealt) {
      p.values.push_back({"bid",
                          bids_[s] < 0    ? "-"
                          : bids_[s] == 0 ? "pass"
                                          : std::to_string(bids_[s]),
                          s + 1});
      if (s == dealer_) p.values.push_back({"dealer", "yes", s + 1});
    }
  }
  p.zones.push_back(zone("stock", 0, dealt ? stock_ : kFullDeck, seat == 0));
  if (tricks_done_ > 0 || phase_ == Phase::kPlay) {
    const int shown = tricks_done_ < kTricks && phase_ == Phase::kPlay ? tricks_done_ : tricks_done_ - 1;
    const Trick& t = tricks_[shown];
    PictureZone trick{"trick", 0, {}, {}, 0, {}};
    for (int k = 0; k < t.count; ++k) {
      trick.cards.push_back(card_name(t.cards[k]));
      trick.faces.push_back(face(t.cards[k]));
      trick.played_by.push_back((t.leader + k) % players_ + 1);
    }
    p.zones.push_back(std::move(trick));
    if (t.count == players_) p.highlights.push_back(trick_winner(t, players_, "trick"));
    std::array<int, kMaxPlayers> won{};
    for (int i = 0; i < tricks_done_; ++i) ++won[tricks_[i].winner];
    for (int s = 0; s < players_; ++s) p.values.push_back({"tricks", std::to_string(won[s]), s + 1});
  }
  add_hand_history(p);
  // A hand starts with its deal; a trick when its leader is to play (the one before complete).
  p.parts = {{"hand", hands_dealt_}, {"trick", phase_ == Phase::kPlay ? tricks_done_ + 1 : 0}};
  if (bidder_ >= 0)
    p.values.push_back(
        {"contract", "seat " + std::to_string(bidder_ + 1) + " bids " + std::to_string(high_bid_), 0});
  if (trump_ >= 0) p.values.push_back({"trump", std::string(1, suit_letter(trump_)), 0});
  if (players_ == 5 && trump_ >= 0) {
    p.values.push_back({"called", alone_ ? "alone" : called_ < 0 ? "-" : card_name(called_), 0});
    if (partner_ >= 0 && (partner_revealed_ || seat == 0 || seat == partner_ + 1))
      p.values.push_back({"partner", "seat " + std::to_string(partner_ + 1), 0});
  }
  return p;
}

Picture FlumeCardsState::spectator_picture() const { return picture(kSpectatorSeat); }

std::string FlumeCardsState::spectator_action_view(Move m) const { return action_view(kSpectatorSeat, m); }

}  // namespace arena::flume_cards

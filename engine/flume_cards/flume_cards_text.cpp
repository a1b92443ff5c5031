// The boundary of the Flume state: notation, parsing with precise errors, per-seat
// views (observation, action_view) and the full picture for people.
#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>
#include <sstream>

#include "engine/flume_cards/flume_cards_state.h"

namespace arena::flume_cards {

namespace {

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// Splits "7C.9D" (also "7C,9D") into cards; nullopt names the first bad card.
struct CardList {
  CardMask cards = 0;
  int count = 0;
  std::string bad;    // first token that is not a card
  std::string twice;  // a card named twice
};
CardList parse_card_list(std::string_view s) {
  CardList r;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find_first_of(".,", start);
    if (end == std::string_view::npos) end = s.size();
    std::string_view tok = s.substr(start, end - start);
    auto c = parse_card(tok);
    if (!c) {
      if (r.bad.empty()) r.bad = tok.empty() ? "(empty)" : std::string(tok);
    } else if (r.cards & bit(*c)) {
      if (r.twice.empty()) r.twice = card_name(*c);
    } else {
      r.cards |= bit(*c);
      ++r.count;
    }
    start = end + 1;
  }
  return r;
}

std::string seat_list(const std::array<int, kMaxPlayers>& v, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " " : "") + std::to_string(v[i]);
  return s;
}

}  // namespace

std::string FlumeCardsState::phase_name() const {
  switch (phase_) {
    case Phase::kChooseDealer:
      return "choose-dealer";
    case Phase::kDeal:
      return "deal";
    case Phase::kBid:
      return "bid";
    case Phase::kTrump:
      return "trump";
    case Phase::kDiscard:
      return "discard";
    case Phase::kRefill:
      return "refill";
    case Phase::kDealerDiscard:
      return "dealer-discard";
    case Phase::kCall:
      return "call";
    case Phase::kPlay:
      return "play";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

std::string FlumeCardsState::move_to_string(Move m) const {
  if (m >= kDiscardSetBase) {
    const CardMask cards = discard_cards(to_act_, m);
    return cards ? "discard:" + cards_text(cards, '.') : "discard:-";
  }
  if (m >= kDealerDiscardBase) return "discard:" + card_name(m - kDealerDiscardBase);
  if (m >= kCallBase) return "call:" + card_name(m - kCallBase);
  if (m == kAlone) return "alone";
  if (m >= kTrumpBase) return std::string("trump") + suit_letter(m - kTrumpBase);
  if (m == kPass) return "pass";
  if (m > kBidBase) return "bid" + std::to_string(m - kBidBase);
  if (m >= kDealerBase) return "dealer:" + std::to_string(m - kDealerBase + 1);
  if (m >= kDealBase) return "deal:" + card_name(m - kDealBase);
  return "play:" + card_name(m - kPlayBase);
}

// A dealt card is seen by its receiver only; a discard shows others only its size. The
// action after which the dealer takes the stock also shows the dealer the stock's cards
// ("deal:?+stock:2C.9D..."): the dealer learns them then, and a seat's views must carry all
// it knows so that a state can be rebuilt from them (Game::sample_state).
std::string FlumeCardsState::action_view(int seat, Move m) const {
  const int viewer = seat - 1;
  std::string view;
  if ((phase_ == Phase::kDeal || phase_ == Phase::kRefill) && viewer != receiver()) {
    view = "deal:?";
  } else if (phase_ == Phase::kDiscard && viewer != to_act_) {
    const int n = std::popcount(discard_cards(to_act_, m));
    view = n ? "discard:" + std::to_string(n) : "discard:-";
  } else if (phase_ == Phase::kDealerDiscard && viewer != dealer_) {
    return "discard:1";
  } else {
    view = move_to_string(m);
  }
  if (viewer == dealer_) {
    const CardMask left = stock_left_to_dealer(m);
    if (left) view += "+stock:" + cards_text(left, '.');
  }
  return view;
}

// The stock the dealer takes right after `m`, or 0 when `m` does not end the refills.
CardMask FlumeCardsState::stock_left_to_dealer(Move m) const {
  if (next(to_act_) != dealer_) return 0;
  if (phase_ == Phase::kRefill && refill_left_ == 1) return stock_ & ~bit(m - kDealBase);
  if (phase_ == Phase::kDiscard && m == kDiscardSetBase) return stock_;
  return 0;
}

ParsedMove FlumeCardsState::parse_move(std::string_view text) const {
  ParsedMove r;
  const std::string t = lower(text);
  auto unparseable = [&](const std::string& why) {
    r.status = ParsedMove::Status::kUnparseable;
    r.error =
        "cannot read '" + std::string(text) + "': " + why +
        " (moves look like pass, bid4, trumpH, discard:7C.9D, discard:-, call:KS, alone, play:QH or QH)";
    return r;
  };
  std::optional<Move> m;  // the candidate, before legality
  std::string reason;     // set when the text names something that can never be legal here
  auto after = [&](std::string_view prefix) -> std::optional<std::string_view> {
    if (t.rfind(prefix, 0) != 0) return std::nullopt;
    return std::string_view(text).substr(prefix.size());
  };
  if (t.empty()) return unparseable("empty move");
  if (t == "pass") {
    m = kPass;
  } else if (t == "alone") {
    m = kAlone;
  } else if (auto rest = after("bid")) {
    std::string_view v = *rest;
    if (!v.empty() && v[0] == ':') v.remove_prefix(1);
    if (v.size() != 1 || !std::isdigit(static_cast<unsigned char>(v[0])))
      return unparseable("a bid is bid3 .. bid6");
    const int b = v[0] - '0';
    if (b < kMinBid || b > kMaxBid)
      reason = "bids go from 3 to 6";
    else
      m = kBidBase + b;
  } else if (auto rest = after("trump")) {
    std::string_view v = *rest;
    if (!v.empty() && v[0] == ':') v.remove_prefix(1);
    auto s = parse_suit(v);
    if (!s) return unparseable("trump is named as trumpC, trumpD, trumpH or trumpS");
    m = kTrumpBase + *s;
  } else if (auto rest = after("call:")) {
    auto c = parse_card(*rest);
    if (!c) return unparseable("'" + std::string(*rest) + "' is not a card");
    m = kCallBase + *c;
  } else if (auto rest = after("deal:")) {
    auto c = parse_card(*rest);
    if (!c) return unparseable("'" + std::string(*rest) + "' is not a card");
    m = kDealBase + *c;
  } else if (auto rest = after("dealer:")) {
    if (rest->size() != 1 || !std::isdigit(static_cast<unsigned char>((*rest)[0])))
      return unparseable("the first dealer is dealer:SEAT");
    const int s = (*rest)[0] - '0';
    if (s < 1 || s > players_)
      reason = "there is no seat " + std::string(*rest);
    else
      m = kDealerBase + s - 1;
  } else if (auto rest = after("discard:")) {
    if (*rest == "-") {
      m = kDiscardSetBase;
    } else {
      const CardList cl = parse_card_list(*rest);
      if (!cl.bad.empty()) return unparseable("'" + cl.bad + "' is not a card");
      if (!cl.twice.empty()) return unparseable(cl.twice + " is named twice");
      if (phase_ == Phase::kDealerDiscard) {
        if (cl.count != 1)
          reason = "the dealer discards one card per move";
        else
          m = kDealerDiscardBase + std::countr_zero(cl.cards);
      } else if (phase_ == Phase::kDiscard) {
        const CardMask outside = cl.cards & ~hands_[to_act_];
        if (outside)
          reason = cards_text(outside) + " not in your hand";
        else
          m = discard_move(to_act_, cl.cards);
      } else {
        reason = "this is not a discard";
      }
    }
  } else {
    std::string_view cardtext = text;
    if (auto rest = after("play:")) cardtext = *rest;
    auto c = parse_card(cardtext);
    if (!c) return unparseable("unknown move");
    m = kPlayBase + *c;
  }

  std::vector<Move> legal;
  legal_moves(legal);
  if (m && std::find(legal.begin(), legal.end(), *m) != legal.end()) {
    r.status = ParsedMove::Status::kOk;
    r.move = *m;
    return r;
  }
  if (reason.empty()) reason = illegal_reason(*m);
  r.status = ParsedMove::Status::kIllegal;
  r.error = "'" + std::string(text) + "' is illegal: " + reason + legal_moves_hint(*this, legal);
  return r;
}

// Why a well-formed move is not legal here; for error messages only.
std::string FlumeCardsState::illegal_reason(Move m) const {
  const bool chance_move = (m >= kDealBase && m < kDealBase + kDeckSize) || (m >= kDealerBase && m < kPass);
  if (phase_ == Phase::kOver) return "the game is over";
  if (is_chance() != chance_move)
    return is_chance() ? "a chance action (" + phase_name() + ") is due, not a player's move"
                       : "deal/dealer actions are chance outcomes; it is seat " +
                             std::to_string(current_player()) + "'s turn to " + phase_name();
  const std::string phase = "it is the " + phase_name() + " phase";
  if (is_chance()) {
    if (m >= kDealBase && m < kDealerBase) {
      if (phase_ == Phase::kChooseDealer) return "the first dealer is chosen first";
      return card_name(m - kDealBase) + " is not in the stock";
    }
    return "the dealer is already chosen";
  }
  if (m >= kDiscardSetBase || (m >= kDealerDiscardBase && m < kDealerDiscardBase + kDeckSize)) {
    if (phase_ == Phase::kDiscard)
      return m < kDiscardSetBase
                 ? "discards go as a set"
                 : "only non-trump cards may be discarded, at most " + std::to_string(max_discards());
    if (phase_ == Phase::kDealerDiscard) {
      if (m >= kDiscardSetBase) return "the dealer must discard down to six cards, one card per move";
      const Card c = m - kDealerDiscardBase;
      if (!(hands_[dealer_] & bit(c))) return card_name(c) + " is not in your hand";
      if (c <= dealer_last_discard_)
        return "the dealer discards in ascending card order (after " + card_name(dealer_last_discard_) + ")";
      if (is_trump(c, trump_) && is_protected_trump(c, trump_))
        return "the A, both bowers, the jokers and the 2 of trumps are never discarded";
      if (is_trump(c, trump_) && std::popcount(hands_[dealer_] & trump_mask(trump_)) <= kHandSize)
        return "a trump may be discarded only when holding more than six trumps";
      return "the dealer discards in ascending card order down to six cards, keeping six trumps (or all of "
             "them if fewer); after " +
             card_name(c) + " that could not be completed";
    }
    return phase;
  }
  if (m < kDealBase) {
    if (phase_ != Phase::kPlay) return phase;
    const Card c = m - kPlayBase;
    if (!(hands_[to_act_] & bit(c))) return card_name(c) + " is not in your hand";
    return "you must follow the led suit (the left bower and jokers are trumps)";
  }
  if (m == kPass || (m > kBidBase && m <= kBidBase + kMaxBid)) {
    if (phase_ != Phase::kBid) return phase;
    return "a bid must be higher than " + std::to_string(high_bid_);
  }
  if (m >= kCallBase && m < kCallBase + kDeckSize) {
    if (phase_ != Phase::kCall)
      return players_ == 5 ? phase : "partners are only called in the 5-player game";
    return "you cannot call a card in your own hand";
  }
  return phase;
}

std::string FlumeCardsState::observation(int seat) const {
  const int me = seat - 1;
  std::ostringstream o;
  o << "seat " << seat << "\n";
  o << "players " << players_ << " target " << rules().target() << " hand_cap " << rules().hand_cap() << "\n";
  o << "phase " << phase_name() << "\n";
  o << "to_move " << current_player() << "\n";
  o << "scores " << seat_list(scores_, players_) << "\n";
  if (phase_ != Phase::kChooseDealer) {
    o << "hand " << hands_dealt_ << " dealer " << dealer_ + 1 << "\n";
    o << "cards " << (hands_[me] ? cards_text(hands_[me]) : "-") << "\n";
    o << "hand_sizes";
    for (int s = 0; s < players_; ++s) o << " " << std::popcount(hands_[s]);
    o << "\nstock " << std::popcount(stock_) << "\n";
    o << "bids";
    for (int i = 0, s = next(dealer_); i < players_; ++i, s = next(s))
      o << " " << s + 1 << ":"
        << (bids_[s] < 0    ? "-"
            : bids_[s] == 0 ? "pass"
                            : "bid" + std::to_string(bids_[s]));
    o << "\n";
    if (bidder_ >= 0) o << "contract " << bidder_ + 1 << " " << high_bid_ << "\n";
    o << "trump " << (trump_ < 0 ? '-' : suit_letter(trump_)) << "\n";
    o << "discards";
    for (int s = 0; s < players_; ++s)
      o << " " << s + 1 << ":" << (discard_count_[s] < 0 ? "-" : std::to_string(discard_count_[s]));
    o << "\n";
  }
  if (players_ == 5 && trump_ >= 0) {
    o << "called " << (alone_ ? "alone" : called_ < 0 ? "-" : card_name(called_)) << "\n";
    if (partner_revealed_)
      o << "partner " << partner_ + 1 << "\n";
    else if (partner_ == me)
      o << "partner you\n";
  }
  // The tricks of the hand in progress, or of the final hand once the game is over.
  if (phase_ == Phase::kPlay || (phase_ == Phase::kOver && tricks_done_ > 0)) {
    for (int i = 0; i <= tricks_done_ && i < kTricks; ++i) {
      const Trick& t = tricks_[i];
      o << (i < tricks_done_ ? "trick " : "current ") << i + 1 << " lead " << t.leader + 1 << ":";
      for (int k = 0; k < t.count; ++k)
        o << " " << (t.leader + k) % players_ + 1 << ":" << card_name(t.cards[k]);
      if (i < tricks_done_) o << " won " << t.winner + 1;
      o << "\n";
    }
    // Points so far, per seat: tricks and card points taken, point cards taken.
    std::array<int, kMaxPlayers> won{}, card_pts{};
    std::array<std::string, kMaxPlayers> point_cards;
    for (int i = 0; i < tricks_done_; ++i) {
      const Trick& t = tricks_[i];
      ++won[t.winner];
      for (int k = 0; k < t.count; ++k) {
        const Card c = t.cards[k];
        card_pts[t.winner] += game_points(c);
        if (c == right_bower(trump_) || c == left_bower(trump_) || is_joker(c))
          point_cards[t.winner] += (point_cards[t.winner].empty() ? "" : ",") + card_name(c);
      }
    }
    for (int s = 0; s < players_; ++s)
      o << "taken " << s + 1 << " tricks " << won[s] << " game " << card_pts[s] << " cards "
        << (point_cards[s].empty() ? "-" : point_cards[s]) << "\n";
  }
  if (have_last_) {
    o << "last_hand bidder " << last_bidder_ + 1 << " bid " << last_bid_ << " side";
    for (int s = 0; s < players_; ++s)
      if (last_bidding_side_[s]) o << " " << s + 1;
    o << " points " << last_points_.points[0] << "-" << last_points_.points[1];
    for (int p = 0; p < kPointKinds; ++p)
      o << " " << point_name(static_cast<PointKind>(p)) << ":"
        << (last_points_.side[p] < 0    ? "-"
            : last_points_.side[p] == 0 ? "bidders"
                                        : "others");
    o << " change " << seat_list(last_scores_, players_) << "\n";
  }
  if (phase_ == Phase::kOver) {
    o << "result" << (ended_by_cap_ ? " hand_cap" : " target") << " ranks " << seat_list(ranks_, players_)
      << "\n";
  }
  return o.str();
}

std::string FlumeCardsState::render() const {
  std::ostringstream o;
  o << "Flume (" << players_ << " players) hand " << hands_dealt_ << ", dealer " << dealer_ + 1 << ", phase "
    << phase_name() << ", scores " << seat_list(scores_, players_) << "\n";
  if (trump_ >= 0)
    o << "  trump " << suit_letter(trump_) << ", bid " << high_bid_ << " by " << bidder_ + 1 << "\n";
  if (players_ == 5 && (alone_ || called_ >= 0))
    o << "  " << (alone_ ? std::string("alone") : "called " + card_name(called_)) << ", partner "
      << (partner_ < 0 ? std::string("none") : std::to_string(partner_ + 1)) << "\n";
  for (int s = 0; s < players_; ++s) {
    o << "  seat " << s + 1 << ": " << (hands_[s] ? cards_text(hands_[s]) : "-");
    if (discarded_[s]) o << "  (discarded " << cards_text(discarded_[s]) << ")";
    o << "\n";
  }
  o << "  stock: " << (stock_ ? cards_text(stock_) : "-") << "\n";
  for (int i = 0; i < tricks_done_ + (phase_ == Phase::kPlay ? 1 : 0) && i < kTricks; ++i) {
    const Trick& t = tricks_[i];
    o << "  trick " << i + 1 << ":";
    for (int k = 0; k < t.count; ++k)
      o << " " << (t.leader + k) % players_ + 1 << ":" << card_name(t.cards[k]);
    if (t.winner >= 0) o << " -> " << t.winner + 1;
    o << "\n";
  }
  return o.str();
}

}  // namespace arena::flume_cards

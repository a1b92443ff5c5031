// Flume (cards) for a person at the terminal: the seat's view laid out in 80 columns (hand
// sorted and grouped by suit, trumps together once trump is named), actions in plain words
// and the notation summary of docs/rules/flume-cards.md. Only what the seat may know.
#include <bit>
#include <sstream>

#include "engine/core/text_wrap.h"
#include "engine/flume_cards/flume_cards_state.h"

namespace arena::flume_cards {

namespace {

std::string seat_name(int seat, int me) { return seat == me ? "you" : "seat " + std::to_string(seat); }

// "C: 7C 9C | H: 5H AH | trump S: LJ JC AS": by suit, low to high; trumps (bowers and
// jokers included) last once trump is known.
std::string grouped_hand(CardMask hand, int trump) {
  std::string out;
  for (int suit = 0; suit <= kSuits; ++suit) {
    std::string group;
    for (Card c = 0; c < kDeckSize; ++c) {
      if (!(hand & bit(c))) continue;
      const int s = trump >= 0 ? effective_suit(c, trump) : is_joker(c) ? kSuits : printed_suit(c);
      // Trumps go last: the suit slot of trump is skipped and filled after the others.
      const int slot = trump >= 0 ? (s == trump ? kSuits : s) : s;
      if (slot == suit) group += " " + card_name(c);
    }
    if (group.empty()) continue;
    const std::string label = suit == kSuits
                                  ? (trump >= 0 ? std::string("trump ") + suit_letter(trump) : "jokers")
                                  : std::string(1, suit_letter(suit));
    out += (out.empty() ? "" : " | ") + label + ":" + group;
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string FlumeCardsState::render_for(int seat) const {
  std::ostringstream o;
  const int cp = current_player();
  o << "Flume, hand " << hands_dealt_ << ", dealer " << seat_name(dealer_ + 1, seat) << " - "
    << (cp == kTerminal ? std::string("game over")
        : cp == kChance ? "dealing"
                        : seat_name(cp, seat) + " to move")
    << " (you are seat " << seat << ")\n";
  o << "Scores (game at " << rules().target() << "):";
  for (int s = 1; s <= players_; ++s) o << "  " << seat_name(s, seat) << " " << scores_[s - 1];
  o << "\n";
  if (bidder_ >= 0)
    o << "Contract: " << seat_name(bidder_ + 1, seat) << " bid " << high_bid_ << ", trump "
      << (trump_ < 0 ? '-' : suit_letter(trump_)) << (alone_ ? ", alone" : "")
      << (called_ >= 0 ? ", called " + card_name(called_) : "") << "\n";
  if (phase_ == Phase::kBid) {
    o << "Bids:";
    for (int s = 0; s < players_; ++s)
      if (bids_[s] >= 0)
        o << "  " << seat_name(s + 1, seat) << (bids_[s] ? " " + std::to_string(bids_[s]) : " pass");
    o << "\n";
  }
  if (phase_ == Phase::kPlay || tricks_done_ > 0) {
    std::array<int, kMaxPlayers> won{};
    for (int i = 0; i < tricks_done_; ++i) ++won[tricks_[i].winner];
    o << "Tricks won:";
    for (int s = 1; s <= players_; ++s) o << "  " << seat_name(s, seat) << " " << won[s - 1];
    o << "\n";
    for (int i = tricks_done_ > 0 ? tricks_done_ - 1 : 0; i <= tricks_done_ && i < kTricks; ++i) {
      const Trick& t = tricks_[i];
      if (t.count == 0) continue;
      o << (i < tricks_done_ ? "Last trick:" : "This trick:");
      for (int k = 0; k < t.count; ++k)
        o << "  " << seat_name((t.leader + k) % players_ + 1, seat) << " " << card_name(t.cards[k]);
      if (i < tricks_done_) o << "  - won by " << seat_name(t.winner + 1, seat);
      o << "\n";
    }
  }
  o << "Your hand (" << std::popcount(hands_[seat - 1]) << "): " << grouped_hand(hands_[seat - 1], trump_)
    << "\n";
  return wrap_to_width(o.str());
}

std::string FlumeCardsState::describe_action(int seat, Move m) const {
  const int me = seat - 1;
  if (phase_ == Phase::kChooseDealer) return "seat " + std::to_string(m - kDealerBase + 1) + " deals first";
  if (phase_ == Phase::kDeal || phase_ == Phase::kRefill)  // others' cards are hidden
    return receiver() == me ? "you were dealt " + card_name(m - kDealBase) : "";
  const int actor = current_player();
  if (actor < 1) return "";
  const std::string who = seat_name(actor, seat);
  if (m == kPass) return who + " passed";
  if (m > kBidBase && m <= kBidBase + kMaxBid) return who + " bid " + std::to_string(m - kBidBase);
  if (m >= kTrumpBase && m < kTrumpBase + kSuits) return who + " named trump " + suit_letter(m - kTrumpBase);
  if (m == kAlone) return who + " plays alone";
  if (m >= kCallBase && m < kCallBase + kDeckSize) return who + " called " + card_name(m - kCallBase);
  if (phase_ == Phase::kDiscard || phase_ == Phase::kDealerDiscard) {
    const std::string view = action_view(seat, m);  // the cards for the discarder, a count for others
    const std::string what = view.substr(view.find(':') + 1);
    if (what == "-") return who + " discarded nothing";
    if (actor - 1 != me) return who + " discarded " + what + (what == "1" ? " card" : " cards");
    std::string cards = what;
    for (char& c : cards)
      if (c == '.') c = ' ';
    return who + " discarded " + cards;
  }
  return who + " played " + card_name(m - kPlayBase);
}

std::string FlumeCardsState::notation_help() const {
  return "Every action is one token (docs/rules/flume-cards.md). Cards: the rank\n"
         "A K Q J T 9 8 7 6 5 2, then the suit C D H S (AS, TD, 2H); jokers HJ and LJ.\n"
         "Case does not matter; 10 = T.\n"
         "  bid       pass, bid3 .. bid6           (also bid:4)\n"
         "  trump     trumpC trumpD trumpH trumpS  (also trump:H)\n"
         "  discard   discard:7C.9D, discard:- for none; the dealer discards one card at a\n"
         "            time, in ascending order: discard:7C\n"
         "  call      call:KS or alone (5 players)\n"
         "  play      play:QH or just QH\n";
}

}  // namespace arena::flume_cards

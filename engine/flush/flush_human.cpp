// Flush for a person at the terminal: the seat's view laid out in 80 columns (hand sorted
// and grouped by value), actions in plain words and the notation summary of
// docs/rules/flush.md. Only what the seat may know, like observation().
#include <sstream>

#include "engine/core/text_wrap.h"
#include "engine/flush/flush_state.h"

namespace arena::flush {

namespace {

// "1 1 | 3 | 6 6s | 10b | F": one group per value, Flush cards last.
std::string grouped(const Cards& cards) {
  std::string out;
  for (int v = 1; v <= kNumValues + 1; ++v) {
    std::string group;
    for (int k = 0; k < kNumKinds; ++k) {
      if ((v <= kNumValues ? value_of(k) != v || k == kFlushKind : k != kFlushKind)) continue;
      for (int i = 0; i < cards[k]; ++i) group += (group.empty() ? "" : " ") + kind_text(k);
    }
    if (!group.empty()) out += (out.empty() ? "" : " | ") + group;
  }
  return out.empty() ? "-" : out;
}

std::string seat_name(int seat, int me) { return seat == me ? "you" : "seat " + std::to_string(seat); }

}  // namespace

// "Pile: seat 2: 6+6 (6)  you: 7 (7)", the last four plays (the top decides what may follow;
// older ones only fill the screen), a new line where one would pass 80 columns.
std::string FlushState::pile_lines(int seat) const {
  std::string out = "Pile:";
  std::size_t line_begin = 0;
  if (num_plays_ == 0) return out + " empty\n";
  const int first = num_plays_ > 4 ? num_plays_ - 4 : 0;
  for (int i = first; i < num_plays_; ++i) {
    const PilePlay& p = plays_[i];
    std::string play = seat_name(p.seat + 1, seat) + ":";
    for (int c = 0; c < p.count; ++c) play += (c ? "+" : " ") + kind_text(pile_[p.begin + c]);
    if (p.value) play += " (" + std::to_string(p.value) + ")";
    if (out.size() - line_begin + 2 + play.size() > 80) {
      out += "\n    ";
      line_begin = out.size() - 4;
    }
    out += "  " + play;
  }
  const std::string earlier = "  [" + std::to_string(first) + " earlier]";
  if (first > 0) out += (out.size() - line_begin + earlier.size() > 80 ? "\n   " : "") + earlier;
  return out + "\n";
}

std::string FlushState::render_for(int seat) const {
  std::ostringstream o;
  const int cp = current_player();
  o << "Flush, round " << round_ << " - "
    << (cp == kTerminal ? std::string("game over")
        : cp == kChance ? "dealing"
                        : seat_name(cp, seat) + " to move")
    << " (you are seat " << seat << ")\n";
  o << "Mimic card: " << (mimic_kind_ < 0 ? std::string("not turned yet") : kind_text(mimic_kind_)) << "\n";
  o << "Totals (out at " << rules().limit() << "):";
  for (int s = 1; s <= n_; ++s)
    o << "  " << seat_name(s, seat) << " " << totals_[s - 1] << (out_round_[s - 1] ? " (out)" : "");
  o << "\n" << pile_lines(seat);
  const SeatCards& mine = seats_[seat - 1];
  o << "\nYour hand (" << mine.hand.size() << "): " << grouped(mine.hand) << "\n";
  o << "Your face-up Bases: " << grouped(mine.up) << "   Blinds: " << mine.blinds << "\n";
  for (int s = 1; s <= n_; ++s) {
    if (s == seat) continue;
    const SeatCards& c = seats_[s - 1];
    o << "  seat " << s << ": " << c.hand.size() << " in hand, up " << grouped(c.up) << ", " << c.blinds
      << " Blinds\n";
  }
  return wrap_to_width(o.str());
}

std::string FlushState::describe_action(int seat, Move m) const {
  std::string said = describe_alone(seat, m);
  if (!ends_round(m)) return said.empty() ? said : said + skipped_text(seat, m);
  // The hands still held are laid down for scoring (round_end.cpp).
  said += "; hands shown:";
  const char* sep = " ";
  for (int s = 0; s < n_; ++s)
    if (s != to_move_ && !out_round_[s]) {
      said += sep + seat_name(s + 1, seat) + " " + cards_text(seats_[s].hand);
      sep = ", ";
    }
  return said;
}

// After a completed play (a pick-up or a Blind's added cards included) that was not flushed,
// each of its Skip cards passes over the next player still in: "; seat 3 is skipped", so a
// person sees why a turn did not come (docs/rules/flush.md, Skip).
std::string FlushState::skipped_text(int seat, Move m) const {
  if (current_player() < 1) return "";
  const MoveType type = move_type(m);
  if (type != MoveType::kPlay && type != MoveType::kPickup && type != MoveType::kAdd) return "";
  FlushState after = *this;
  after.apply(m);
  if (after.phase_ != Phase::kPlay || after.round_ != round_ || after.num_plays_ == 0) return "";
  const PilePlay& top = after.plays_[after.num_plays_ - 1];
  if (top.seat != to_move_) return "";  // the play is not complete yet
  int skips = 0;
  for (int i = 0; i < top.count; ++i) skips += is_skip(after.pile_[top.begin + i]);
  std::string said;
  for (int i = 0, s = to_move_; i < skips; ++i) {
    s = after.next_live(s, 1);
    said += (said.empty() ? "; " : ", then ") + seat_name(s + 1, seat) + (s + 1 == seat ? " are" : " is") +
            " skipped";
  }
  return said;
}

std::string FlushState::describe_alone(int seat, Move m) const {
  const int actor = current_player();
  if (phase_ == Phase::kStartSeat) return "seat " + std::to_string(m - kStartSeatBase) + " leads the round";
  if (phase_ == Phase::kDeal) {
    int slot;
    const int target = deal_target(slot);
    if (slot == 2) return "the Mimic card is turned: " + kind_text(m);
    if (slot == 0) return seat_name(target + 1, seat) + " got a face-up Base: " + kind_text(m);
    // Another seat's hand card is hidden; its count shows in the layout.
    return target == seat - 1 ? "you were dealt " + kind_text(m) : "";
  }
  if (phase_ == Phase::kBlindReveal) return "the Blind turned up: " + kind_text(m);
  if (phase_ == Phase::kScoreReveal) return "a Blind scored: " + kind_text(m);
  if (actor < 1) return "";
  const std::string who = seat_name(actor, seat);
  const std::string text = move_to_string(m);
  switch (move_type(m)) {
    case MoveType::kPickup:
      return who + " picked up the pile with " + text.substr(5);
    case MoveType::kAdd:
      return text == "done" ? who + " added nothing" : who + " added " + text;
    case MoveType::kFlip:
      return who + " flipped a Blind";
    case MoveType::kGive:
      return who + " gave " + (text == "give:blind" ? std::string("a Blind") : "the Base " + text.substr(5));
    default:
      return who + " played " + text;
  }
}

std::string FlushState::notation_help() const {
  return "Every move is one token (docs/rules/flush.md):\n"
         "  card          1..10, then s (Skip) or b (Bonus); F: a Flush card  7 7s 10b F\n"
         "  face-up Base  card + ^                 7^ 7s^\n"
         "  Mimic         card + =V (stands for V)  5=7 5b^=7\n"
         "  play          cards joined by +         6+6+6s^+5=6   F+F^\n"
         "  pick-up       pick: + cards             pick:9+9 (or just 9+9)\n"
         "  Blind         flip; then the cards to add, or done\n"
         "  Super Flush   give:CARD or give:blind   give:4\n"
         "Cards may be written in any order.\n";
}

}  // namespace arena::flush

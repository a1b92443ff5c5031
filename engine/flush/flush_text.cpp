// Flush as text: move notation (with parsing and reasons), chance outcomes, what each seat
// may see (observation) and the full picture (render).
#include <algorithm>
#include <sstream>

#include "engine/flush/flush_state.h"

namespace arena::flush {

std::string FlushState::move_to_string(Move m) const {
  switch (phase_) {
    case Phase::kStartSeat:
      return "#start" + std::to_string(m - kStartSeatBase);
    case Phase::kDeal:
    case Phase::kBlindReveal:
    case Phase::kScoreReveal:
      return "#" + kind_text(m);
    case Phase::kOver:
      return "?";
    default:
      break;
  }
  switch (move_type(m)) {
    case MoveType::kPlay:
      return shape_text(decode_shape(m), mimic_value());
    case MoveType::kPickup:
      return "pick:" + shape_text(decode_shape(m), mimic_value());
    case MoveType::kAdd: {
      const PlayShape p = decode_shape(m);
      return p.count() == 0 ? "done" : shape_text(p, mimic_value());
    }
    case MoveType::kFlushCards: {
      int h, u;
      decode_flush_cards(m, h, u);
      return flush_cards_text(h, u);
    }
    case MoveType::kFlip:
      return "flip";
    case MoveType::kGive: {
      const int k = decode_give(m);
      return k == kLoneBlind ? "give:blind" : "give:" + kind_text(k);
    }
    case MoveType::kNone:
      break;
  }
  return "?";
}

std::string FlushState::action_view(int seat, Move m) const {
  if (phase_ == Phase::kDeal) {
    int slot;
    const int target = deal_target(slot);
    // A card dealt into a hand is seen by its owner only.
    if (slot == 1 && target != seat - 1) return "#?";
  }
  std::string view = move_to_string(m);
  // The hands still held are shown for scoring, to every seat alike (round_end.cpp).
  if (ends_round(m)) append_shown_hands(view);
  return view;
}

namespace {
ParsedMove fail(ParsedMove::Status status, std::string why) {
  ParsedMove r;
  r.status = status;
  r.error = std::move(why);
  return r;
}
std::string plural(int n, const std::string& what) { return std::to_string(n) + " " + what; }
}  // namespace

ParsedMove FlushState::parse_move(std::string_view text) const {
  using S = ParsedMove::Status;
  std::vector<Move> legal;
  legal_moves(legal);
  const std::string quoted = "'" + std::string(text) + "'";
  auto accept = [&](Move m) -> ParsedMove {
    if (std::find(legal.begin(), legal.end(), m) == legal.end())
      return fail(S::kIllegal, quoted + " is not legal here" + legal_moves_hint(*this, legal));
    ParsedMove r;
    r.status = S::kOk;
    r.move = m;
    return r;
  };
  if (text.empty()) return fail(S::kUnparseable, "empty move");
  if (phase_ == Phase::kOver) return fail(S::kIllegal, "the game is over");

  // Chance outcomes.
  if (text[0] == '#') {
    if (!is_chance())
      return fail(S::kIllegal, quoted + " is a chance outcome, but seat " + std::to_string(to_move_ + 1) +
                                   " is to play" + legal_moves_hint(*this, legal));
    std::string_view rest = text.substr(1);
    if (rest == "?")
      return fail(S::kIllegal, "'#?' is a redacted deal: the card is hidden and cannot be replayed");
    if (rest.starts_with("start")) {
      if (phase_ != Phase::kStartSeat)
        return fail(S::kIllegal, quoted + ": the starting seat is already drawn");
      const std::string n(rest.substr(5));
      if (n.size() != 1 || n[0] < '1' || n[0] > '9')
        return fail(S::kUnparseable, quoted + ": expected #startN");
      const int s = n[0] - '0';
      if (s > n_) return fail(S::kIllegal, quoted + ": there are only " + plural(n_, "seats"));
      return accept(kStartSeatBase + s);
    }
    if (phase_ == Phase::kStartSeat)
      return fail(S::kIllegal,
                  quoted + ": the starting seat is drawn first (#start1..#start" + std::to_string(n_) + ")");
    int kind = 0;
    if (rest.empty() || parse_kind(rest, kind) != static_cast<int>(rest.size()))
      return fail(S::kUnparseable, quoted + ": expected '#' and a card, e.g. #7, #7s, #10b, #F");
    if (!unseen_[kind])
      return fail(S::kIllegal, quoted + ": no " + kind_text(kind) + " is left among the unseen cards");
    return accept(kind);
  }
  if (is_chance())
    return fail(S::kIllegal,
                quoted + " is a player's move, but a chance outcome is due" + legal_moves_hint(*this, legal));

  const int seat = to_move_;
  const SeatCards& sc = seats_[seat];
  if (text == "flip") {
    if (phase_ != Phase::kPlay)
      return fail(S::kIllegal, "a Blind can be flipped only as the first action of a turn");
    if (sc.lone() == 0)
      return fail(S::kIllegal, "no Blind to flip: every Blind you hold still has its face-up card on it");
    return accept(encode_flip());
  }
  if (text == "done") {
    if (phase_ != Phase::kAdd)
      return fail(S::kIllegal, "'done' ends the cards added after a Blind flip; no flip is pending");
    PlayShape none;
    none.value = add_value_;
    return accept(encode_shape(MoveType::kAdd, none));
  }
  if (text.starts_with("give:")) {
    std::string_view what = text.substr(5);
    int kind = 0;
    if (what != "blind" && (what.empty() || parse_kind(what, kind) != static_cast<int>(what.size())))
      return fail(S::kUnparseable, quoted + ": expected give:CARD (a face-up Base card) or give:blind");
    if (phase_ != Phase::kGive) return fail(S::kIllegal, "a Base is given only after a Super Flush");
    if (what == "blind") {
      if (sc.lone() == 0) return fail(S::kIllegal, "you hold no Blind without a face-up card");
      return accept(encode_give(kLoneBlind));
    }
    if (!sc.up[kind]) return fail(S::kIllegal, "no face-up Base of yours shows " + kind_text(kind));
    return accept(encode_give(kind));
  }
  if (phase_ == Phase::kGive)
    return fail(S::kIllegal, "after your Super Flush you must give a Base" + legal_moves_hint(*this, legal));

  const bool pickup_marked = text.starts_with("pick:");
  std::vector<WrittenCard> cards;
  std::string err = parse_cards(pickup_marked ? text.substr(5) : text, cards);
  if (!err.empty()) return fail(S::kUnparseable, quoted + ": " + err);
  Move m = -1;
  err = play_text_error(cards, pickup_marked, m);
  if (!err.empty()) return fail(S::kIllegal, quoted + ": " + err);
  return accept(m);
}

Move FlushState::move_named(std::string_view text) const {
  if (is_chance() || phase_ == Phase::kOver) return -1;
  if (text == "flip") return phase_ == Phase::kPlay && seats_[to_move_].lone() > 0 ? encode_flip() : -1;
  if (text == "done") {
    PlayShape none;
    none.value = add_value_;
    return phase_ == Phase::kAdd ? encode_shape(MoveType::kAdd, none) : -1;
  }
  if (text.starts_with("give:")) {
    const std::string_view what = text.substr(5);
    int kind = kLoneBlind;
    if (what != "blind" && (what.empty() || parse_kind(what, kind) != static_cast<int>(what.size())))
      return -1;
    return phase_ == Phase::kGive ? encode_give(kind) : -1;
  }
  if (phase_ == Phase::kGive) return -1;
  const bool pickup_marked = text.starts_with("pick:");
  std::vector<WrittenCard> cards;
  Move m = -1;
  if (!parse_cards(pickup_marked ? text.substr(5) : text, cards).empty()) return -1;
  return play_text_error(cards, pickup_marked, m).empty() ? m : -1;
}

// Checks a written play against the rules; on success sets `move`.
std::string FlushState::play_text_error(const std::vector<WrittenCard>& cards, bool pickup_marked,
                                        Move& move) const {
  const int seat = to_move_;
  const SeatCards& sc = seats_[seat];
  const int m = mimic_value();

  // What the text means first, then whether the cards are there.
  for (const auto& c : cards)
    if (c.stands_for && c.stands_for != value_of(c.kind)) {
      if (c.kind == kFlushKind) return "a Flush card cannot stand for a value";
      if (m == 0)
        return "there is no Mimic this round, so " + kind_text(c.kind) + " cannot stand for another value";
      if (value_of(c.kind) != m)
        return "only Mimic cards (value " + std::to_string(m) + " this round) may stand for another value";
    }
  Cards need_hand, need_up;
  for (const auto& c : cards) (c.from_up ? need_up : need_hand).add(c.kind);
  for (int k = 0; k < kNumKinds; ++k) {
    if (need_hand[k] > sc.hand[k])
      return "you hold " + plural(sc.hand[k], kind_text(k)) + " in hand, the play names " +
             std::to_string(need_hand[k]);
    if (need_up[k] > sc.up[k])
      return sc.up[k] == 0 ? "no face-up Base of yours shows " + kind_text(k)
                           : "only " + plural(sc.up[k], "face-up Base") + " of yours show " + kind_text(k);
  }

  int flush_hand = need_hand[kFlushKind], flush_up = need_up[kFlushKind];
  if (flush_hand + flush_up > 0) {
    if (flush_hand + flush_up != static_cast<int>(cards.size()))
      return "Flush cards are played on their own, never with value cards";
    if (phase_ == Phase::kAdd)
      return "only cards of value " + std::to_string(add_value_) + " may be added to the flipped Blind";
    if (pickup_marked) return "Flush cards are never a pick-up";
    move = encode_flush_cards(flush_hand, flush_up);
    return "";
  }

  // The play's value: every card counts as its own value or the value it stands for.
  int value = 0;
  for (const auto& c : cards) {
    const int v = c.stands_for ? c.stands_for : value_of(c.kind);
    if (value && v != value) {
      std::string hint;
      if (m && (value_of(c.kind) == m || value == m))
        hint = " (write a Mimic as " + std::to_string(m) + "=V to make it stand for V)";
      return "a play holds cards of one value, this one mixes " + std::to_string(value) + " and " +
             std::to_string(v) + hint;
    }
    value = v;
  }

  PlayShape p;
  p.value = value;
  for (const auto& c : cards) {
    const bool stands = value_of(c.kind) != value;  // a Mimic standing in
    const int src = c.from_up ? kFromUp : kFromHand;
    switch (mark_of(c.kind)) {
      case Mark::kPlain:
        (stands ? (c.from_up ? p.mim_up : p.mim_hand) : (c.from_up ? p.nat_up : p.nat_hand))++;
        break;
      case Mark::kSkip:
        (stands ? p.mim_skip : p.nat_skip) = src;
        break;
      case Mark::kBonus:
        (stands ? p.mim_bonus : p.nat_bonus) = src;
        break;
    }
  }
  const int top = top_value();
  if (phase_ == Phase::kAdd) {
    if (value != add_value_)
      return "only cards of value " + std::to_string(add_value_) + " (the flipped Blind's) may be added";
    if (pickup_marked) return "the flipped Blind already decided the pick-up; name only the cards to add";
    move = encode_shape(MoveType::kAdd, p);
    return "";
  }
  const bool normal_exists = has_normal_play(seat);
  if (top == 0 || value <= top) {
    if (pickup_marked) return "a pick-up is only allowed when you have no play of the top value or lower";
    if (p.mimics() > 0 && p.naturals() == 0 && value != top)
      return "Mimic cards stand for " + std::to_string(value) + " only with a natural " +
             std::to_string(value) + " in the play or on a top play of " + std::to_string(value);
    move = encode_shape(MoveType::kPlay, p);
    return "";
  }
  if (normal_exists)
    return "value " + std::to_string(value) + " is higher than the top play (" + std::to_string(top) +
           "); you have a play of " + std::to_string(top) + " or lower, so you may not pick up";
  if (p.mimics() > 0 && p.naturals() == 0)
    return "Mimic cards stand for " + std::to_string(value) + " only with a natural " +
           std::to_string(value) + " in the play";
  move = encode_shape(MoveType::kPickup, p);
  return "";
}

namespace {
const char* phase_name(FlushState::Phase p) {
  switch (p) {
    case FlushState::Phase::kStartSeat:
      return "start-seat";
    case FlushState::Phase::kDeal:
      return "deal";
    case FlushState::Phase::kPlay:
      return "play";
    case FlushState::Phase::kAdd:
      return "add";
    case FlushState::Phase::kGive:
      return "give";
    case FlushState::Phase::kBlindReveal:
      return "blind-reveal";
    case FlushState::Phase::kScoreReveal:
      return "score-reveal";
    case FlushState::Phase::kOver:
      return "over";
  }
  return "?";
}
}  // namespace

// Lines "key value...". Hidden: other hands, every Blind's value, the unseen rest.
std::string FlushState::observation(int seat) const {
  std::ostringstream o;
  const int me = seat - 1;
  o << "seat " << seat << "\nplayers " << n_ << "\nround " << round_ << "\n";
  const int cp = current_player();
  o << "to_move "
    << (cp == kChance     ? std::string("chance")
        : cp == kTerminal ? std::string("none")
                          : std::to_string(cp))
    << "\nphase " << phase_name(phase_);
  if (phase_ == Phase::kAdd) o << " " << add_value_;
  if (phase_ == Phase::kGive) o << " to " << give_to_ + 1;
  o << "\nmimic "
    << (mimic_kind_ < 0 ? std::string("unknown")
        : mimic_value() ? std::to_string(mimic_value())
                        : "none");
  if (mimic_kind_ >= 0) o << " card " << kind_text(mimic_kind_);
  o << "\nlimit " << rules().limit() << "\ntotals";
  for (int s = 0; s < n_; ++s) o << ' ' << totals_[s];
  o << "\nstatus";
  for (int s = 0; s < n_; ++s) o << ' ' << (out_round_[s] ? "out" : "in");
  o << "\nhand " << cards_text(seats_[me].hand) << "\n";
  for (int s = 0; s < n_; ++s)
    o << "player " << s + 1 << " hand_size " << seats_[s].hand.size() << " blinds " << seats_[s].blinds
      << " up " << cards_text(seats_[s].up) << "\n";
  o << "pile";
  for (int i = 0; i < num_plays_; ++i) {
    const PilePlay& p = plays_[i];
    o << ' ' << p.seat + 1 << ':';
    for (int c = 0; c < p.count; ++c) {
      const int k = pile_[p.begin + c];
      if (c) o << '+';
      o << kind_text(k);
      if (k != kFlushKind && value_of(k) != p.value) o << '=' << int(p.value);
    }
    if (p.pickup) o << ":pick";
    if (p.blind) o << ":blind";
  }
  if (num_plays_ == 0) o << " -";
  o << "\nflushed " << cards_text(flushed_) << "\nplays_since_flush " << plays_since_flush_ << "\n";
  if (phase_ == Phase::kScoreReveal || (phase_ == Phase::kOver && finisher_ >= 0)) {
    for (int s = 0; s < n_; ++s)
      if (!revealed_[s].empty()) o << "revealed " << s + 1 << ' ' << cards_text(revealed_[s]) << "\n";
  }
  return o.str();
}

std::string FlushState::render() const {
  std::ostringstream o;
  o << "Flush round " << round_ << " (void " << voided_ << "), phase " << phase_name(phase_) << ", mimic "
    << (mimic_kind_ < 0 ? std::string("?") : kind_text(mimic_kind_)) << ", to move " << current_player()
    << "\n";
  for (int s = 0; s < n_; ++s) {
    o << "  seat " << s + 1 << (out_round_[s] ? " (out)" : "") << " total " << totals_[s] << " hand "
      << cards_text(seats_[s].hand) << " | up " << cards_text(seats_[s].up) << " | blinds "
      << seats_[s].blinds;
    if (!revealed_[s].empty()) o << " | scored blinds " << cards_text(revealed_[s]);
    o << "\n";
  }
  o << "  pile:";
  for (int i = 0; i < num_plays_; ++i) {
    o << " [" << plays_[i].seat + 1 << ":";
    for (int c = 0; c < plays_[i].count; ++c) o << (c ? "+" : "") << kind_text(pile_[plays_[i].begin + c]);
    o << " as " << int(plays_[i].value) << "]";
  }
  o << "\n  flushed " << cards_text(flushed_) << "\n  unseen " << unseen_.size() << " cards\n";
  return o.str();
}

// Rank: players still in beat eliminated ones; later eliminations beat earlier ones;
// within a group the lower total is better (equal totals tie).
}  // namespace arena::flush

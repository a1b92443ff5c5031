#include "engine/flush/seen_hand.h"

#include <algorithm>
#include <string>
#include <string_view>

namespace arena::flush {

namespace {

using Counts = std::array<int, kNumKinds>;

// The round as the views go, on `t`, a copy of the real state with the hidden cards placed
// anyhow (see seen_hand.h).
class Reader {
 public:
  Reader(const FlushState& start, int viewer, std::span<const SeenAction> seen, SeenHand& out)
      : t_(start), me_(viewer), n_(start.game().num_players()), seen_(seen), out_(out) {}

  void run(std::size_t first) {
    out_.first = first;
    out_.moves.clear();
    out_.bounds = RoundBounds{};
    out_.bounds.pool = full_deck();
    const int round = t_.round();
    std::size_t i = first;
    while (i < seen_.size()) {
      step(i++);
      if (t_.is_terminal() || t_.round() != round) break;
    }
    out_.end = i;
  }

 private:
  [[noreturn]] void fail(const std::string& why) const { fail_sampling(t_.game(), me_ + 1, seen_, at_, why); }
  const Cards& hand(int s) const { return t_.seat_cards(s + 1).hand; }

  void step(std::size_t i) {
    at_ = i;
    if (t_.is_terminal()) fail("the game is already over");
    if (seen_[i].actor != t_.current_player()) fail("not the actor of this point of the game");
    const std::string_view view = seen_[i].view;
    const std::size_t semi = view.find(";shown:");
    const std::string_view text = view.substr(0, semi);
    const std::string_view shown =
        semi == std::string_view::npos ? std::string_view() : view.substr(semi + 7);
    if (t_.is_chance())
      chance(text, shown);
    else
      play(text, shown);
  }

  int card_of(std::string_view text) const {
    int kind = 0;
    if (text.size() < 2 || text[0] != '#' ||
        parse_kind(text.substr(1), kind) != static_cast<int>(text.size() - 1))
      fail("expected a card, such as #7s");
    return kind;
  }

  void chance(std::string_view text, std::string_view shown) {
    int slot = -1;
    const int target = t_.phase() == FlushState::Phase::kDeal ? t_.deal_target(slot) : -1;
    if (slot == 1 && target != me_) {
      if (text != "#?" || !shown.empty()) fail("a card dealt to another hand is seen as #?");
      int kind = 0;
      while (t_.unseen()[kind] == 0) ++kind;  // any card: where it goes is decided later
      ++out_.bounds.seats[target].slots;
      apply(kind, kHiddenDeal);
      return;
    }
    const int kind = card_of(text);
    if (!shown.empty()) {
      if (t_.phase() != FlushState::Phase::kBlindReveal) fail("hands are shown only when a round ends");
      show(shown, last_actor_, Cards{});
    }
    if (t_.unseen()[kind] == 0) to_unseen(kind);
    out_.bounds.pool.remove(kind);
    if (t_.phase() != FlushState::Phase::kBlindReveal) return apply(kind, kind);
    // A higher card with nothing to add picks the old pile up at once.
    apply_tracked(last_actor_, kind);
  }

  // Applies seat x's move (or its Blind's card), keeping track of what its hand gained or
  // lost; a move that ends the round takes the hands away, and nothing is tracked after it.
  void apply_tracked(int x, Move m) {
    const Cards before = hand(x);
    const int round = t_.round();
    apply(m, m);
    if (t_.round() == round && !t_.is_terminal())
      for (int k = 0; k < kNumKinds; ++k) flow_[x][k] += hand(x)[k] - before[k];
  }

  void play(std::string_view text, std::string_view shown) {
    const int x = t_.current_player() - 1;
    last_actor_ = x;
    Cards need;
    bool pickup = false;
    if (x != me_ && text != "flip" && text != "done" && !text.starts_with("give:")) {
      pickup = text.starts_with("pick:");
      const std::string err = parse_cards(pickup ? text.substr(5) : text, cards_);
      if (!err.empty()) fail(err);
      for (const WrittenCard& c : cards_)
        if (!c.from_up) need.add(c.kind);
      if (need.size() > hand(x).size()) fail("more cards from the hand than it holds");
      supply(x, need);
      if (pickup) pick_up(x);
      HandBounds& b = out_.bounds.seats[x];
      for (int k = 0; k < kNumKinds; ++k) b.lo[k] = std::max(b.lo[k], need[k] - flow_[x][k]);
    }
    if (!shown.empty()) show(shown, x, need);
    const Move m = t_.move_named(text);
    if (m < 0) {
      const ParsedMove p = t_.parse_move(text);
      fail(p.ok() ? "not the notation of a move" : p.error);
    }
    apply_tracked(x, m);
  }

  void apply(Move m, Move recorded) {
    out_.moves.push_back(recorded);
    t_.apply(m);
  }

  // The hidden places (other hands, the unseen rest) of t_, to move cards between.
  void load() {
    hands_.resize(n_);
    for (int s = 0; s < n_; ++s) hands_[s] = hand(s);
    unseen_ = t_.unseen();
  }
  void store() { t_.redistribute_hidden(hands_, unseen_); }
  // A hidden place other than seat x's hand holding a card of `kind`: a seat, or -1 for the
  // unseen rest; -2 if none.
  int holder(int kind, int x) const {
    if (unseen_[kind] > 0) return -1;
    for (int s = 0; s < n_; ++s)
      if (s != x && s != me_ && hands_[s][kind] > 0) return s;
    return -2;
  }
  // Moves one card of `kind` from place `from` (seat or -1) to place `to`, and one of
  // `back` the other way.
  void exchange(int from, int to, int kind, int back) {
    Cards& a = from < 0 ? unseen_ : hands_[from];
    Cards& b = to < 0 ? unseen_ : hands_[to];
    a.remove(kind), b.add(kind), b.remove(back), a.add(back);
  }

  // Seat x's hand takes the cards `need` names, giving back cards it does not need.
  void supply(int x, const Cards& need) {
    load();
    for (int k = 0; k < kNumKinds; ++k)
      while (hands_[x][k] < need[k]) {
        int spare = 0;
        while (hands_[x][spare] <= need[spare]) ++spare;
        const int from = holder(k, x);
        if (from == -2) fail("no hidden place holds a " + kind_text(k) + " to play");
        exchange(from, x, k, spare);
      }
    store();
  }

  // Before a pick-up the hand holds no card of the top value or lower and no Mimic (else it
  // would have a normal play): the seat's hand then bounds its deal from above.
  void pick_up(int x) {
    const int top = t_.num_plays() ? t_.pile_play(t_.num_plays() - 1).value : 0;
    auto barred = [&](int k) {
      return k != kFlushKind && (value_of(k) <= top || value_of(k) == t_.mimic_value());
    };
    HandBounds& b = out_.bounds.seats[x];
    load();
    for (int k = 0; k < kNumKinds; ++k) {
      if (!barred(k)) continue;
      if (flow_[x][k] > 0) fail("a pick-up while holding a " + kind_text(k) + " picked up before");
      b.hi[k] = std::min(b.hi[k], -flow_[x][k]);
      while (hands_[x][k] > 0) {
        int from = -2, other = 0;
        for (; other < kNumKinds && from == -2; ++other)
          if (!barred(other)) from = holder(other, x);
        if (from == -2) fail("no hidden place holds the cards this pick-up needs in the hand");
        exchange(from, x, other - 1, k);
      }
    }
    store();
  }

  // Makes the unseen rest hold a card of `kind` (a card turned up or dealt face-up).
  void to_unseen(int kind) {
    load();
    int from = -2;
    for (int s = 0; s < n_ && from == -2; ++s)
      if (s != me_ && hands_[s][kind] > 0) from = s;
    if (from == -2 || unseen_.empty()) fail("no copy of " + kind_text(kind) + " is left");
    int back = 0;
    while (unseen_[back] == 0) ++back;
    exchange(from, -1, kind, back);
    store();
  }

  // The round ends: the hands still held ("SEAT=CARDS,...") replace the placed ones, and fix
  // every other seat's deal exactly (the finisher's: what it still played, `last`).
  void show(std::string_view shown, int finisher, const Cards& last) {
    load();
    Cards all = unseen_;
    for (int s = 0; s < n_; ++s)
      if (s != me_) all.add_all(hands_[s]);
    std::array<bool, kMaxSeats> listed{};
    while (!shown.empty()) {
      const std::size_t comma = shown.find(',');
      const std::string_view entry = shown.substr(0, comma);
      shown = comma == std::string_view::npos ? std::string_view() : shown.substr(comma + 1);
      const int s = entry.size() > 2 && entry[1] == '=' ? entry[0] - '1' : -1;
      Cards cards;
      if (s < 0 || s >= n_ || s == finisher || listed[s] || !parse_hand(entry.substr(2), cards))
        fail("expected the hands shown as SEAT=CARDS,...");
      if (cards.size() != hand(s).size() || (s == me_ && !(cards == hand(s))))
        fail("seat " + std::to_string(s + 1) + " is shown another hand than it holds");
      listed[s] = true;
      hands_[s] = cards;
    }
    for (int s = 0; s < n_; ++s) {
      if (s == me_ || t_.eliminated(s + 1)) continue;
      if (!listed[s] && s != finisher) fail("seat " + std::to_string(s + 1) + "'s hand is not shown");
      if (s != finisher) take(all, hands_[s]);
      HandBounds& b = out_.bounds.seats[s];
      for (int k = 0; k < kNumKinds; ++k) {
        const int dealt = (s == finisher ? last[k] : hands_[s][k]) - flow_[s][k];
        if (dealt < b.lo[k] || dealt > b.hi[k]) fail("the hands shown do not fit the cards played");
        b.lo[k] = b.hi[k] = dealt;
      }
    }
    if (finisher != me_) take(all, hands_[finisher]);
    unseen_ = all;
    store();
  }
  void take(Cards& from, const Cards& cards) const {
    for (int k = 0; k < kNumKinds; ++k) {
      if (from[k] < cards[k]) fail("the hands shown hold cards that are elsewhere");
      from.remove(k, cards[k]);
    }
  }
  static bool parse_hand(std::string_view text, Cards& out) {
    if (text == "-") return true;
    for (;;) {
      int kind = 0;
      const int used = parse_kind(text, kind);
      if (used == 0) return false;
      out.add(kind);
      text.remove_prefix(static_cast<std::size_t>(used));
      if (text.empty()) return true;
      if (text[0] != '+') return false;
      text.remove_prefix(1);
    }
  }

  FlushState t_;
  int me_, n_;
  std::span<const SeenAction> seen_;
  SeenHand& out_;
  std::size_t at_ = 0;
  int last_actor_ = -1;
  std::array<Counts, kMaxSeats> flow_{};  // per seat: cards picked up minus cards played, this round
  std::vector<WrittenCard> cards_;
  std::vector<Cards> hands_;
  Cards unseen_;
};

}  // namespace

void read_hand(const FlushState& start, int viewer, std::span<const SeenAction> seen, std::size_t first,
               SeenHand& out) {
  Reader reader(start, viewer, seen, out);
  reader.run(first);
}

}  // namespace arena::flush

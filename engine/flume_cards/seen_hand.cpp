#include "engine/flume_cards/seen_hand.h"

#include <bit>
#include <optional>
#include <string>
#include <string_view>

namespace arena::flume_cards {

namespace {

constexpr std::string_view kStockTag = "+stock:";

// A card in canonical notation only ("QH", "TD", "HJ"): views are the engine's own text.
std::optional<Card> exact_card(std::string_view text) {
  constexpr std::string_view kRanks = "256789TJQKA", kSuitLetters = "CDHS";
  if (text == "HJ") return kHighJoker;
  if (text == "LJ") return kLowJoker;
  if (text.size() != 2) return std::nullopt;
  const std::size_t rank = kRanks.find(text[0]), suit = kSuitLetters.find(text[1]);
  if (rank == std::string_view::npos || suit == std::string_view::npos) return std::nullopt;
  return make_card(static_cast<int>(suit), static_cast<int>(rank));
}

// "7C.9D.QH": canonical cards in ascending order, at least one.
std::optional<CardMask> exact_list(std::string_view text) {
  CardMask cards = 0;
  Card last = -1;
  while (true) {
    const std::size_t dot = text.find('.');
    auto c = exact_card(text.substr(0, dot));
    if (!c || *c <= last) return std::nullopt;
    cards |= bit(*c);
    last = *c;
    if (dot == std::string_view::npos) return cards;
    text.remove_prefix(dot + 1);
  }
}

// Walks one hand's views in the order the rules give its actions.
class Reader {
 public:
  Reader(const Game& game, std::span<const SeenAction> seen, std::size_t first, SeenHand& h)
      : game_(game), seen_(seen), i_(first), h_(h) {}

  void read() {
    read_first_deal();
    if (!read_bids() || !read_trump() || !read_discards() || !read_dealer_discards() || !read_call()) return;
    read_plays();
  }
  std::size_t position() const { return i_; }

 private:
  int n() const { return h_.players; }
  int next(int s) const { return (s + 1) % n(); }
  bool more() const { return i_ < seen_.size(); }
  std::string_view view() const { return seen_[i_].view; }

  [[noreturn]] void fail(const std::string& why) const { fail_at(i_, why); }
  [[noreturn]] void fail_at(std::size_t at, const std::string& why) const {
    fail_sampling(game_, h_.viewer + 1, seen_, at, why);
  }
  void expect_actor(int actor) const {
    if (seen_[i_].actor != actor)
      fail("expected " +
           (actor == kChance ? std::string("a chance action") : "seat " + std::to_string(actor)));
  }
  void push(StepKind kind, int seat, Move move = 0, Card card = -1, CardMask cards = 0) {
    h_.steps.push_back({kind, seat, move, card, cards});
    ++i_;
  }
  // The card of "PREFIX CARD".
  Card card_after(std::string_view text, std::string_view prefix) const {
    auto c = text.starts_with(prefix) ? exact_card(text.substr(prefix.size())) : std::nullopt;
    if (!c) fail("expected " + std::string(prefix) + "CARD");
    return *c;
  }
  // Splits off the stock shown to the dealer ("...+stock:2C.9D"): required exactly where
  // `taking` says the dealer takes the stock after this action.
  std::string_view strip_stock(bool taking) {
    std::string_view v = view();
    const std::size_t at = v.find(kStockTag);
    if (!taking) {
      if (at != std::string_view::npos) fail("the stock is shown only to the dealer, when it takes it");
      return v;
    }
    auto stock = at == std::string_view::npos ? std::nullopt : exact_list(v.substr(at + kStockTag.size()));
    if (!stock) fail("the dealer sees the stock it takes ('+stock:' and its cards)");
    if (*stock & h_.mine) fail("the stock holds a card the dealer already had");
    h_.mine |= *stock;
    return v.substr(0, at);
  }

  void read_first_deal();
  bool read_bids();
  bool read_trump();
  bool read_discards();
  bool read_refills(int s, int k, bool last);
  bool read_dealer_discards();
  bool read_call();
  void read_plays();

  const Game& game_;
  std::span<const SeenAction> seen_;
  std::size_t i_;
  SeenHand& h_;
};

void Reader::read_first_deal() {
  for (int k = 0; k < kHandSize * n() && more(); ++k) {
    const int s = (h_.dealer + 1 + k) % n();
    expect_actor(kChance);
    Card c = -1;
    if (s == h_.viewer) {
      c = card_after(view(), "deal:");
      h_.mine |= bit(c);
    } else if (view() != "deal:?") {
      fail("a card dealt to another seat shows as deal:?");
    }
    ++h_.dealt[s];
    push(StepKind::kDeal, s, 0, c);
  }
}

bool Reader::read_bids() {
  if (h_.dealt[h_.dealer] < kHandSize) return false;
  int high = 0;
  for (int k = 0; k < n(); ++k) {
    if (!more()) return false;
    const int s = (h_.dealer + 1 + k) % n();
    expect_actor(s + 1);
    const std::string_view v = view();
    Move m = kPass;
    if (v != "pass") {
      const int bid = v.size() == 4 && v.starts_with("bid") ? v[3] - '0' : 0;
      if (bid < kMinBid || bid > kMaxBid || bid <= high) fail("expected pass or a higher bid");
      high = bid;
      h_.bidder = s;
      m = kBidBase + bid;
    }
    push(StepKind::kPublic, s, m);
  }
  h_.thrown_in = h_.bidder < 0;
  return !h_.thrown_in;
}

bool Reader::read_trump() {
  if (!more()) return false;
  expect_actor(h_.bidder + 1);
  const std::string_view v = view();
  for (int suit = 0; suit < kSuits; ++suit)
    if (v.size() == 6 && v.starts_with("trump") && v[5] == suit_letter(suit)) h_.trump = suit;
  if (h_.trump < 0) fail("expected the bidder to name trump");
  push(StepKind::kPublic, h_.bidder, kTrumpBase + h_.trump);
  return true;
}

bool Reader::read_discards() {
  int total = 0;
  h_.discards.fill(-1);
  for (int s = next(h_.dealer); s != h_.dealer; s = next(s)) {
    if (!more()) return false;
    expect_actor(s + 1);
    const bool last = next(s) == h_.dealer;
    // The stock-taking view comes on "discard:-" only when no refill follows, so peek.
    const bool none = view().starts_with("discard:-");
    const std::string_view v = strip_stock(last && none && h_.viewer == h_.dealer);
    CardMask cards = 0;
    int k = 0;
    if (v != "discard:-") {
      if (!v.starts_with("discard:")) fail("expected a discard");
      const std::string_view rest = v.substr(8);
      if (s == h_.viewer) {
        auto list = exact_list(rest);
        if (!list) fail("expected your discarded cards");
        cards = *list;
        k = std::popcount(cards);
      } else {
        k = rest.size() == 1 ? rest[0] - '0' : 0;
        if (k < 1 || k > kHandSize) fail("expected the number of cards discarded");
      }
    }
    h_.discards[s] = k;
    total += k;
    push(StepKind::kDiscard, s, 0, -1, cards);
    if (!read_refills(s, k, last)) return false;
  }
  h_.stock_taken = true;
  h_.stock_size = kDeckSize - kHandSize * n() - total;
  if (h_.viewer == h_.dealer && std::popcount(h_.mine) != kHandSize + h_.stock_size)
    fail_at(i_ - 1, "the stock shown to the dealer has the wrong size");
  return true;
}

bool Reader::read_refills(int s, int k, bool last) {
  for (int r = 0; r < k; ++r) {
    if (!more()) return false;
    expect_actor(kChance);
    const std::string_view v = strip_stock(last && r == k - 1 && h_.viewer == h_.dealer);
    Card c = -1;
    if (s == h_.viewer) {
      c = card_after(v, "deal:");
      h_.mine |= bit(c);
    } else if (v != "deal:?") {
      fail("a card dealt to another seat shows as deal:?");
    }
    ++h_.refilled[s];
    push(StepKind::kRefill, s, 0, c);
  }
  return true;
}

bool Reader::read_dealer_discards() {
  for (int j = 0; j < h_.stock_size; ++j) {
    if (!more()) return false;
    expect_actor(h_.dealer + 1);
    Card c = -1;
    if (h_.viewer == h_.dealer)
      c = card_after(view(), "discard:");
    else if (view() != "discard:1")
      fail("another dealer's discard shows as discard:1");
    ++h_.dealer_discarded;
    push(StepKind::kDealerDiscard, h_.dealer, 0, c);
  }
  return true;
}

bool Reader::read_call() {
  if (n() != 5) return true;
  if (!more()) return false;
  expect_actor(h_.bidder + 1);
  if (view() == "alone") {
    push(StepKind::kPublic, h_.bidder, kAlone);
  } else {
    h_.called = card_after(view(), "call:");
    push(StepKind::kPublic, h_.bidder, kCallBase + h_.called);
  }
  return true;
}

void Reader::read_plays() {
  int led = -1;
  for (int p = 0; p < kTricks * n() && more(); ++p) {
    const int actor = seen_[i_].actor;
    if (actor < 1 || actor > n()) fail("expected a seat to play");
    const int s = actor - 1;
    const Card c = card_after(view(), "play:");
    const int suit = effective_suit(c, h_.trump);
    if (p % n() == 0)
      led = suit;
    else if (suit != led)
      h_.voids[s] |= 1u << led;  // it could not follow: none of the led suit left in its hand
    h_.played[s] |= bit(c);
    push(StepKind::kPublic, s, kPlayBase + c);
  }
}

}  // namespace

void read_hand(const Game& game, std::span<const SeenAction> seen, std::size_t first, int viewer, int dealer,
               SeenHand& out) {
  std::vector<Step> steps = std::move(out.steps);
  steps.clear();
  out = SeenHand{};
  out.steps = std::move(steps);
  out.players = game.num_players();
  out.viewer = viewer;
  out.dealer = dealer;
  out.discards.fill(-1);
  Reader reader(game, seen, first, out);
  reader.read();
  out.end = reader.position();
}

}  // namespace arena::flume_cards

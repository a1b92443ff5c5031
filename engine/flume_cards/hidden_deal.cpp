#include "engine/flume_cards/hidden_deal.h"

#include <bit>

#include "engine/core/random.h"

namespace arena::flume_cards {

namespace {

// Kinds of card: 0..3 the plain suits and the unprotected trumps (by printed suit), then
// the protected trumps and the called card (which the bidder cannot hold). Before trump
// is named every card is of kind 0: nothing tells them apart yet.
constexpr int kKinds = 6;
constexpr int kProtectedKind = 4, kCalledKind = 5;
constexpr unsigned kSubsets = 1u << kKinds;
constexpr unsigned kAllKinds = kSubsets - 1;
constexpr int kMaxGroups = 2 * kMaxPlayers + 1;

// The dealer's discards either hold no trump (off) or the dealer kept six trumps and may
// have discarded unprotected ones (on); undecided until a card placed settles it.
constexpr unsigned kOff = 1, kOn = 2;

enum class Place : std::uint8_t { kHeld, kDiscard, kDealerKept, kDealerDiscard, kStock };

struct Group {
  Place place = Place::kStock;
  int seat = -1;
  int room = 0;
  std::array<unsigned, 2> accept{};  // kinds it may take, dealer mode off / on
  CardMask got = 0;
};

CardMask random_subset(CardMask from, int k, Rng& rng) {
  CardMask out = 0;
  for (; k > 0 && from; --k) {
    CardMask m = from;
    for (auto skip = rng.below(static_cast<std::uint64_t>(std::popcount(from))); skip > 0; --skip) m &= m - 1;
    const CardMask one = m & (~m + 1);
    out |= one;
    from &= ~one;
  }
  return out;
}

class Placer {
 public:
  explicit Placer(const SeenHand& h) : h_(h) {}
  bool draw(Rng& rng, HiddenDeal& out);

 private:
  void define_kinds();
  int kind_of(Card c) const;
  unsigned held_accept(int seat) const;
  bool build_groups();
  void add(Place p, int seat, int room, unsigned off, unsigned on) {
    groups_[count_++] = {p, seat, room, {off, on}};
  }
  void init_sums();
  void change_room(int g, int delta);
  bool hall(int mode) const;
  bool feasible(unsigned modes) const { return ((modes & kOff) && hall(0)) || ((modes & kOn) && hall(1)); }
  bool fits_after(int g, unsigned modes) const;
  unsigned modes_taking(int g, int kind) const;
  bool place(Card c, Rng& rng);
  void write(Rng& rng, HiddenDeal& out) const;

  const SeenHand& h_;
  std::array<Group, kMaxGroups> groups_{};
  int count_ = 0;
  CardMask unseen_ = 0;
  Card called_ = -1;  // the called card, when it is among the unseen
  std::array<int, kKinds> suit_{};
  unsigned plain_ = kAllKinds, trumps_ = 0, unprotected_ = 0;  // kinds
  unsigned modes_ = kOff;
  // Hall's condition, kept up to date: cards of each set of kinds still to place, and the
  // free room of the groups taking any of them (per dealer mode).
  std::array<int, kSubsets> need_{};
  std::array<std::array<int, kSubsets>, 2> room_{};
  bool free_ = true;      // every group takes every kind: nothing to check
  unsigned present_ = 0;  // kinds with cards to place
  int modes_used_ = 1;    // dealer modes still worth tracking
};

void Placer::define_kinds() {
  const int trump = h_.trump;
  if (trump < 0) return;  // one kind, taken everywhere
  plain_ = 0;
  for (int k = 0; k < kSuits; ++k) {
    suit_[k] = k;
    (k == trump ? unprotected_ : plain_) |= 1u << k;
  }
  suit_[kProtectedKind] = trump;
  trumps_ = (1u << trump) | (1u << kProtectedKind);
  if (called_ >= 0) {
    suit_[kCalledKind] = effective_suit(called_, trump);
    const unsigned k = 1u << kCalledKind;
    if (!is_trump(called_, trump))
      plain_ |= k;
    else
      trumps_ |= k, unprotected_ |= is_protected_trump(called_, trump) ? 0 : k;
  }
}

int Placer::kind_of(Card c) const {
  const int trump = h_.trump;
  if (trump < 0) return 0;
  if (c == called_) return kCalledKind;
  if (is_trump(c, trump)) return is_protected_trump(c, trump) ? kProtectedKind : trump;
  return printed_suit(c);
}

// What a seat may still hold: no suit it showed out of; not the card it called.
unsigned Placer::held_accept(int seat) const {
  if (h_.trump < 0) return kAllKinds;
  unsigned ok = 0;
  for (int k = 0; k < kKinds; ++k)
    if (!(h_.voids[seat] >> suit_[k] & 1u) && !(k == kCalledKind && seat == h_.bidder)) ok |= 1u << k;
  return ok;
}

// One group per place a hidden card can be in now; false when the counts cannot add up.
bool Placer::build_groups() {
  const int n = h_.players, d = h_.dealer, me = h_.viewer;
  int dealt = 0;
  for (int s = 0; s < n; ++s) dealt += h_.dealt[s] + h_.refilled[s];
  for (int s = 0; s < n; ++s) {
    if (s == me) continue;
    const int played = std::popcount(h_.played[s]);
    const unsigned held = held_accept(s);
    if (s != d && h_.discards[s] >= 0) {
      add(Place::kDiscard, s, h_.discards[s], plain_, plain_);
      add(Place::kHeld, s, kHandSize - h_.discards[s] + h_.refilled[s] - played, held, held);
    } else if (s == d && h_.stock_taken) {
      add(Place::kDealerDiscard, s, h_.stock_size, plain_, plain_ | unprotected_);
      add(Place::kDealerKept, s, kHandSize - played, held, held & trumps_);
    } else {
      add(Place::kHeld, s, h_.dealt[s], kAllKinds, kAllKinds);
    }
  }
  if (!h_.stock_taken) add(Place::kStock, -1, kDeckSize - dealt, kAllKinds, kAllKinds);
  int room = 0;
  for (int g = 0; g < count_; ++g) {
    if (groups_[g].room < 0) return false;
    room += groups_[g].room;
  }
  // The dealer may have kept six trumps only if it has played nothing but trumps.
  const bool on = h_.stock_taken && d != me && !(h_.played[d] & ~trump_mask(h_.trump));
  modes_ = kOff | (on ? kOn : 0);
  return room == std::popcount(unseen_);
}

void Placer::init_sums() {
  std::array<int, kKinds> supply{};
  for (CardMask m = unseen_; m; m &= m - 1) ++supply[kind_of(std::countr_zero(m))];
  for (int k = 0; k < kKinds; ++k) present_ |= supply[k] ? 1u << k : 0u;
  for (unsigned a = 0; a < kSubsets; ++a)
    for (int k = 0; k < kKinds; ++k) need_[a] += static_cast<int>(a >> k & 1u) * supply[k];
  modes_used_ = (modes_ & kOn) ? 2 : 1;
  free_ = true;
  for (int g = 0; g < count_; ++g) {
    change_room(g, groups_[g].room);
    free_ = free_ && groups_[g].accept[0] == kAllKinds && groups_[g].accept[1] == kAllKinds;
  }
}

void Placer::change_room(int g, int delta) {
  if (free_ && delta < 0) return;  // the sums are not consulted
  // Only sets of kinds that are present matter (a kind with no card adds need to no set).
  for (int mode = 0; mode < modes_used_; ++mode)
    for (unsigned a = present_; a; a = (a - 1) & present_)
      if (groups_[g].accept[mode] & a) room_[mode][a] += delta;
}

// Every set of kinds fits in the room of the groups taking any of them (then, the totals
// being equal, every card can be placed: Hall's theorem).
bool Placer::hall(int mode) const {
  for (unsigned a = present_; a; a = (a - 1) & present_)
    if (need_[a] > room_[mode][a]) return false;
  return true;
}

// Whether, with one card less to place (need_ already updated), taking one more card into
// `g` leaves Hall's condition true in one of `modes`.
bool Placer::fits_after(int g, unsigned modes) const {
  if (free_) return true;
  for (int mode = 0; mode < 2; ++mode) {
    if (!(modes >> mode & 1u)) continue;
    const unsigned accept = groups_[g].accept[mode];
    bool ok = true;
    for (unsigned a = present_; a && ok; a = (a - 1) & present_)
      ok = need_[a] <= room_[mode][a] - ((a & accept) ? 1 : 0);
    if (ok) return true;
  }
  return false;
}

unsigned Placer::modes_taking(int g, int kind) const {
  unsigned m = 0;
  for (int mode = 0; mode < 2; ++mode)
    if ((modes_ >> mode & 1u) && (groups_[g].accept[mode] >> kind & 1u)) m |= 1u << mode;
  return m;
}

// Puts `c` in a group with free room, drawn by room among those that keep the rest placeable.
bool Placer::place(Card c, Rng& rng) {
  const int kind = kind_of(c);
  if (!free_)
    for (unsigned a = present_; a; a = (a - 1) & present_) need_[a] -= static_cast<int>(a >> kind & 1u);
  std::array<int, kMaxGroups> options{};
  int n = 0, total = 0;
  for (int g = 0; g < count_; ++g)
    if (groups_[g].room > 0 && modes_taking(g, kind)) options[n++] = g, total += groups_[g].room;
  while (n > 0) {
    auto r = static_cast<int>(rng.below(static_cast<std::uint64_t>(total)));
    int i = 0;
    while (r >= groups_[options[i]].room) r -= groups_[options[i++]].room;
    const int g = options[i];
    const unsigned modes = modes_taking(g, kind);
    if (fits_after(g, modes)) {
      change_room(g, -1);
      --groups_[g].room;
      groups_[g].got |= bit(c);
      modes_ = modes;
      return true;
    }
    total -= groups_[g].room;
    options[i] = options[--n];
  }
  return false;
}

// From final places to the hand's hidden actions: which of a seat's cards were refills and
// which of the dealer's were its first six are free choices, drawn at random.
void Placer::write(Rng& rng, HiddenDeal& out) const {
  out = HiddenDeal{};
  CardMask dealer_all = 0;
  for (int g = 0; g < count_; ++g) {
    const Group& gr = groups_[g];
    const int s = gr.seat;
    switch (gr.place) {
      case Place::kHeld:
        if (s != h_.dealer && h_.discards[s] >= 0) {
          const CardMask kept = gr.got | h_.played[s];
          out.refill[s] = random_subset(kept, h_.refilled[s], rng);
          out.first[s] |= kept & ~out.refill[s];
        } else {
          out.first[s] |= gr.got;
        }
        break;
      case Place::kDiscard:
        out.discard[s] = gr.got;
        out.first[s] |= gr.got;
        break;
      case Place::kDealerDiscard:
        out.dealer_discards = gr.got;
        dealer_all |= gr.got;
        break;
      case Place::kDealerKept:
        dealer_all |= gr.got | h_.played[s];
        break;
      case Place::kStock:
        break;
    }
  }
  if (dealer_all) out.first[h_.dealer] = random_subset(dealer_all, kHandSize, rng);
}

bool Placer::draw(Rng& rng, HiddenDeal& out) {
  CardMask shown = h_.mine;
  if (h_.played[h_.viewer] & ~h_.mine) return false;  // the viewer played a card it never had
  for (int s = 0; s < h_.players; ++s) {
    if (s != h_.viewer && (h_.played[s] & shown)) return false;  // a card in two places
    shown |= h_.played[s];
  }
  if (shown & ~kFullDeck) return false;
  unseen_ = kFullDeck & ~shown;
  if (h_.called >= 0 && (unseen_ & bit(h_.called))) called_ = h_.called;
  define_kinds();
  if (!build_groups()) return false;
  init_sums();
  if (!feasible(modes_)) return false;
  // The cards in random order (a shuffle of the unseen ones).
  std::array<Card, kDeckSize> order{};
  int n = 0;
  for (CardMask m = unseen_; m; m &= m - 1) order[n++] = std::countr_zero(m);
  for (int i = n - 1; i > 0; --i) std::swap(order[i], order[rng.below(static_cast<std::uint64_t>(i) + 1)]);
  for (int i = 0; i < n; ++i)
    if (!place(order[i], rng)) return false;
  write(rng, out);
  return true;
}

}  // namespace

bool draw_hidden_deal(const SeenHand& h, Rng& rng, HiddenDeal& out) {
  Placer placer(h);
  return placer.draw(rng, out);
}

}  // namespace arena::flume_cards

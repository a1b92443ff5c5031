#include "engine/flush/hidden_deal.h"

#include <algorithm>

#include "engine/core/random.h"

namespace arena::flush {

namespace {

using Counts = std::array<int, kNumKinds>;

struct Draw {
  Counts pool{};
  std::array<Counts, kMaxSeats> room{};  // per seat and kind: copies it may still take
  std::array<int, kMaxSeats> free{};     // per seat: slots still to fill
};

// Whether the free slots can all be filled: for every set S of seats, the cards they may
// take (per kind, the pool or their joint room, whichever is smaller) cover their slots.
bool fillable(const Draw& d) {
  std::array<int, kMaxSeats> seats{};
  int n = 0;
  for (int s = 0; s < kMaxSeats; ++s)
    if (d.free[s] > 0) seats[n++] = s;
  for (unsigned set = 1; set < (1u << n); ++set) {
    int need = 0, have = 0;
    for (int i = 0; i < n; ++i)
      if (set & (1u << i)) need += d.free[seats[i]];
    for (int k = 0; k < kNumKinds && have < need; ++k) {
      int room = 0;
      for (int i = 0; i < n; ++i)
        if (set & (1u << i)) room += d.room[seats[i]][k];
      have += std::min(d.pool[k], room);
    }
    if (have < need) return false;
  }
  return true;
}

// A kind drawn with probability proportional to `weight`; -1 when every weight is 0.
int draw_kind(const Counts& weight, Rng& rng) {
  int total = 0;
  for (int w : weight) total += w;
  if (total == 0) return -1;
  int r = static_cast<int>(rng.below(static_cast<std::uint64_t>(total)));
  for (int k = 0; k < kNumKinds; ++k)
    if ((r -= weight[k]) < 0) return k;
  return -1;
}

// Fills one slot of seat s; false when no card fits. `checked`: never a card after which
// the other slots cannot all be filled.
bool fill_slot(Draw& d, int s, bool checked, Rng& rng, Cards& hand) {
  Counts weight{};
  for (int k = 0; k < kNumKinds; ++k) weight[k] = d.room[s][k] > 0 ? d.pool[k] : 0;
  for (;;) {
    const int k = draw_kind(weight, rng);
    if (k < 0) return false;
    --d.pool[k], --d.room[s][k], --d.free[s];
    if (!checked || fillable(d)) {
      hand.add(k);
      return true;
    }
    ++d.pool[k], ++d.room[s][k], ++d.free[s];
    weight[k] = 0;
  }
}

}  // namespace

bool draw_hidden_deal(const RoundBounds& bounds, Rng& rng, std::array<Cards, kMaxSeats>& out) {
  Draw d;
  for (int k = 0; k < kNumKinds; ++k) d.pool[k] = bounds.pool[k];
  std::array<Cards, kMaxSeats> base{};
  bool bounded = false;
  for (int s = 0; s < kMaxSeats; ++s) {
    const HandBounds& b = bounds.seats[s];
    d.free[s] = b.slots;
    for (int k = 0; k < kNumKinds; ++k) {
      if (b.lo[k] > b.hi[k] || b.lo[k] > d.pool[k]) return false;
      base[s].add(k, b.lo[k]);
      d.pool[k] -= b.lo[k];
      d.free[s] -= b.lo[k];
      d.room[s][k] = std::min(b.hi[k], kUnbounded) - b.lo[k];
      bounded = bounded || (b.hi[k] < kUnbounded && b.slots > 0);
    }
    if (d.free[s] < 0) return false;
  }
  std::array<std::uint8_t, kMaxSeats * kHandDealt> order{};
  int n = 0;
  for (int s = 0; s < kMaxSeats; ++s)
    for (int i = 0; i < d.free[s]; ++i) {
      if (n == static_cast<int>(order.size())) return false;
      order[n++] = static_cast<std::uint8_t>(s);
    }
  // Upper bounds can make a plain draw dead-end (another seat took the cards a picked-up
  // hand had to hold); such draws are rare, so the Hall check runs only on a third try.
  for (int attempt = 0; attempt < 3; ++attempt) {
    const bool checked = bounded && attempt == 2;
    if (checked && !fillable(d)) return false;
    Draw w = d;
    out = base;
    // The free slots in random order, so no seat is served first.
    for (int i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(static_cast<std::uint64_t>(i))]);
    bool full = true;
    for (int i = 0; i < n && full; ++i) full = fill_slot(w, order[i], checked, rng, out[order[i]]);
    if (full) return true;
  }
  return false;
}

}  // namespace arena::flush

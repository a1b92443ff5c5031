// Drawing the cards dealt out of one seat's sight in one Flush round (the other hands), among
// the deals its views allow. The views fix, per other seat and card kind, bounds on how many
// were dealt to it: at least what it later played beyond what it picked up, at most what it
// could hold when it picked up (a pick-up is legal only with no card of the top value or
// lower, and no Mimic, in hand), exactly what it held when the round ended (the hands are
// shown then). The bounds are read by seen_hand.h; the draw is here.
#pragma once

#include <array>

#include "engine/flush/cards.h"
#include "engine/flush/flush_state.h"

namespace arena {
class Rng;
}

namespace arena::flush {

inline constexpr int kUnbounded = 255;

// What the views fix about one other seat's hidden cards in one round.
struct HandBounds {
  int slots = 0;                    // hidden cards dealt to it so far ("#?" views)
  std::array<int, kNumKinds> lo{};  // fewest copies of each kind it can have been dealt
  std::array<int, kNumKinds> hi{};  // most (kUnbounded: no bound but the deck)
  HandBounds() { hi.fill(kUnbounded); }
};

struct RoundBounds {
  Cards pool;                               // cards the viewer never saw this round
  std::array<HandBounds, kMaxSeats> seats;  // by 0-based seat; no slots for the viewer
};

// Draws the hidden cards of every seat into `out`: the lower bounds first, the free slots
// then filled in random order from the rest of the pool, each card drawn with probability
// proportional to the copies left among those the seat may still take. Where upper bounds
// make that dead-end twice, a third draw never takes a card that would leave the other slots
// unfillable (Hall's condition over the seats, at most 2^5 subsets). False when no deal fits.
bool draw_hidden_deal(const RoundBounds& bounds, Rng& rng, std::array<Cards, kMaxSeats>& out);

}  // namespace arena::flush

// Drawing where the cards a seat never saw went in one Flume hand, among the placements
// its views allow (docs/rules/flume-cards.md, "Sampled states"). Cards are told apart only
// by what the rules can see of them (effective suit, trump, protected trump, the called
// card), so whether the cards left can still all be placed is Hall's condition over those
// few kinds and a handful of places: each card goes, in random order, to a place drawn
// with weight proportional to its free room among those that keep the rest placeable.
// No draw is rejected and the cost is linear in the cards.
#pragma once

#include <array>

#include "engine/flume_cards/seen_hand.h"

namespace arena {
class Rng;
}

namespace arena::flume_cards {

// The hidden cards of one hand, per seat other than the viewer (the viewer's own are in
// its views). Masks, so the order of a seat's cards is left to the replay.
struct HiddenDeal {
  std::array<CardMask, kMaxPlayers> first{};    // first-deal cards
  std::array<CardMask, kMaxPlayers> discard{};  // non-dealers' discards
  std::array<CardMask, kMaxPlayers> refill{};   // non-dealers' refill cards
  CardMask dealer_discards = 0;                 // another dealer's whole discard set, planned
                                                // ahead when only a prefix is seen yet
};

// Draws `out` for the hand `h` (as far as it was seen). False when no placement agrees
// with the views (they are not of one game).
bool draw_hidden_deal(const SeenHand& h, Rng& rng, HiddenDeal& out);

}  // namespace arena::flume_cards

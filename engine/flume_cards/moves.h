// How Flume actions are packed into arena::Move integers. Player moves and chance
// outcomes live in disjoint ranges so no number (and no notation) means both.
#pragma once

#include "engine/core/game.h"
#include "engine/flume_cards/cards.h"

namespace arena::flume_cards {

inline constexpr Move kPlayBase = 0;             // play:CARD            0..45
inline constexpr Move kDealBase = 100;           // chance deal:CARD     100..145
inline constexpr Move kDealerBase = 200;         // chance dealer:SEAT   200..204
inline constexpr Move kPass = 300;               // pass
inline constexpr Move kBidBase = 300;            // bidN = 300 + N, N in 3..6
inline constexpr Move kTrumpBase = 310;          // trumpX = 310 + suit
inline constexpr Move kAlone = 399;              // alone
inline constexpr Move kCallBase = 400;           // call:CARD            400..445
inline constexpr Move kDealerDiscardBase = 500;  // dealer's discard:CARD 500..545
// A non-dealer's discard: a bit set over the positions of the player's six cards in
// ascending card order (bit 0 = lowest card). 1000 = "discard:-".
inline constexpr Move kDiscardSetBase = 1000;  // 1000..1063

inline constexpr int kMinBid = 3, kMaxBid = 6;
inline constexpr int kHandSize = 6;
inline constexpr int kTricks = 6;

}  // namespace arena::flume_cards

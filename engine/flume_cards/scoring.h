// The seven points of a hand (High, Low, Right, Left, High Joker, Low Joker, Game) and
// who takes them. Works on the record of the six tricks, so the state and the tests
// share one implementation of the counting rules.
#pragma once

#include <array>

#include "engine/flume_cards/cards.h"

namespace arena::flume_cards {

inline constexpr int kMaxPlayers = 5;

struct Trick {
  int leader = 0;                         // 0-based seat that led
  int count = 0;                          // cards played so far
  std::array<Card, kMaxPlayers> cards{};  // in playing order: cards[i] by seat (leader + i) % n
  int winner = -1;                        // 0-based seat, once complete
};

// Index of the card that wins a complete or partial trick: the highest trump, else the
// highest card of the led (effective) suit.
int winning_index(const Trick& t, int trump);

enum PointKind { kHigh, kLow, kRight, kLeft, kHighJokerPoint, kLowJokerPoint, kGame, kPointKinds };
const char* point_name(PointKind p);

// Which 0-based seat earned each card-bound point (-1: card not in play), plus card
// points per seat. Game is decided per side by side_points().
struct HandTally {
  std::array<int, kPointKinds> seat{};  // kGame unused here
  std::array<int, kMaxPlayers> card_points{};
};
HandTally tally_hand(const Trick* tricks, int trick_count, int players, int trump);

// Points per side (0 = bidding side, 1 = the others) and which side took each point
// (-1: nobody; Game on a tie goes to nobody).
struct SidePoints {
  std::array<int, 2> points{};
  std::array<int, kPointKinds> side{};
  std::array<int, 2> card_points{};
};
SidePoints side_points(const HandTally& tally, int players,
                       const std::array<bool, kMaxPlayers>& bidding_side);

}  // namespace arena::flume_cards

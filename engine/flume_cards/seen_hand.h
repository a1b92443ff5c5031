// What one seat saw of one Flume hand, read from its views (State::action_view) alone: the
// actions in order, each as a step whose hidden part (a card dealt to someone else, another
// seat's discard) is left for the sampler to fill in, and a summary of what the views fix
// about the hidden cards (who played what, who showed out of which suit, discard counts).
// The order of a hand's actions follows from the public ones, so no state is needed to read
// it. Used by FlumeCardsGame::sample_state (flume_cards_sample.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/sampled_state.h"
#include "engine/flume_cards/moves.h"
#include "engine/flume_cards/scoring.h"

namespace arena::flume_cards {

enum class StepKind : std::uint8_t { kPublic, kDeal, kRefill, kDiscard, kDealerDiscard };

// One action of the hand. `card` and `cards` are set only where the viewer saw them.
struct Step {
  StepKind kind = StepKind::kPublic;
  int seat = 0;        // 0-based actor, or receiver of a dealt card
  Move move = 0;       // kPublic: the move itself
  Card card = -1;      // kDeal, kRefill, kDealerDiscard: the card, if seen
  CardMask cards = 0;  // kDiscard by the viewer: the cards it discarded
};

struct SeenHand {
  int players = 4;
  int viewer = 0;  // 0-based
  int dealer = 0;
  std::size_t end = 0;  // index in `seen` after the hand's last action seen
  std::vector<Step> steps;

  std::array<int, kMaxPlayers> dealt{};  // first-deal cards received so far, per seat
  bool thrown_in = false;                // all passed
  int bidder = -1;
  int trump = -1;                           // -1 until named
  std::array<int, kMaxPlayers> discards{};  // non-dealers: cards discarded, -1 not yet
  std::array<int, kMaxPlayers> refilled{};  // refill cards received so far
  bool stock_taken = false;
  int stock_size = 0;        // cards the dealer took, so also its discards due
  int dealer_discarded = 0;  // dealer's discards made so far
  int called = -1;           // 5 players: the called card, -1 none or alone
  std::array<CardMask, kMaxPlayers> played{};
  std::array<unsigned, kMaxPlayers> voids{};  // effective suits a seat showed out of (bit per suit)
  CardMask mine = 0;                          // every card the viewer held this hand (stock included)
};

// Reads the hand of `game` dealt by `dealer` whose first action is seen[first], up to the end
// of the hand or of `seen`, into `out` (its step vector's capacity is reused). Throws
// fail_sampling's UserError where a view cannot be what `viewer` sees at that point.
void read_hand(const Game& game, std::span<const SeenAction> seen, std::size_t first, int viewer, int dealer,
               SeenHand& out);

}  // namespace arena::flume_cards

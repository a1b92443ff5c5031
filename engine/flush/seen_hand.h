// What one seat saw of one Flush round, read from its views (State::action_view) alone: the
// move of every action (a card dealt to another hand left open) and the bounds the views put
// on the hidden hands (hidden_deal.h). The views are followed on a copy of the state whose
// hidden cards are placed anyhow and moved between the hidden places (other hands, the
// unseen rest) whenever an action needs them elsewhere: the public part of that copy is then
// exactly the real one (pile, pick-ups, totals), which is all the reading needs. Used by
// FlushGame::sample_state (flush_sample.cpp). Named as in the Flume card game (a "hand" there
// is one deal, a Flush round).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "engine/core/sampled_state.h"
#include "engine/flush/flush_state.h"
#include "engine/flush/hidden_deal.h"

namespace arena::flush {

inline constexpr Move kHiddenDeal = -1;  // a move of SeenHand: a card dealt out of sight

struct SeenHand {
  std::size_t first = 0, end = 0;  // the round's actions are seen[first, end)
  std::vector<Move> moves;         // moves[i - first]: the action's move, or kHiddenDeal
  RoundBounds bounds;
};

// Reads the round that starts at seen[first] in `start` (a state at that point: the first
// deal of a round, its Mimic, or anywhere in it) up to its end or the end of `seen`. Throws
// fail_sampling's UserError where a view cannot be what `viewer` (0-based) sees.
void read_hand(const FlushState& start, int viewer, std::span<const SeenAction> seen, std::size_t first,
               SeenHand& out);

}  // namespace arena::flush

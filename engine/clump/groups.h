// Group bookkeeping for Clump's swap conditions. One pass over a board labels every
// connected group of one colour and records, per group, its depth-first tree (discovery
// order, low links, subtree sizes). A swap moves one stone off each of two groups; the
// tree says at once which pieces a group falls into without that stone, so evaluating a
// swap needs no flood fill. Everything lives in per-thread scratch: no allocation.
#pragma once

#include <array>
#include <cstdint>

#include "engine/clump/clump_state.h"

namespace arena::clump {

// What a swap compares for one of its two stones: the size of its group G before the
// swap, of its group H after it, and |G| if the swap diminishes G (else 0).
struct SwapSide {
  int before = 0, after = 0, diminished = 0;
};

// The two swap conditions (docs/rules/clump.md) from the mover's stone and the enemy stone.
inline SwapCheck judge_swap(const SwapSide& own, const SwapSide& enemy) {
  SwapCheck c;
  c.own_before = own.before;
  c.own_after = own.after;
  c.enemy_before = enemy.before;
  c.enemy_after = enemy.after;
  c.largest_diminished = own.diminished > enemy.diminished ? own.diminished : enemy.diminished;
  c.condition1 = own.after > own.before || enemy.after > enemy.before;
  c.condition2 =
      c.largest_diminished == 0 || (own.after > enemy.after ? own.after : enemy.after) > c.largest_diminished;
  return c;
}

struct GroupScratch {
  // Off-board neighbours point at this cell, which holds neither colour: the swap
  // evaluation reads its four neighbour slots without testing for the edge.
  static constexpr int kOffBoard = kMaxCells;
  static constexpr std::int8_t kNoColour = 2;
  static constexpr int kSlots = kMaxCells + 1;

  // The board these arrays describe: a labelling is reused while the board is unchanged.
  int n = 0;
  std::array<std::int8_t, kSlots> board;
  bool labelled = false;

  // Orthogonal neighbours per cell in move-direction order (down, left, right, up), kOffBoard
  // past the edge; built when the size changes.
  int neighbours_for = 0;
  std::array<std::array<std::int16_t, 4>, kSlots> neighbour;
  // The three other neighbours, per cell and direction: the cells next to a swapped stone's
  // new place, its old place left out.
  std::array<std::array<std::array<std::int16_t, 3>, 4>, kSlots> others;
  std::array<std::uint8_t, kSlots> edges;  // bit 0 row 1, 1 top row, 2 column a, 3 last column

  std::array<std::int16_t, kSlots> label;  // group id of every cell
  std::array<std::int16_t, kSlots> size;   // stones per group id
  // Depth-first tree of each group. A group's cells have consecutive discovery numbers, and
  // a cell's subtree is the cells numbered [disc, disc + subtree).
  std::array<std::int16_t, kSlots> disc;
  std::array<std::int16_t, kSlots> low;      // smallest disc reachable from the subtree by one back edge
  std::array<std::int16_t, kSlots> subtree;  // cells in the subtree, the cell included
  std::array<std::int16_t, kSlots> parent;   // -1 at a group's root
  // Per cell, its tree children in discovery order: where each child's subtree starts
  // (kNoChild past the last child) and, when removing the cell cuts that subtree off the
  // rest of the group, its size (else 0).
  static constexpr std::int16_t kNoChild = 0x7fff;
  std::array<std::array<std::int16_t, 4>, kSlots> child_start;
  std::array<std::array<std::int16_t, 4>, kSlots> child_cut;
  std::array<std::uint8_t, kSlots> children;    // how many
  std::array<std::uint8_t, kSlots> child_slot;  // a cell's index among its parent's children
  // Stones cut off from the group's root side when the cell is removed (sum of child_cut).
  std::array<std::int16_t, kSlots> split_off;
  std::array<std::int16_t, kSlots> stack;
  // Depth-first iteration state: directions (bits as in `neighbour`) to a stone of the same
  // colour not yet looked at.
  std::array<std::uint8_t, kSlots> pending;
  bool connected[2] = {false, false};  // per colour: a group joins its two sides
};

// This thread's scratch, labelled for `board` (size x size). Labelling again only when the
// board differs from the one labelled last.
const GroupScratch& groups_of(const std::int8_t* board, int size);

// The swap conditions for the stones on `own` and on its neighbour in direction `dir`
// (0 down, 1 left, 2 right, 3 up) of the labelled board.
SwapCheck evaluate_swap(const GroupScratch& s, int own, int dir);

// Per cell, bit `dir` set when swapping its stone with the enemy stone in direction `dir` is
// legal. Both swap conditions treat the two stones alike, so a swap is legal or not whoever
// makes it: the bits serve both players, and a position where no bit is set leaves neither
// player a swap.
using LegalSwaps = std::array<std::uint8_t, kMaxCells>;

// Brings `legal` up to date for the labelled board. With `x` < 0 every swap is judged;
// otherwise `legal` was right for the board before the stones on `x` and `y` were swapped.
// A swap's legality depends only on the groups (as sets of cells) of the cells it looks at:
// its two stones and their other neighbours. The groups that can differ from before are
// those now holding x, y or a neighbour of them, so only swaps with a stone on or next to
// one of their cells are judged again.
void update_legal_swaps(const GroupScratch& s, LegalSwaps& legal, int x, int y);

}  // namespace arena::clump

// Group bookkeeping for Clump's swap conditions. One pass over a board labels every
// connected group of one colour and records, per group, its depth-first tree (discovery
// order, low links, subtree sizes). A swap moves one stone off each of two groups; the
// tree says at once which pieces a group falls into without that stone, so evaluating a
// swap needs no flood fill. After a swap only the groups it can have changed are labelled
// again. Everything lives in per-thread scratch: no allocation.
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

  // Group id of every cell: the group's lowest cell, so a group labelled again alone gets
  // the id a labelling of the whole board would give it.
  std::array<std::int16_t, kSlots> label;
  std::array<std::int16_t, kSlots> size;         // stones per group id
  std::array<std::uint8_t, kSlots> group_edges;  // per group id: the sides it touches (as `edges`)
  // Depth-first tree of each group, from its lowest cell. A group's cells are numbered from 0
  // in discovery order (numbers are only compared within a group), and a cell's subtree is
  // the cells numbered [disc, disc + subtree).
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
  int connections[2] = {0, 0};         // per colour: how many groups join its two sides
  // The cells of the groups the last swap can have changed (groups_after_swap), ascending:
  // the groups now holding a swapped stone or one of its neighbours, which are also the
  // groups that held one before the swap.
  std::array<std::int16_t, kMaxCells> changed;
  int changed_count = 0;
  std::array<std::uint8_t, kSlots> mark;  // per group id, zero between calls
};

// This thread's scratch, labelled for `board` (size x size). Labelling again only when the
// board differs from the one labelled last.
const GroupScratch& groups_of(const std::int8_t* board, int size);

// The same after the stones on `x` and `y` of `board` were swapped, with `changed` set for
// that swap. When the scratch held the board before the swap (the usual case: the state
// labelled last plays on), only the changed groups are labelled again.
const GroupScratch& groups_after_swap(const std::int8_t* board, int size, int x, int y);

// Labels `board` into `s` from scratch, whatever `s` held (for tests: the incremental
// labelling must leave exactly what this does).
void label_board(GroupScratch& s, const std::int8_t* board, int size);

// The swap conditions for the stones on `own` and on its neighbour in direction `dir`
// (0 down, 1 left, 2 right, 3 up) of the labelled board.
SwapCheck evaluate_swap(const GroupScratch& s, int own, int dir);

// Per cell, bit `dir` set when swapping its stone with the enemy stone in direction `dir` is
// legal. Both swap conditions treat the two stones alike, so a swap is legal or not whoever
// makes it: the bits serve both players, and a position where no bit is set leaves neither
// player a swap.
using LegalSwaps = std::array<std::uint8_t, kMaxCells>;

// Brings `legal` up to date for the labelled board. With `all` every swap is judged;
// otherwise `legal` was right for the board before the swap that groups_after_swap
// labelled. A swap's legality depends only on the groups (as sets of cells) of the cells it
// looks at: its two stones and their other neighbours. The groups that can differ from
// before are those of `changed`, so only swaps with a stone on or next to one of their
// cells are judged again.
void update_legal_swaps(const GroupScratch& s, LegalSwaps& legal, bool all);

}  // namespace arena::clump

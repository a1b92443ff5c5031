// Group bookkeeping for Clump's swap conditions. One pass over a board labels every
// connected group of one colour and records, per group, its depth-first tree (discovery
// order, low links, subtree sizes). A swap moves one stone off each of two groups; the
// tree says at once which pieces a group falls into without that stone, so evaluating a
// swap needs no flood fill. Everything lives in per-thread scratch: no allocation.
#pragma once

#include <array>
#include <cstdint>

#include "engine/clump/clump.h"

namespace arena::clump {

struct GroupScratch {
  // The board these arrays describe: a labelling is reused while the board is unchanged.
  int n = 0;
  std::array<std::int8_t, kMaxCells> board;
  bool labelled = false;

  // Orthogonal neighbours per cell in move-direction order (down, left, right, up), -1 off
  // the board; built when the size changes.
  int neighbours_for = 0;
  std::array<std::array<std::int16_t, 4>, kMaxCells> neighbour;
  std::array<std::uint8_t, kMaxCells> edges;  // bit 0 row 1, 1 top row, 2 column a, 3 last column

  std::array<std::int16_t, kMaxCells> label;  // group id of every cell
  std::array<std::int16_t, kMaxCells> size;   // stones per group id
  // Depth-first tree of each group. A group's cells have consecutive discovery numbers, and
  // a cell's subtree is the cells numbered [disc, disc + subtree).
  std::array<std::int16_t, kMaxCells> disc;
  std::array<std::int16_t, kMaxCells> low;      // smallest disc reachable from the subtree by one back edge
  std::array<std::int16_t, kMaxCells> subtree;  // cells in the subtree, the cell included
  std::array<std::int16_t, kMaxCells> parent;   // -1 at a group's root
  // Stones cut off from the group's root side when the cell is removed: the total size of
  // the child subtrees that have no back edge above the cell.
  std::array<std::int16_t, kMaxCells> split_off;
  std::array<std::int16_t, kMaxCells> stack;
  std::array<std::uint8_t, kMaxCells> next_dir;  // depth-first iteration state
  bool connected[2] = {false, false};            // per colour: a group joins its two sides
};

// This thread's scratch, labelled for `board` (size x size). Labelling again only when the
// board differs from the one labelled last.
const GroupScratch& groups_of(const std::int8_t* board, int size);

// The swap conditions for the stones on adjacent cells `own` and `enemy` of the labelled board.
SwapCheck evaluate_swap(const GroupScratch& s, int own, int enemy);

}  // namespace arena::clump

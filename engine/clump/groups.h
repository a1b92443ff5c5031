// Group bookkeeping for Clump's swap conditions: connected components of one colour,
// computed into per-thread scratch arrays so legal-move generation allocates nothing.
#pragma once

#include <array>
#include <cstdint>

#include "engine/clump/clump.h"

namespace arena::clump {

struct GroupScratch {
  std::array<std::int16_t, kMaxCells> label;  // component id of every cell
  std::array<std::int16_t, kMaxCells> size;   // stones per component id
  std::array<std::uint32_t, kMaxCells> seen;  // flood-fill marks, compared with `stamp`
  std::array<std::int16_t, kMaxCells> stack;
  std::uint32_t stamp = 0;
  std::uint32_t next_stamp();
};

// This thread's scratch arrays.
GroupScratch& group_scratch();

// Labels every cell of a size x size board with its group.
void label_groups(const std::int8_t* board, int size, GroupScratch& s);

// The swap conditions for the stones on adjacent cells `own` and `enemy`, with the
// groups of `board` already labelled in `s`.
SwapCheck evaluate_swap(const std::int8_t* board, int size, int own, int enemy, GroupScratch& s);

// Whether `colour` has a path between its two sides (Red: bottom to top rows, Blue:
// left to right columns).
bool has_connection(const std::int8_t* board, int size, std::int8_t colour, GroupScratch& s);

}  // namespace arena::clump

// Coordinates of a square board in the "c4" style shared by Clump and Flume: a column
// letter (a, b, ... from the left; up to z) followed by a row number (1 at the bottom).
// Cells are numbered row-major from the bottom left: cell = (row - 1) * size + column.
#pragma once

#include <string>
#include <string_view>

namespace arena::grid {

inline constexpr int kMaxSize = 26;  // one letter per column

// "c4" for a cell of a board `size` wide.
std::string cell_name(int cell, int size);

// Result of reading one coordinate at the front of a text.
struct CoordRead {
  enum class Status { kOk, kMalformed, kOffBoard };
  Status status = Status::kMalformed;
  int cell = -1;
  std::size_t length = 0;  // characters consumed when not kMalformed
};

// Reads "letter digits" at the start of `text` (a letter case-insensitively, digits without
// leading zeros). kOffBoard when it is well formed but outside a size x size board.
CoordRead read_cell(std::string_view text, int size);

// Column letters under a rendered board, each cell `width` characters wide.
std::string column_labels(int size, int width);

}  // namespace arena::grid

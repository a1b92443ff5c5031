// The names of a game's moves when each name is fixed by the move's code alone, whatever the
// state ("c3-c4" in Clump, "d4" or "swap" in Flume). The referee names every legal move
// before each decision (~45 a Clump 8x8 decision): from here that is one short copy per
// move, with no virtual call and no string per name (Game::move_name_table).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arena {

class MoveNameTable {
 public:
  // names[m] is the name of code m ("" for a code that is never legal).
  explicit MoveNameTable(const std::vector<std::string>& names);

  std::string_view name(Move m) const {
    if (m < 0 || static_cast<std::size_t>(m) >= length_.size()) return {};
    return std::string_view(text_).substr(begin_[m], length_[m]);
  }

  // The names of `moves` joined by single spaces, written over `joined` (its capacity
  // reused), and where each name ends in it.
  void join(const std::vector<Move>& moves, std::string& joined, std::vector<std::uint32_t>& ends) const;

 private:
  // Every name followed by a space, then padding: a name is copied with its space as one
  // block of `stride_` bytes (a fixed-size copy, not a call), the excess overwritten by the
  // next name.
  std::string text_;
  std::vector<std::uint32_t> begin_;
  std::vector<std::uint32_t> length_;
  std::size_t stride_ = 0;  // the longest name and its space, rounded up to 8 or 16, else exact
};

}  // namespace arena

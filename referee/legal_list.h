// The legal moves of one decision as the referee lists them to the seat: the moves, and
// their names joined by single spaces as they go on the "legal" line. One string for all
// names (no string per move, ~100 per decision in Clump 8x8), and the bot's answer is
// looked up among them without generating the legal moves a second time.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arena {

class LegalList {
 public:
  // The legal moves of `state` and their names.
  void build(const State& state);
  void clear() {
    moves_.clear();
    ends_.clear();
    names_.clear();
  }
  bool empty() const { return moves_.empty(); }
  std::size_t size() const { return moves_.size(); }
  Move move(std::size_t i) const { return moves_[i]; }
  std::string_view name(std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : ends_[i - 1] + 1;
    return std::string_view(names_).substr(begin, ends_[i] - begin);
  }
  // The names joined by single spaces.
  std::string_view joined_names() const { return names_; }
  // Index of the move named exactly `name`, or -1.
  int find(std::string_view name) const;

 private:
  std::vector<Move> moves_;
  std::vector<std::uint32_t> ends_;  // where each name ends in names_
  std::string names_;
};

}  // namespace arena

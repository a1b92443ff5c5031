// Clump, a connection game by Mark Steere (2023): the Game (parameters, the move names) and
// the board's constants. Rules as implemented: docs/rules/clump.md; the State is clump_state.h.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/move_name_table.h"
#include "engine/core/registry.h"

namespace arena::clump {

inline constexpr int kMaxSize = 26;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;
inline constexpr std::int8_t kRed = 0;   // seat 1: joins row 1 to the top row
inline constexpr std::int8_t kBlue = 1;  // seat 2: joins column a to the last column

class ClumpGame : public Game {
 public:
  ClumpGame(const GameInfo& info, Params params);
  int num_players() const override { return 2; }
  std::unique_ptr<State> new_initial_state() const override;
  // The safety cap: a game still running after this many swaps is drawn (docs/rules/clump.md).
  int max_game_length() const override { return length_cap_; }
  int size() const { return size_; }
  // Text of every move code ("c3-c4"), empty for a direction off the board: named for each
  // legal move before every decision, so worked out once per game.
  std::string_view move_name(Move m) const { return move_names_.name(m); }
  const MoveNameTable* move_name_table() const override { return &move_names_; }
  // The legal swaps of the starting checkerboard (clump_state.h): the same in every game, so
  // judged once here instead of at the start of each (a labelling and every swap judged).
  const std::array<std::uint8_t, kMaxCells>& initial_swaps() const { return initial_swaps_; }
  // The learning view (clump_tensor.cpp, docs/learning.md).
  std::vector<int> observation_shape() const override;
  int num_distinct_actions() const override;

 private:
  int size_;
  int length_cap_;
  MoveNameTable move_names_;
  std::array<std::uint8_t, kMaxCells> initial_swaps_{};
};

}  // namespace arena::clump

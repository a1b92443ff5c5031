// Flume, a stone-placement game by Mark Steere (2010): the Game (parameters, rare
// situations) and the board's constants. Rules as implemented: docs/rules/flume.md; the
// State is flume_state.h.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/move_name_table.h"
#include "engine/core/registry.h"

namespace arena::flume {

inline constexpr int kMaxSize = 25;
inline constexpr int kMaxCells = kMaxSize * kMaxSize;
inline constexpr std::int8_t kEmpty = -1;
inline constexpr std::int8_t kRed = 0;   // seat 1, moves first
inline constexpr std::int8_t kBlue = 1;  // seat 2, may swap as its first action

class FlumeGame : public Game {
 public:
  // Flume's extra placement and its pie swap (docs/check-bot.md).
  const std::vector<RareSituation>& rare_situations() const override;
  FlumeGame(const GameInfo& info, Params params);
  int num_players() const override { return 2; }
  std::unique_ptr<State> new_initial_state() const override;
  // One action per cell plus the swap: every action but the swap fills a cell.
  int max_game_length() const override { return size_ * size_ + 1; }
  bool playout_hints() const override { return true; }
  int size() const { return size_; }
  bool early_end() const { return early_end_; }
  // Cell names and "swap" (the code after the last cell), as FlumeState::move_to_string.
  const MoveNameTable* move_name_table() const override { return &move_names_; }
  // The learning view (flume_tensor.cpp, docs/learning.md).
  std::vector<int> observation_shape() const override;
  int num_distinct_actions() const override;

 private:
  int size_;
  bool early_end_;
  MoveNameTable move_names_;
};

}  // namespace arena::flume

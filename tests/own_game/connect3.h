// Connect Three: a game kept outside engine/, to prove the claim of docs/new-game.md that a
// game plugs into Arena by its own sources and one registration call. A small Connect Four:
// two players drop stones into the columns of an upright board (columns x rows, 4 x 4 by
// default); a stone falls to the lowest empty cell; three in a row (across, up or diagonal)
// wins; a full board without one is a draw.
//
// A move is a column: code 0 for the leftmost, notation "a", "b", ... Cells are numbered
// row-major from the bottom left (cell = row * columns + column).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/registry.h"

namespace connect3 {

inline constexpr int kMaxSide = 8;
inline constexpr int kLine = 3;  // stones in a row that win

// The registration entry: arena::register_game(connect3::entry()).
const arena::GameEntry& entry();

class Connect3Game : public arena::Game {
 public:
  Connect3Game(const arena::GameInfo& info, arena::Params params);
  int num_players() const override { return 2; }
  std::unique_ptr<arena::State> new_initial_state() const override;
  int max_game_length() const override { return columns_ * rows_; }  // one stone per cell
  int columns() const { return columns_; }
  int rows() const { return rows_; }

 private:
  int columns_, rows_;
};

class Connect3State : public arena::StateBase<Connect3State> {
 public:
  explicit Connect3State(const Connect3Game& game);

  int current_player() const override;
  using arena::State::legal_moves;
  void legal_moves(std::vector<arena::Move>& out) const override;
  std::string move_to_string(arena::Move m) const override;
  arena::ParsedMove parse_move(std::string_view text) const override;
  std::string observation(int seat) const override;
  std::string render() const override;
  arena::Picture picture(int seat) const override;  // connect3_picture.cpp
  std::string notation_help() const override;
  std::vector<arena::SeatResult> results() const override;

  // The seat (1 or 2) whose stone is in `cell`, 0 none.
  int at(int cell) const { return board_[cell]; }
  int winner() const { return winner_; }

 protected:
  void do_apply(arena::Move m) override;

 private:
  bool makes_line(int cell) const;

  int columns_, rows_;
  int to_move_ = 1;
  int winner_ = 0;  // seat with three in a row, 0 none yet
  int stones_ = 0;
  std::array<std::int8_t, kMaxSide * kMaxSide> board_{};
  std::array<std::int8_t, kMaxSide> height_{};  // stones in each column
};

}  // namespace connect3

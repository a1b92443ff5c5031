// Flume, a stone-placement game by Mark Steere (2010). Rules as implemented:
// docs/rules/flume.md.
//
// Playable cells are numbered row-major from a1 (cell = row * size + column, row 0 at the
// bottom); a placement's move code is its cell. The pie-rule swap has code size * size,
// one past the last cell.
//
// The State: a position, its legal placements, playout hints and results (flume_state.cpp),
// its text (flume_text.cpp), picture (flume_picture.cpp) and heuristic value
// (flume_heuristic.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/flume/flume_game.h"

namespace arena::flume {

class FlumeState : public StateBase<FlumeState> {
 public:
  explicit FlumeState(const FlumeGame& game);

  // Tests and analysis: a position given as rows from the top row down ('R', 'B', '.'),
  // `to_move` (1 or 2) to act, and whether Red has made its first placement and Blue
  // has acted (which decide the centre ban and the swap). Throws a UserError
  // for malformed rows.
  static std::unique_ptr<FlumeState> from_board(const FlumeGame& game, const std::vector<std::string>& rows,
                                                int to_move, bool red_has_placed, bool blue_has_acted);

  int current_player() const override;
  using State::legal_moves;
  void legal_moves(std::vector<Move>& out) const override;
  std::string move_to_string(Move m) const override;
  ParsedMove parse_move(std::string_view text) const override;
  std::string observation(int seat) const override;
  std::string render() const override;
  Picture picture(int seat) const override;  // *_picture.cpp
  std::string notation_help() const override;
  std::vector<SeatResult> results() const override;
  // 2: the placement keeps the turn; 0: it ends the turn and leaves the opponent a point
  // with 3 occupied neighbours (an extra placement); 1: neither.
  int playout_hint(Move m) const override;
  // Stones ahead, plus the tempo of the extra placements waiting (flume_heuristic.cpp).
  double heuristic_value(int seat) const override;
  // The learning view (flume_tensor.cpp): the action index is the move code.
  int action_index(Move m) const override;
  Move action_move(int index) const override;
  void action_indices(std::span<const Move> moves, std::span<int> out) const override;

  int size() const { return n_; }
  Move swap_move() const { return n_ * n_; }
  int centre() const { return (n_ / 2) * n_ + n_ / 2; }
  std::int8_t at(int cell) const { return board_[cell]; }
  int stones(std::int8_t colour) const { return stones_[colour]; }
  int empty_cells() const { return empty_; }
  // Occupied orthogonal neighbours of a cell, the border ring counting as occupied.
  int occupied_neighbours(int cell) const;
  // Stones placed so far in the current turn (0 at the start of a turn).
  int placements_this_turn() const { return turn_placements_; }
  bool swap_available() const;
  bool centre_forbidden() const;

 protected:
  void do_apply(Move m) override;
  void do_write_observation(int seat, std::span<float> out) const override;  // flume_tensor.cpp

 private:
  const FlumeGame& rules() const { return static_cast<const FlumeGame&>(game()); }
  void check_end();

  int n_;
  std::int8_t to_move_ = kRed;
  bool over_ = false;
  bool red_has_placed_ = false;
  bool blue_has_acted_ = false;
  int turn_placements_ = 0;
  int empty_;
  std::array<int, 2> stones_{0, 0};
  std::array<std::int8_t, kMaxCells> board_{};
};

}  // namespace arena::flume

// Clump, a connection game by Mark Steere (2023). Rules as implemented: docs/rules/clump.md.
//
// Board cells are numbered row-major from a1 (cell = row * size + column, row 0 at the
// bottom). A move swaps one of the mover's stones with an orthogonally adjacent enemy
// stone; its code is `from * 4 + direction`, `from` being the mover's stone and direction
// 0 = down, 1 = left, 2 = right, 3 = up (so a stone's swaps are listed by target cell).
//
// The State: a position, its legal swaps and results (clump_state.cpp), its text
// (clump_text.cpp), picture (clump_picture.cpp) and heuristic value (clump_heuristic.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/clump/clump_game.h"
#include "engine/core/game.h"

namespace arena::clump {

// Why a swap is (il)legal: the sizes the swap conditions compare. For the mover's stone
// ("own") and the enemy stone, G is its group before the swap and H its group after.
struct SwapCheck {
  int own_before = 0, own_after = 0;
  int enemy_before = 0, enemy_after = 0;
  int largest_diminished = 0;  // 0 when no group is diminished
  bool condition1 = false, condition2 = false;
  bool legal() const { return condition1 && condition2; }
};

enum class Outcome { kPlaying, kConnection, kNoSwap, kLengthCap };

struct GroupScratch;

class ClumpState : public StateBase<ClumpState> {
 public:
  explicit ClumpState(const ClumpGame& game);

  // Tests and analysis: a position given as rows from the top row down, 'R' and 'B' per
  // cell, with `to_move` (1 or 2) to act and `plies` swaps counted as played (for the
  // safety cap). Checks connections and remaining swaps as after a move. Throws
  // a UserError for malformed rows.
  static std::unique_ptr<ClumpState> from_board(const ClumpGame& game, const std::vector<std::string>& rows,
                                                int to_move, int plies = 0);

  int current_player() const override;
  using State::legal_moves;
  void legal_moves(std::vector<Move>& out) const override;
  std::string move_to_string(Move m) const override;
  void append_move_name(Move m, std::string& out) const override { out += rules().move_name(m); }
  ParsedMove parse_move(std::string_view text) const override;
  std::string observation(int seat) const override;
  void append_observation_lines(int seat, std::string_view prefix, std::string& out) const override;
  std::string render() const override;
  Picture picture(int seat) const override;  // *_picture.cpp
  std::string notation_help() const override;
  std::vector<SeatResult> results() const override;
  // Own best span towards the two sides less the opponent's (clump_heuristic.cpp).
  double heuristic_value(int seat) const override;
  // The learning view (clump_tensor.cpp): the action index is the move code.
  int action_index(Move m) const override;
  Move action_move(int index) const override;
  void action_indices(std::span<const Move> moves, std::span<int> out) const override;

  // The legal swaps of the starting checkerboard of a size x size board (ClumpGame keeps them).
  static std::array<std::uint8_t, kMaxCells> starting_swaps(int size);

  int size() const { return n_; }
  std::int8_t at(int cell) const { return board_[cell]; }
  // Seat (1..2) that won, or 0 while playing or after a drawn (capped) game.
  int winner() const { return winner_; }
  Outcome outcome() const { return outcome_; }
  int plies() const { return plies_; }
  // Move code of the swap of the stone on `from` with the one on the adjacent `to`,
  // or -1 when the cells are not orthogonal neighbours.
  Move swap_code(int from, int to) const;
  static int from_cell(Move m) { return m / 4; }
  int to_cell(Move m) const;  // -1 when the direction leads off the board
  // The swap conditions for the mover's stone on `from` and the enemy stone on `to`; all
  // zero (illegal) when the cells are not orthogonal neighbours.
  SwapCheck check_swap(int from, int to) const;
  // Whether `colour` joins its two sides.
  bool connected(std::int8_t colour) const;

 protected:
  void do_apply(Move m) override;
  void do_write_observation(int seat, std::span<float> out) const override;  // clump_tensor.cpp

 private:
  const ClumpGame& rules() const { return static_cast<const ClumpGame&>(game()); }
  std::string describe_cell(int cell) const;
  // The board's rows and the status line, each after `prefix`, written at `out` (room made by
  // the caller); returns the end.
  char* write_rows_and_status(std::string_view prefix, char* out) const;
  // After a change (the stones on `x` and `y` swapped; x < 0: a new board): win by
  // connection, no swap left, or the cap; the legal swaps brought up to date.
  void settle(int x, int y);
  bool neighbour(int cell, int dir, int& out) const;

  int n_;
  std::int8_t to_move_ = kRed;
  Outcome outcome_ = Outcome::kPlaying;
  int winner_ = 0;
  int plies_ = 0;
  std::array<std::int8_t, kMaxCells> board_{};
  // Per cell, bit `dir`: swapping with the neighbour in that direction is legal (for
  // either player; see update_legal_swaps). Kept up to date from ply to ply: a swap changes
  // the groups near it only, and judging every swap again was most of a ply's cost.
  std::array<std::uint8_t, kMaxCells> legal_swaps_{};
};

}  // namespace arena::clump

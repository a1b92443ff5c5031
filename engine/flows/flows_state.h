// A Flows position: the board, the drawn tile, whose turn, the legal placements and the
// results (flows_state.cpp), its text (flows_text.cpp) and picture (flows_picture.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/flows/board.h"
#include "engine/flows/flows_game.h"

namespace arena::flows {

class FlowsState : public StateBase<FlowsState> {
 public:
  explicit FlowsState(const FlowsGame& game);

  int current_player() const override;
  void legal_moves(std::vector<Move>& out) const override;
  std::vector<std::pair<Move, double>> chance_outcomes() const override;
  std::string move_to_string(Move m) const override;
  std::string action_view(int seat, Move m) const override;
  ParsedMove parse_move(std::string_view text) const override;
  std::string observation(int seat) const override;
  std::string render() const override;
  Picture picture(int seat) const override;  // *_picture.cpp
  // The board for people: every placed tile with its paths (flows_text.cpp).
  std::string board_text() const;
  // A spectator sees what every seat sees: the views of a seat that is none (kSpectatorSeat).
  Picture spectator_picture() const override;                // *_picture.cpp
  std::string spectator_action_view(Move m) const override;  // *_picture.cpp
  std::string notation_help() const override;
  std::vector<SeatResult> results() const override;
  // The learning view (flows_tensor.cpp): the action index is the placement's code.
  int action_index(Move m) const override;
  Move action_move(int index) const override;
  void action_indices(std::span<const Move> moves, std::span<int> out) const override;

  const Board& board() const { return board_; }
  int drawn_tile() const { return drawn_; }  // -1 when no tile is in hand
  std::uint8_t winning_axes() const { return winners_; }
  bool won_by_unplayable_tile() const { return unplayable_; }
  // Seat whose turn it is (the one drawing at a chance node); 0 once the game is over.
  int mover() const;

 protected:
  void do_apply(Move m) override;
  void do_write_observation(int seat, std::span<float> out) const override;  // flows_tensor.cpp

 private:
  const FlowsGame& rules() const { return static_cast<const FlowsGame&>(game()); }

  Board board_;
  std::array<std::int8_t, kTileTypes> unplaced_{};  // tiles of each type not yet placed
  int turn_ = 0;                                    // turns completed (placements)
  int drawn_ = -1;
  bool over_ = false;
  bool unplayable_ = false;
  std::uint8_t winners_ = 0;  // axes ranked first
  std::vector<Move> legal_;   // placements of the drawn tile, computed when it is drawn
};

}  // namespace arena::flows

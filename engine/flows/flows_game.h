// Flows (Quortex): 2-6 players lay hex tiles to join their border side to the opposite
// side. docs/rules/flows.md states the rules this engine implements. This is the Game
// (seating, legality, teams, rare situations); the State is flows_state.h.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/registry.h"
#include "engine/flows/board.h"
#include "engine/flows/route_solver.h"
#include "engine/flows/seating.h"

namespace arena::flows {

// Moves: a placement is cell*6 + canonical rotation (0..221); a draw of type t is
// kDrawBase + t.
inline constexpr Move kDrawBase = kSlots;

class FlowsGame : public Game {
 public:
  FlowsGame(const GameInfo& info, Params params, Seating seating, Legality legality);
  int num_players() const override { return seating_.players; }
  std::unique_ptr<State> new_initial_state() const override;
  int max_game_length() const override { return 2 * kCells; }
  bool hidden_information() const override { return true; }
  // The 5-player extra turn of the solo seat (docs/check-bot.md).
  const std::vector<RareSituation>& rare_situations() const override;

  // Players on opposite sides are partners (docs/rules/flows.md), numbered by lowest seat.
  int team_of(int seat) const override { return seating_.team_of_seat[seat - 1]; }

  const Seating& seating() const { return seating_; }
  // The learning view (flows_tensor.cpp, docs/learning.md).
  std::vector<int> observation_shape() const override;
  int num_distinct_actions() const override;
  Legality legality() const { return legality_; }

 private:
  Seating seating_;
  Legality legality_;
};

}  // namespace arena::flows

// Results the referee imposes when the rules did not end a game.
#pragma once

#include <vector>

#include "engine/core/game.h"

namespace arena {

// A fault by `fault_seat` (1..N), or its resignation (ranked the same). Two seats: the faulting seat loses
// (rank 2, score 0), the other wins (rank 1, score 1). More seats: the faulting seat and its partners
// (Game::team_of) are ranked last; every other seat shares first place with score 1. Ranks
// count sides, a team once: four single seats give 1 1 4 1, two teams of two 2 1 2 1.
std::vector<SeatResult> fault_results(const Game& game, int fault_seat);

// The game reached max_game_length() without ending: every seat ties (rank 1, score 0.5).
std::vector<SeatResult> drawn_results(const Game& game);

}  // namespace arena

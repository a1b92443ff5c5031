// Who sits where in the games of `arena match`. Seats rotate so every bot sits in every
// seat equally often; in a team game with one bot per seat the partnerships rotate too
// (every pair of bots partnered at least once per set, as in tournaments), so no bot
// always plays beside the same partner. The games of one set share a seed: the same deals
// and draws from every seat.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/game.h"
#include "referee/match_runner.h"

namespace arena {

// How many games make one set: the seat count, or in a team game with one bot per seat
// the number of partnership arrangements (schedule.h's table_arrangements).
int match_set_size(const Game& game, int bots);

// The games of a match of `games` games (at least 1): seats, seeds and round labels
// ("1", "2", ...); openings are the caller's.
std::vector<GameJob> match_seating(const Game& game, int bots, int games, std::uint64_t seed);

}  // namespace arena

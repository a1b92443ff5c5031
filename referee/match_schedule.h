// The games of `arena match`: seats rotate so every bot sits in every seat equally
// often, and each full rotation replays the same seed (the same deals and draws), so
// seat advantage and luck cancel out as far as the game count allows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "referee/match_runner.h"

namespace arena {

// Game g (0-based) seats bot (s + g) mod bots at seat s+1 and uses the seed
// derive_seed(seed, g / seats); rounds are "1", "2", ...
std::vector<GameJob> rotation_schedule(const std::string& spec, int bots, int seats, int games,
                                       std::uint64_t seed);

}  // namespace arena

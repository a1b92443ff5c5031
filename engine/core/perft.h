// Perft: the number of action sequences of exactly `depth` actions from a state.
// Each distinct chance outcome counts as one action; a terminal state reached before
// `depth` contributes 0. Used to check move generation against other implementations.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"

namespace arena {

std::uint64_t perft(const State& state, int depth);

// Subtotal per first action, in legal-move order, as (notation, count).
std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const State& state, int depth);

}  // namespace arena

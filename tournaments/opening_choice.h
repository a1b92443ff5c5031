// Which opening each game of a match or tournament starts from. Every game on one seed (the
// seat arrangements of a pairing, a table or a match's set) gets the same one, so each
// opening is played from every seat. Sequential: the k-th distinct seed takes opening k
// (cycling); random: one drawn from the seed. A pure function of the seeds, so --resume agrees.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/core/game.h"
#include "referee/openings.h"
#include "tournaments/option_table.h"

namespace arena {

// The openings file of `s`, validated by the engine (empty without one); an error names the
// setting as `command` knows it.
std::vector<Opening> load_openings(const RunSettings& s, const Game& game, RunCommand command);

// For each game's seed, the index of its opening among `openings` (all 0 without openings).
std::vector<std::size_t> opening_choice(std::size_t openings, OpeningsOrder order,
                                        std::span<const std::uint64_t> seeds);

}  // namespace arena

// Start positions: move prefixes the referee plays before the bots take over, so that
// deterministic bots do not replay one game (docs/tournaments.md, "Openings"). An openings
// file holds one opening per line, in the game's notation, optionally after a spec:
//   b2-a2 h4-g4
//   clump:size=8 | b2-a2 h4-g4
// Blank lines and lines starting with '#' are skipped.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/user_error.h"

namespace arena {

using Opening = std::vector<std::string>;  // move texts, from the initial state

// Every opening of `in` that applies to `game`, each validated by the engine: its spec (if
// given) is `game`'s, its moves are legal in turn, no chance action falls inside it, and the
// game is not over after it. Throws a UserError "NAME:LINE: why" on the first bad line, or
// if the file holds no opening.
std::vector<Opening> read_openings(std::istream& in, const std::string& name, const Game& game);

// `count` openings of `plies` random player moves each, from seeds derived from `seed`:
// distinct, not decided (the game goes on, and the side to move has at least 3 moves), and
// balanced as far as 64 random playouts can tell (the first seat scores 25..75%). Fewer
// when the game cannot provide them (no chance action may fall inside an opening).
std::vector<Opening> generate_openings(const Game& game, int count, int plies, std::uint64_t seed);

// Which opening a game takes: the k-th distinct seed the k-th opening (cycling), or one
// drawn from the game's seed.
enum class OpeningsOrder { kSequential, kRandom };
// "sequential" or "random", as configurations and flags spell it.
const char* openings_order_name(OpeningsOrder order);

// One line of an openings file.
std::string opening_line(const Game& game, const Opening& opening);

}  // namespace arena

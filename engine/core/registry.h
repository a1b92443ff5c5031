// The list of games and how to build one from a spec. Adding a game = one folder under
// engine/ (with its entry function, e.g. `const GameEntry& clump_entry()` defined in the
// game's .cpp) and one line in engine/games.h, which declares every entry function.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "engine/core/game.h"

namespace arena {

struct GameEntry {
  GameInfo info;
  // Builds the game from validated parameters; throws SpecError for rules that span
  // parameters or go beyond a range (e.g. "size must be even").
  std::unique_ptr<Game> (*make)(const GameInfo& info, const Params& params);
};

const std::vector<const GameEntry*>& all_games();

// Parses and validates a spec and builds the game; throws SpecError naming the problem.
std::unique_ptr<Game> make_game(std::string_view spec);

}  // namespace arena

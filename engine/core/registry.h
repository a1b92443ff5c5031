// The list of games and how to build one from a spec. A built-in game is one folder under
// engine/ (with its entry function, e.g. `const GameEntry& clump_entry()` defined in the
// game's .cpp) and one line in engine/games.h, which declares every entry function. A game
// kept outside Arena's tree joins the list by one register_game() call (docs/new-game.md).
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

// The built-in games, then the registered ones in the order of registration. Fixed by its
// first use: callers keep references into it, and a spec must mean the same game all run.
const std::vector<const GameEntry*>& all_games();

// Adds a game after the built-in ones. Call it before anything uses all_games() or
// make_game() (first thing in main, or from a static registrar: engine/core/game_registrar.h);
// `entry` must outlive the program (a function-local static, as every built-in entry is).
// Throws std::logic_error when called too late or for an id already taken: both are
// mistakes in the program, not in its input.
void register_game(const GameEntry& entry);

// Parses and validates a spec and builds the game; throws SpecError naming the problem.
std::unique_ptr<Game> make_game(std::string_view spec);

}  // namespace arena

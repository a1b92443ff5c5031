// One game of a PGN file, chosen as `arena show` and `arena repro` take it: by its 1-based
// number in the file or by its round label as logs and summaries print it ("1.2.2").
#pragma once

#include <string>

#include "records/record.h"

namespace arena::cli {

// Whether `text` is a game number rather than a round label.
bool is_game_index(const std::string& text);

// Throws a CommandError naming the file and the game when it cannot be read or is not there;
// `game` gets the game's number in the file.
GameRecord read_recorded_game(const std::string& file, const std::string& game_text, int& game);

}  // namespace arena::cli

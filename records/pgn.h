// PGN-like game records (docs/records.md): writing one game, reading many.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "records/record.h"

namespace arena {

// One game as PGN text: tag pairs, a blank line, movetext ending in the result, a blank line.
std::string format_pgn(const GameRecord& record);

struct PgnError {
  int game = 0;  // 1-based index of the game in the text
  int line = 0;  // 1-based line number in the text
  std::string message;
};

// Every game in a PGN text. A game that cannot be read is skipped and reported in `errors`
// with its line; reading goes on with the next game.
std::vector<GameRecord> parse_pgn(std::string_view text, std::vector<PgnError>& errors);

// Where a game read by parse_pgn stands in the text, for messages about it (`arena verify`).
struct PgnLocation {
  int game = 0;                   // 1-based index among all games of the text, unreadable ones included
  int first_line = 0;             // line of its first tag
  std::vector<int> action_lines;  // line of each action's comment
};

// As above, also filling `locations` (one per returned record, same order).
std::vector<GameRecord> parse_pgn(std::string_view text, std::vector<PgnError>& errors,
                                  std::vector<PgnLocation>& locations);

}  // namespace arena

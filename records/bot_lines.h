// A game's bot lines (records/record.h, BotLine) kept within a per-game byte cap, and their
// form in a PGN record (docs/records.md, "Bot lines").
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "records/record.h"

namespace arena {

// Default of --bot-lines-cap: bytes of bot text kept per game, all seats together.
inline constexpr std::size_t kDefaultBotLinesCap = 32 * 1024;

// Adds lines to a record until their texts reach the cap; from the first line that does not
// fit on, every line is dropped (the record keeps a clean prefix) and the record notes the ply
// of the cut and the bytes dropped. Keeping a line allocates only its text.
class BotLineCap {
 public:
  explicit BotLineCap(std::size_t cap) : cap_(cap) {}
  void keep(GameRecord& record, int ply, int seat, BotLine::Kind kind, std::string_view text);

 private:
  std::size_t cap_;
  std::size_t used_ = 0;
};

namespace pgn_detail {

// "{N: sK info TEXT}" or "{N: sK stderr TEXT}": TEXT with %HH for '%', '{', '}' and control
// bytes; appended to `out` on lines of at most 79 characters where it can be broken at a space.
void append_bot_line_comment(const BotLine& line, int ply, std::string& out);

// The bot line in a comment's body, or nullopt when the body is not one (a free annotation).
// Throws std::string (the reason) for a bot line that is malformed.
std::optional<BotLine> read_bot_line_comment(std::string_view body);

// The BotLinesCut tag's value, "PLY BYTES", and its reading (false when malformed).
std::string bot_lines_cut_tag(const GameRecord& record);
bool read_bot_lines_cut_tag(std::string_view value, GameRecord& record);

}  // namespace pgn_detail

}  // namespace arena

// A finished game as the referee saw it: the data behind one PGN record. Written by
// the match loop, read back by `arena verify`, ratings and tournaments.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "records/termination.h"

namespace arena {

// One recorded action: a seat's move or a chance outcome (actor kChance).
struct RecordedAction {
  int actor = 0;             // seat 1..N, or kChance
  std::string text;          // notation
  std::int64_t micros = -1;  // time the seat used for this decision; -1 for chance
};

// A line a bot wrote for people during a game (docs/records.md, "Bot lines"): an `info` line
// (the text after "info ") or a line of its standard error, kept with the decision it was
// written for, so a viewer shows it beside that move.
struct BotLine {
  enum class Kind : std::uint8_t { kInfo, kStderr };
  int ply = 1;   // the action being decided when it was read (1-based; one past the last at the end)
  int seat = 1;  // 1..N
  Kind kind = Kind::kInfo;
  std::string text;
  bool operator==(const BotLine&) const = default;
};

struct GameRecord {
  std::string event = "Arena game";
  std::string site;
  std::string date;   // YYYY.MM.DD
  std::string round;  // e.g. "1", "3.2"
  std::string spec;   // canonical game spec
  std::uint64_t seed = 0;
  std::string time_control;          // e.g. "10+0.1" or "-"
  std::vector<std::string> players;  // bot name per seat (index 0 = seat 1)
  std::vector<RecordedAction> actions;
  std::vector<SeatResult> results;  // per seat; empty when aborted
  Termination termination = Termination::kNormal;
  int fault_seat = 0;              // seat that faulted (1..N), 0 if none
  std::string termination_detail;  // e.g. the illegal line and the number of legal moves
  std::string referee_version;
  int opening_plies = 0;  // the first actions (chance included) were the referee's opening
  std::vector<std::pair<std::string, std::string>> extra_tags;  // anything else, in order
  std::vector<BotLine> bot_lines;                               // in the order read; plies never decrease
  int bot_lines_cut = 0;                // the ply from which the per-game cap dropped bot lines; 0 none
  std::uint64_t bot_lines_dropped = 0;  // bytes of text dropped by that cap
};

}  // namespace arena

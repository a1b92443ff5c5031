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
};

}  // namespace arena

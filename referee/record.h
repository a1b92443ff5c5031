// A finished game as the referee saw it: the data behind one PGN record. Written by
// the match loop, read back by `arena verify`, ratings and tournaments.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"

namespace arena {

// Why a game ended. Every fault has its own reason so records and tables can count them.
enum class Termination {
  kNormal,             // the rules ended the game
  kTimeForfeit,        // a seat passed its deadline
  kIllegalMove,        // a well-formed move that is not legal
  kUnparseable,        // a line that is not a move at all
  kProtocolViolation,  // a message out of turn or of unknown kind
  kCrash,              // the bot exited, crashed or closed stdout
  kStartFailure,       // the bot failed to start or to handshake in time
  kOutputFlood,        // too many bytes or lines for one decision
  kLengthCap,          // the game hit the engine's maximum length (adjudicated by the rules' results)
  kAborted,            // the referee stopped the game (shutdown); no result counts
};

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
  std::vector<std::pair<std::string, std::string>> extra_tags;  // anything else, in order
};

// Stable lowercase names used in records ("time forfeit", ...) and their inverse.
const char* termination_name(Termination t);
std::optional<Termination> termination_from_name(const std::string& name);

}  // namespace arena

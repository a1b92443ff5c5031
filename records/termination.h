// Why a game ended, and its two spellings: the record's ("time forfeit", the PGN
// Termination tag) and the one-word token of the protocol's gameover line and the match
// summary ("time-forfeit"). One table holds both, so neither can drift from the enum.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace arena {

// Every fault has its own reason so records and tables can count them.
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
  kResign,             // the seat to move gave the game up (not a fault: ranked as one)
  kAborted,            // the referee stopped the game (shutdown); no result counts
};

// The record's name ("time forfeit") and its inverse (exact, lowercase).
const char* termination_name(Termination t);
std::optional<Termination> termination_from_name(std::string_view name);
// The one-word token ("time-forfeit").
const char* termination_token(Termination t);
// Every record name, comma-separated, for messages about an unknown one.
std::string termination_names();

}  // namespace arena

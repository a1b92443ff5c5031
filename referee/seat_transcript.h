// What the referee sent one seat in a recorded game, regenerated from the record alone (its
// seed, spec, time control and actions with the time of each decision): the handshake,
// "newgame" with the same seed, the events, each decision's observation, legal list and "go"
// with the clock the seat had then, and "gameover". Built by the very functions GameSession
// sends with (seat_messages.h), so the two cannot drift apart; a hidden-information game gives
// only what that seat was sent. `arena repro` feeds it to a bot; the report shows it per ply.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "records/record.h"

namespace arena {

// The record tags that say how a game's lines differed from the defaults (written by the
// runner only when they do): legal lists not sent, and seats without a clock.
inline constexpr const char* kLegalMovesTag = "LegalMoves";  // "no"
inline constexpr const char* kUntimedTag = "UntimedSeats";   // "2" or "1 3"

// One time the seat was asked for a decision.
struct TranscriptDecision {
  int ply = 0;               // actions played before it: the position it was asked in (show --ply)
  std::size_t begin = 0;     // its lines in SeatTranscript::text: after the previous "go" ...
  std::size_t end = 0;       // ... up to and with its own "go"
  std::string recorded;      // the answer as recorded (a move); "" when the game ended at it
  std::int64_t micros = -1;  // recorded time of the answer; -1 when the game ended at it
};

struct SeatTranscript {
  int seat = 0;
  std::string text;               // every line sent, each ending in "\n", "arena 1" first
  std::size_t handshake_end = 0;  // where the handshake line ends ("newgame" follows)
  std::vector<TranscriptDecision> decisions;
  // The decision asked at `ply`, or nullptr when the seat was not asked there.
  const TranscriptDecision* at_ply(int ply) const;
};

// Throws a UserError when the record does not replay (a bad time control, an action that
// is not legal where it stands: `arena verify` names such records).
SeatTranscript seat_transcript(const Game& game, const GameRecord& record, int seat);

}  // namespace arena

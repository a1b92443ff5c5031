// Positions and decisions, one number each (docs/records.md, "Positions and decisions"):
// position K is the state after a record's first K actions (chance included; position 0 is the
// start), and decision K is the one taken in position K by the seat to act there, which was sent
// `obs ply K` for it. Its answer is the record's action K+1 and its bot lines are the record's
// comments numbered K+1 (the record numbers actions from 1, as PGN numbers moves; BotLine::ply
// counts as the record does). `arena show --ply K`, `arena repro --ply K`, the report's viewer at
// `ply=K` and its consoles all mean decision K: these functions are the one place that turns the
// record's numbers into it.
#pragma once

#include <cstdint>
#include <string>

#include "records/record.h"

namespace arena {

// The decision a bot line was written for: the position that stood when the referee read it.
inline int decision_of(const BotLine& line) { return line.ply - 1; }

// The first decision whose lines the per-game cap dropped (records/bot_lines.h); -1 when none.
inline int cut_decision(const GameRecord& record) {
  return record.bot_lines_cut > 0 ? record.bot_lines_cut - 1 : -1;
}

// What happened in position K of a record.
struct RecordedDecision {
  int number = 0;            // K
  int seat = 0;              // the seat that decided; 0 for chance, or an end without a decision
  bool chance = false;       // position K is chance's: an outcome, no decision
  std::string answer;        // the move (or chance outcome), action K+1's text; "" when the game ended
  std::int64_t micros = -1;  // the time the answer took; -1 when not recorded
  bool ended = false;        // the game ended in position K: a fault at this decision, or its end
};

// Position K (0 to the number of actions) of `record`: the next action's actor and text, or at
// the end the seat whose answer was a fault (illegal, unparseable, late; records/repro_command.h)
// with `ended` set, else seat 0 and `ended`.
RecordedDecision recorded_decision(const GameRecord& record, int k);

// "decision K: seat S (NAME) answered MOVE in 0.210 s", "position K: chance OUTCOME", "decision K:
// seat S (NAME) answered with a fault: illegal move", "position K: the game is over (normal)".
std::string decision_text(const GameRecord& record, const RecordedDecision& decision);

}  // namespace arena

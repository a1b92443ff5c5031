// The referee's ruling on a bot's answer to a decision request: the move it names, or the
// fault it commits (an illegal or unparseable move, a line that is no answer), with the
// detail the record keeps. GameSession rules every answer with it, and `arena repro` rules
// a rerun's answer with it too, so "the fault reproduces" means the very same verdict.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "records/termination.h"
#include "referee/legal_list.h"

namespace arena {

struct MoveRuling {
  std::optional<Termination> fault;  // unset: the move is legal
  Move move = -1;
  std::string detail;  // the fault's detail, as the record keeps it (before escaping)
  bool ok() const { return !fault; }
};

// The token of "move TOKEN": looked up in `legal` (the list sent for this decision, if one
// was) before the engine parses it; `scratch` is reused for the count of legal moves.
MoveRuling rule_move(const State& state, const LegalList& legal, const std::string& token,
                     std::vector<Move>& scratch);

// A whole line answered to "go" (after blank and info lines, which are no answer): a move
// ruled as above, "resign" (no fault: `resigned` is set), or the fault of any other line.
MoveRuling rule_answer_line(const State& state, const LegalList& legal, std::string_view line,
                            bool& resigned);

}  // namespace arena

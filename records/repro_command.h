// The `arena repro` command line that reruns a faulting bot on exactly the lines it was sent
// (docs/bots.md, "Reproducing a game"): printed beside every fault by match, tournament, the
// logs, the faults tables and the report, so the way from a fault to a debugger is one paste.
#pragma once

#include <string>

#include "records/record.h"

namespace arena {

// For the fault of `record` (empty when it has none, for a resignation, which is no fault,
// and for a bot that never started): the file that
// holds the record (or "FILE.pgn" when it is not known), the game as `game` names it (a round
// label or a number in the file), the seat, the ply of the faulting decision when the fault
// was an answer to one, and the bot's command (or "COMMAND" when it is not known). Arguments
// are quoted for a POSIX shell where they need it.
std::string repro_command(const GameRecord& record, const std::string& file, const std::string& game,
                          const std::string& bot_command);

// The same from its parts: `ply` -1 leaves --ply out (repro then takes the faulting decision).
std::string repro_command(const std::string& file, const std::string& game, int seat, int ply,
                          const std::string& bot_command);
// Whether a game that ended so, with a faulting seat, has a decision to rerun.
bool reproducible_fault(Termination why);

// Whether a fault of this kind is the seat's answer to a decision (illegal, unparseable, late).
bool fault_at_decision(Termination why);

// The ply of the decision a fault answered (illegal, unparseable, late), or -1 when the fault
// was not an answer (a crash, a flood, a protocol violation) or there is none.
int faulting_ply(const GameRecord& record);

// `text` quoted for a POSIX shell when it holds anything but [A-Za-z0-9_./:=+,@%-].
std::string shell_quoted(const std::string& text);

}  // namespace arena

// The games of a tournament in which a bot faulted, one line each with the `arena repro`
// command that reruns that bot on the lines it was sent (records/repro_command.h): what
// faults.txt and the end of a tournament list under the table of fault counts.
#pragma once

#include <string>
#include <vector>

#include "tournaments/config.h"
#include "tournaments/journal_entry.h"
#include "tournaments/journal_index.h"

namespace arena {

// `bots` and `commands` side by side (a bot's command as its configuration gives it; "" when
// not known); `pgn` is the records file. At most `limit` games, then a line saying how many
// more there are ("" when there is no such game). The journal keeps no ply: repro then takes
// the faulting decision itself, which is the same one.
std::string fault_games_text(const JournalIndex& journal, const std::string& pgn,
                             const std::vector<std::string>& bots, const std::vector<std::string>& commands,
                             std::size_t limit);

// Each bot's command of `c` as one line to paste into `arena repro --bot`, side by side with
// its bots.
std::vector<std::string> bot_command_lines(const TournamentConfig& c);

// The repro line of one game as the run that played it knows it (with its ply), "" when the
// game had no fault to rerun.
std::string fault_repro_line(const JournalEntry& e, const std::string& pgn,
                             const std::vector<std::string>& bots, const std::vector<std::string>& commands);

}  // namespace arena

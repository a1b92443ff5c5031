// `arena ratings`' faults table, read from the records: per bot, the games it faulted by kind,
// with its time forfeits ruled under CPU pressure counted apart (maybe the machine's fault,
// records/timing_tags.h), and the referee's own latency per decision over the games that
// recorded it (as fastchess's -show-latency). Empty when no record has a fault or a timing tag.
#pragma once

#include <string>
#include <vector>

#include "records/record.h"

namespace arena {

std::string render_fault_timing_text(const std::vector<GameRecord>& records);

}  // namespace arena

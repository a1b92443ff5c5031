// Each seat's lines per decision, as the report shows them beside the board (report/report_data.h,
// ReportOptions::protocol_lines): for seat 1..N, (ply, the lines the referee sent it for the
// decision at that ply), cut from the seat's transcript (seat_transcript.h). Plain types, so
// report/ takes this function as it is without knowing the referee.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "records/record.h"

namespace arena {

// Throws UserError when the record's game cannot be built or its actions do not replay.
std::vector<std::vector<std::pair<int, std::string>>> seat_decision_lines(const GameRecord& record);

}  // namespace arena

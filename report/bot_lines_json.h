// A game's bot lines (records/record.h, BotLine) in its replay, for the viewer's console, value
// chart and marks (docs/report.md, "The bots' own lines"):
//   "i": [[ply, seat, kind, text]...]   kind 0 an `info` line (text after "info "), 1 stderr
//   "ic": [ply, bytes]                   only when the per-game cap cut: where, and what it dropped
#pragma once

#include <boost/json/object.hpp>

#include "records/record.h"

namespace arena::report {

void add_bot_lines_json(const GameRecord& record, boost::json::object& replay);

}  // namespace arena::report

// A game's bot lines (records/record.h, BotLine) in its replay, for the viewer's console, value
// chart and marks (docs/report.md, "The bots' own lines"):
//   "i": [[decision, seat, kind, text]...]   kind 0 an `info` line (text after "info "), 1 stderr
//   "ic": [decision, bytes]                   only when the per-game cap cut: where, and what it dropped
// A decision is numbered as everywhere outside the record's own comments (records/decisions.h):
// the lines the record numbers N belong to decision N-1, the one taken in position N-1.
#pragma once

#include <boost/json/object.hpp>

#include "records/record.h"

namespace arena::report {

void add_bot_lines_json(const GameRecord& record, boost::json::object& replay);

}  // namespace arena::report

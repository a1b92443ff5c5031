// What the report page reads of one game (docs/report.md): its pictures and actions
// (report/replay.h) and the lines each seat was sent for each of its decisions. Computed by
// `arena report` for a replay embedded as JSON, and by the page's engine (bindings/page_engine/)
// from a record embedded as such (report/embedded_replay.h): the same code, so the same JSON.
#pragma once

#include <boost/json/object.hpp>

#include "records/record.h"
#include "report/report_data.h"

namespace arena::report {

// replay_json (report/replay.h) and, given `protocol_lines`, each seat's lines for each of its
// decisions ("q": report/protocol_compact.h; none when the record does not replay).
boost::json::object page_replay(const GameRecord& record, const ProtocolLines& protocol_lines);

}  // namespace arena::report

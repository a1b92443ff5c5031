// How the report embeds one game's replay (docs/report.md, "Size"). Either its pictures and
// protocol lines as JSON (report/page_replay.h), packed, or, where the page's engine can replay it,
// only its record, packed: the page then runs Arena's engine, compiled to WebAssembly
// (bindings/page_engine/), to rebuild the same JSON when the game is opened. A card game's
// packed record is a sixth of its packed pictures and lines, or less.
#pragma once

#include <string>

#include "records/record.h"
#include "report/report_data.h"

namespace arena::report {

struct EmbeddedReplay {
  bool is_record = false;  // `packed` holds the game's PGN text, else page_replay's JSON
  std::string packed;      // report/replay_pack.h
};

// The record when the page's engine can replay it exactly as page_replay does here: this
// build has the engine, the game is a built-in one, it replays to its end, and it needed no
// work the engine lacks (engine/core/native_work.h). Otherwise the pictures.
EmbeddedReplay embedded_replay(const GameRecord& record, const ReportOptions& options);

}  // namespace arena::report

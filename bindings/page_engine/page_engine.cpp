// The report page's engine (docs/report.md, "Size"): a WebAssembly program that turns one
// game's record into the JSON the viewer reads, by the same code as `arena report`
// (report/page_replay.h, with the referee's protocol lines). The page writes the
// record's PGN text into the buffer arena_input gives, calls arena_replay, and reads the JSON
// from arena_output (report/page/frames.js, replayFromRecord).
#include <string>
#include <vector>

#include "records/json_text.h"
#include "records/pgn.h"
#include "referee/decision_lines.h"
#include "report/page_replay.h"

namespace {
std::string input, output;  // one game at a time: the page opens one
}

extern "C" {

// Room for `size` bytes of PGN text, valid until the next call.
__attribute__((export_name("arena_input"))) char* arena_input(int size) {
  input.assign(static_cast<std::size_t>(size), '\0');
  return input.data();
}

// The replay JSON of the record in the input; returns its size in bytes. The report embeds
// only records that replayed in full where it was written, so nothing here throws (a throw
// would stop the program: it is built without exceptions' unwinding, bindings/page_engine/runtime.cpp).
__attribute__((export_name("arena_replay"))) int arena_replay() {
  std::vector<arena::PgnError> errors;
  const std::vector<arena::GameRecord> records = arena::parse_pgn(input, errors);
  if (!errors.empty() || records.size() != 1)
    output = "{\"x\":\"the embedded record does not read as one game\"}";
  else
    output = arena::json_text(arena::report::page_replay(records[0], arena::seat_decision_lines));
  return static_cast<int>(output.size());
}

// The JSON text arena_replay wrote.
__attribute__((export_name("arena_output"))) const char* arena_output() { return output.data(); }

}  // extern "C"

// The report page's engine: Arena's games, with the replay and the referee's transcript of a
// seat, compiled to WebAssembly (bindings/page_engine/) and packed as a replay is
// (report/replay_pack.h). Embedded once in a report that holds records (report/embedded_replay.h).
#pragma once

#include <string_view>

namespace arena::report {

// Empty when this build has no engine for the page (no WebAssembly toolchain: docs/report.md).
std::string_view packed_page_engine();

}  // namespace arena::report

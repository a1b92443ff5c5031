// Work done through a library that the report page's engine (bindings/page_engine/, the engine
// compiled to WebAssembly) is built without: Flows' SAT fallback needs CaDiCaL, which Debian
// ships for the host only. The report counts it while it replays a game here, and embeds the
// pictures of a game that needed it rather than its record, so the page never has to do it.
#pragma once

namespace arena {

// Called by such work, each time.
void count_native_work();

// How often this thread has done it so far.
unsigned native_work_count();

}  // namespace arena

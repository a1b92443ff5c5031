// Flows' SAT fallback in the JavaScript engine: CaDiCaL is not built for WebAssembly in Debian.
// The legality solver reaches it only when its exact searches run out of budget, which no
// position of 52,683 random 2- to 6-player games did (docs/performance.md, "Flows: the position
// that hung in SAT"); should one, the call fails with this message (a JavaScript ArenaError,
// bindings/js/runtime.cpp) instead of deciding legality some other way. The state being
// changed is then left half-applied, and arena.mjs refuses to use it again.
#include "engine/core/user_error.h"
#include "engine/flows/route_solver.h"

namespace arena::flows {

namespace {
[[noreturn]] void no_sat() {
  throw UserError(
      "flows: this position needs the legality solver's SAT fallback (CaDiCaL), which the WebAssembly "
      "engine is built without; the native engine (C++, Python) decides it");
}
}  // namespace

bool RouteSolver::fill_exists(Board&) { no_sat(); }

void RouteSolver::settle_open(const Board&, std::uint8_t, int, std::array<std::uint8_t, kCells * 6>&, int,
                              std::array<std::uint8_t, kCells * 6>&) {
  no_sat();
}

}  // namespace arena::flows

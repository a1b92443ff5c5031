// Flows' SAT fallback in the page's engine: CaDiCaL is not built for WebAssembly in Debian, and
// the report embeds the pictures, not the record, of a game that needed it
// (engine/core/native_work.h), so the page never gets here.
#include "engine/flows/route_solver.h"

namespace arena::flows {

bool RouteSolver::fill_exists(Board&) { __builtin_trap(); }

void RouteSolver::settle_open(const Board&, std::uint8_t, int, std::array<std::uint8_t, kCells * 6>&, int,
                              std::array<std::uint8_t, kCells * 6>&) {
  __builtin_trap();
}

}  // namespace arena::flows

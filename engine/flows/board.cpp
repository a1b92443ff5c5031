#include "engine/flows/board.h"

namespace arena::flows {

int trace(const Board& board, int cell, int side) {
  const Geometry& g = geometry();
  while (true) {
    int next = g.neighbour[cell][side];
    if (next < 0) return -(g.port_owner[cell][side] + 1);
    int entry = opposite(side);
    if (board.empty(next)) return next * kHexSides + entry;
    side = pairing_mates(board.pairing[next])[entry];
    cell = next;
  }
}

std::uint8_t joined_axes(const Board& board, std::uint8_t axes) {
  const Geometry& g = geometry();
  std::uint8_t joined = 0;
  for (int a = 0; a < 3; ++a) {
    if (!(axes >> a & 1)) continue;
    for (int slot : g.ports[a]) {
      int cell = slot / kHexSides, side = slot % kHexSides;
      if (board.empty(cell)) continue;
      int end = trace(board, cell, pairing_mates(board.pairing[cell])[side]);
      if (is_port_end(end) && port_end_owner(end) == a + 3) {
        joined |= static_cast<std::uint8_t>(1u << a);
        break;
      }
    }
  }
  return joined;
}

}  // namespace arena::flows

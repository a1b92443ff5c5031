// A Flows board: which pairing (tile in its rotation) lies on each cell, and tracing
// flows along the placed tiles.
#pragma once

#include <array>
#include <cstdint>

#include "engine/flows/geometry.h"
#include "engine/flows/tiles.h"

namespace arena::flows {

struct Board {
  std::array<std::int8_t, kCells> pairing;  // pairing id, or kNoTile
  Board() { pairing.fill(kNoTile); }
  bool empty(int cell) const { return pairing[cell] == kNoTile; }
  bool operator==(const Board&) const = default;
};

// Where a flow leaving `cell` through `side` ends, following placed tiles: a port
// (encoded as -(owner side + 1)) or the slot (cell*6 + side) of the empty cell it enters.
int trace(const Board& board, int cell, int side);

inline bool is_port_end(int end) { return end < 0; }
inline int port_end_owner(int end) { return -end - 1; }

// Axes (bit a: board sides a and a+3, for a in `axes`) whose two sides are joined by a
// flow along placed tiles.
std::uint8_t joined_axes(const Board& board, std::uint8_t axes);

}  // namespace arena::flows

// Flows board geometry: 37 pointy-top hexes in rows a (north) .. g (south) of
// 4,5,6,7,6,5,4 cells, each numbered from the west end. Cells are indexed 0..36 in
// reading order (a1 = 0, d4 = 18, g4 = 36).
//
// A hex's sides are numbered clockwise from north-east: 0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW;
// side s faces side (s+3)%6 of the neighbour. The board's six sides are numbered clockwise
// from the north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Board side k faces hex directions
// k-1 and k; the outer edge of a corner hex that faces two board sides belongs to the later
// one clockwise, so each board side owns exactly 7 ports (42 in all).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace arena::flows {

inline constexpr int kCells = 37;
inline constexpr int kHexSides = 6;
inline constexpr int kSlots = kCells * kHexSides;  // (cell, side) pairs: cell*6 + side
inline constexpr int kBoardSides = 6;
inline constexpr int kPortsPerSide = 7;
inline constexpr int kRows = 7;

constexpr int opposite(int side) { return (side + 3) % 6; }

struct Geometry {
  // neighbour[c][s]: the cell across side s of cell c, or -1 when that side is an outer edge.
  std::array<std::array<std::int8_t, kHexSides>, kCells> neighbour;
  // port_owner[c][s]: the board side owning the outer edge (c, s), or -1 for inner edges.
  std::array<std::array<std::int8_t, kHexSides>, kCells> port_owner;
  // The 7 ports of each board side as slots (cell*6 + side), from the side's clockwise start.
  std::array<std::array<std::int16_t, kPortsPerSide>, kBoardSides> ports;
  std::array<std::int8_t, kCells> row, column;  // column is 1-based, as in the cell name
  std::array<std::int8_t, kRows> row_length, row_start;
};

const Geometry& geometry();

// "d4" for cell 18.
std::string cell_name(int cell);
// The cell named by `text`, or -1 when it names no cell.
int parse_cell(std::string_view text);

}  // namespace arena::flows

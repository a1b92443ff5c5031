#include "engine/flows/geometry.h"

#include <cstdlib>

namespace arena::flows {

namespace {

// Axial coordinates (q, r), r = row - 3 in -3..3; the board is the radius-3 hexagon.
// Hex direction s as an axial step: NE, E, SE, SW, W, NW.
constexpr int kDq[6] = {+1, +1, 0, -1, -1, 0};
constexpr int kDr[6] = {-1, 0, +1, +1, 0, -1};

int q_min(int r) { return r < 0 ? -3 - r : -3; }
int q_max(int r) { return r > 0 ? 3 - r : 3; }
bool on_board(int q, int r) { return r >= -3 && r <= 3 && q >= q_min(r) && q <= q_max(r); }

// Whether axial (q, r) lies on the boundary line of board side k
// (N: r=-3, NE: q=3, SE: q+r=3, S: r=3, SW: q=-3, NW: q+r=-3).
bool on_board_side(int q, int r, int k) {
  switch (k) {
    case 0:
      return r == -3;
    case 1:
      return q == 3;
    case 2:
      return q + r == 3;
    case 3:
      return r == 3;
    case 4:
      return q == -3;
    default:
      return q + r == -3;
  }
}

Geometry build() {
  Geometry g{};
  int index[7][7];
  int cell = 0;
  for (int row = 0; row < kRows; ++row) {
    int r = row - 3;
    g.row_start[row] = static_cast<std::int8_t>(cell);
    g.row_length[row] = static_cast<std::int8_t>(q_max(r) - q_min(r) + 1);
    for (int q = q_min(r); q <= q_max(r); ++q) {
      index[row][q + 3] = cell;
      g.row[cell] = static_cast<std::int8_t>(row);
      g.column[cell] = static_cast<std::int8_t>(q - q_min(r) + 1);
      ++cell;
    }
  }
  int port_count[kBoardSides] = {};
  for (int c = 0; c < kCells; ++c) {
    int r = g.row[c] - 3, q = q_min(r) + g.column[c] - 1;
    for (int s = 0; s < kHexSides; ++s) {
      int nq = q + kDq[s], nr = r + kDr[s];
      if (on_board(nq, nr)) {
        g.neighbour[c][s] = static_cast<std::int8_t>(index[nr + 3][nq + 3]);
        g.port_owner[c][s] = -1;
        continue;
      }
      g.neighbour[c][s] = -1;
      // Direction s faces board sides s and s+1; a corner edge facing both goes to the
      // later one clockwise (s+1).
      int later = (s + 1) % 6;
      int owner = on_board_side(q, r, later) ? later : s;
      g.port_owner[c][s] = static_cast<std::int8_t>(owner);
    }
  }
  // Ports of each side in clockwise order: walk the boundary cells clockwise from the
  // north-west corner, and each cell's outer sides clockwise from west-north-west.
  // Order the cells along the side by their position, then sides clockwise.
  for (int k = 0; k < kBoardSides; ++k) port_count[k] = 0;
  // Clockwise walk of the boundary: start at a1 going east along row a, etc.
  const int corner_q[6] = {0, 3, 3, 0, -3, -3};  // a1, a4, d7, g4, g1, d1 (axial q)
  const int corner_r[6] = {-3, -3, 0, 3, 3, 0};
  const int walk[6] = {1, 2, 3, 4, 5, 0};  // direction of travel along each board side
  for (int k = 0; k < kBoardSides; ++k) {
    int q = corner_q[k], r = corner_r[k];
    for (int step = 0; step <= 3; ++step) {
      int c = index[r + 3][q + 3];
      // Outer sides of this cell in clockwise order starting from the side before the
      // board side's own directions: k-2, k-1, k, k+1.
      for (int j = -2; j <= 1; ++j) {
        int s = ((k + j) % 6 + 6) % 6;
        if (g.neighbour[c][s] >= 0 || g.port_owner[c][s] != k) continue;
        bool seen = false;
        for (int i = 0; i < port_count[k]; ++i) seen |= g.ports[k][i] == c * 6 + s;
        if (!seen && port_count[k] < kPortsPerSide)
          g.ports[k][port_count[k]++] = static_cast<std::int16_t>(c * 6 + s);
      }
      q += kDq[walk[k]];
      r += kDr[walk[k]];
    }
  }
  for (int k = 0; k < kBoardSides; ++k)
    if (port_count[k] != kPortsPerSide) std::abort();  // geometry bug: caught by every test run
  return g;
}

}  // namespace

const Geometry& geometry() {
  static const Geometry g = build();
  return g;
}

std::string cell_name(int cell) {
  const Geometry& g = geometry();
  std::string s(1, static_cast<char>('a' + g.row[cell]));  // appends: g++ 12 -O3 warns falsely on +
  s += std::to_string(g.column[cell]);
  return s;
}

int parse_cell(std::string_view text) {
  if (text.size() != 2) return -1;
  int row = text[0] - 'a';
  if (text[0] >= 'A' && text[0] <= 'G') row = text[0] - 'A';
  if (row < 0 || row >= kRows) return -1;
  int col = text[1] - '0';
  const Geometry& g = geometry();
  if (col < 1 || col > g.row_length[row]) return -1;
  return g.row_start[row] + col - 1;
}

}  // namespace arena::flows

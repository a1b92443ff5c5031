// Flows' picture: the hex board with every placed tile, its rotation and the seat whose flow
// runs along each of its paths; the drawn tile is shown to its drawer (and the full table)
// only, the others see that a tile is in hand.
#include <algorithm>
#include <utility>
#include <vector>

#include "engine/core/picture.h"
#include "engine/flows/flows_state.h"

namespace arena::flows {

namespace {

// The seat whose border a flow leaving (cell, side) reaches along placed tiles, 0 none. Unlike
// trace() it may start inside a closed loop of tiles, so it stops after visiting every slot.
int flow_seat(const Board& board, const Seating& seating, int cell, int side) {
  const Geometry& g = geometry();
  for (int steps = 0; steps <= kSlots; ++steps) {
    const int next = g.neighbour[cell][side];
    if (next < 0) {
      const int owner = g.port_owner[cell][side];
      return owner >= 0 ? seating.seat_on_side[owner] : 0;
    }
    if (board.empty(next)) return 0;
    side = pairing_mates(board.pairing[next])[opposite(side)];
    cell = next;
  }
  return 0;
}

// The seat of the whole flow through (cell, a-b), the same from every tile along it: the seat
// whose border one end reaches, the lower seat when the ends reach two seats' borders, 0 when
// neither does.
int path_seat(const Board& board, const Seating& seating, int cell, int a, int b) {
  const int one = flow_seat(board, seating, cell, a), other = flow_seat(board, seating, cell, b);
  return one == 0 || other == 0 ? std::max(one, other) : std::min(one, other);
}

PictureCell tile_cell(const Board& board, const Seating& seating, int cell) {
  const Geometry& g = geometry();
  PictureCell c;
  const int row = g.row[cell];
  c.y = row;
  c.x = 2 * (g.column[cell] - 1) + (kRows - g.row_length[row]);
  c.name = cell_name(cell);
  if (board.empty(cell)) return c;
  const TileRotation tr = tile_of_pairing(board.pairing[cell]);
  c.tile = "T" + std::to_string(tr.type);
  c.rotation = tr.rotation;
  const Mates& mates = pairing_mates(board.pairing[cell]);
  for (int a = 0; a < kHexSides; ++a) {
    if (mates[a] < a) continue;
    c.links.push_back({a, mates[a], path_seat(board, seating, cell, a, mates[a])});
  }
  return c;
}

// The cells of every flow that joins the two sides of a winning axis (bit a of `axes`: board
// sides a and a + 3), traced from each port of side a along placed tiles.
std::vector<std::pair<int, int>> winning_routes(const Board& board, const Seating& seating,
                                                std::uint8_t axes) {
  const Geometry& g = geometry();
  std::vector<std::pair<int, int>> out;  // (cell, seat)
  for (int a = 0; a < 3; ++a) {
    if (!(axes >> a & 1)) continue;
    const int seat = seating.seat_on_side[a] ? seating.seat_on_side[a] : seating.seat_on_side[a + 3];
    for (const int slot : g.ports[a]) {
      int cell = slot / kHexSides, side = slot % kHexSides;
      std::vector<int> route;
      while (!board.empty(cell) && route.size() <= kCells) {
        route.push_back(cell);
        side = pairing_mates(board.pairing[cell])[side];
        const int next = g.neighbour[cell][side];
        if (next < 0) {
          if (g.port_owner[cell][side] == a + 3)
            for (const int c : route) out.emplace_back(c, seat);
          break;
        }
        side = opposite(side);
        cell = next;
      }
    }
  }
  return out;
}

}  // namespace

Picture FlowsState::picture(int seat) const {
  Picture p = picture_frame(*this, seat);
  const Seating& st = rules().seating();
  PictureBoard b;
  b.shape = PictureBoard::Shape::kHex;
  b.width = 2 * kRows;
  b.height = kRows;
  for (int cell = 0; cell < kCells; ++cell) b.cells.push_back(tile_cell(board_, st, cell));
  b.edge_seats.assign(st.seat_on_side.begin(), st.seat_on_side.end());
  p.boards.push_back(std::move(b));
  if (drawn_ >= 0) {
    PictureZone z{"drawn", mover(), {}, {}, 0, {}};  // a tile: no card faces
    if (seat == 0 || seat == mover())
      z.cards.push_back("T" + std::to_string(drawn_));
    else
      z.hidden = 1;
    p.zones.push_back(std::move(z));
  }
  for (int t = 0; t < kTileTypes; ++t)
    p.values.push_back({"unplaced T" + std::to_string(t), std::to_string(unplaced_[t]), 0});
  for (int s = 1; s <= st.players; ++s)
    p.values.push_back(
        {"side",
         std::to_string(st.side_of_seat[s - 1]) + " (team " + std::to_string(game().team_number(s)) + ")",
         s});
  if (over_) {
    p.caption = "over: winners";
    for (int s = 1; s <= st.players; ++s)
      if (winners_ >> st.axis_of_seat(s) & 1) p.caption += " " + std::to_string(s);
    if (unplayable_) p.caption += " (unplayable tile)";
    for (const auto& [cell, winner] : winning_routes(board_, st, winners_))
      p.highlights.push_back({"win", winner, cell_name(cell), "", 0});
  } else if (drawn_ < 0) {
    p.caption = "seat " + std::to_string(mover()) + " draws a tile";
  }
  return p;
}

Picture FlowsState::spectator_picture() const { return picture(kSpectatorSeat); }

std::string FlowsState::spectator_action_view(Move m) const { return action_view(kSpectatorSeat, m); }

}  // namespace arena::flows

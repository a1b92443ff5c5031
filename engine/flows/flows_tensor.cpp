// Flows' learning view (engine/core/tensor.h; the layout is in docs/learning.md, "Flows").
// Everything on the board is public; the one secret is the drawn tile, which only its mover
// sees until it is placed. The board sides are described from the observing seat (its own,
// its partner's, an opponent's, black), so one network can play any seat of any seating. The
// action space is the placement codes (cell * 6 + canonical rotation); draws are chance.
#include <algorithm>

#include "engine/core/tensor.h"
#include "engine/flows/flows_state.h"

namespace arena::flows {

namespace {
enum SideRole { kOwnSide, kPartnerSide, kOpponentSide, kBlackSide, kSideRoles };
enum Phase { kDrawPhase, kPlacePhase, kOverPhase, kPhases };
// The 14 tiles a cell can hold, by type then canonical rotation: T0 0-2, T1 0-5, T2 0-2, T3 0-1
// (the canonical rotations of a type run from 0 without gaps: tiles.h).
constexpr int kTileSlots = 14;
constexpr int kFirstSlot[kTileTypes] = {0, 3, 9, 12};
constexpr int kSize =
    kCells * kTileSlots + kBoardSides * kSideRoles + kBoardSides + kTileTypes + kPhases + 1 + kTileTypes + 1;
}  // namespace

std::vector<int> FlowsGame::observation_shape() const { return {kSize}; }

int FlowsGame::num_distinct_actions() const { return kSlots; }

int FlowsState::action_index(Move m) const { return m >= 0 && m < kSlots ? m : -1; }

Move FlowsState::action_move(int index) const { return index >= 0 && index < kSlots ? index : -1; }

// Moves given here are legal player moves: placements, each its own index.
void FlowsState::action_indices(std::span<const Move> moves, std::span<int> out) const {
  std::copy(moves.begin(), moves.end(), out.begin());
}

void FlowsState::do_write_observation(int seat, std::span<float> out) const {
  const Seating& st = rules().seating();
  TensorWriter w(game(), out, kSize);
  for (int c = 0; c < kCells; ++c) {
    const TileRotation tile = board_.empty(c) ? TileRotation{-1, 0} : tile_of_pairing(board_.pairing[c]);
    w.one_hot(kTileSlots, tile.type < 0 ? -1 : kFirstSlot[tile.type] + tile.rotation);
  }
  for (int side = 0; side < kBoardSides; ++side) {
    const int owner = st.seat_on_side[side];
    int role = kBlackSide;
    if (owner == seat)
      role = kOwnSide;
    else if (owner != 0)
      role = st.team_of_seat[owner - 1] == st.team_of_seat[seat - 1] ? kPartnerSide : kOpponentSide;
    w.one_hot(kSideRoles, role);
  }
  const int to_move = mover();  // 0 once over
  w.one_hot(kBoardSides, to_move ? st.side_of_seat[to_move - 1] : -1);
  w.one_hot(kTileTypes, to_move == seat ? drawn_ : -1);  // the tile in hand: its mover's secret
  w.one_hot(kPhases, over_ ? kOverPhase : drawn_ < 0 ? kDrawPhase : kPlacePhase);
  w.flag(to_move == seat);
  for (int t = 0; t < kTileTypes; ++t) w.put(static_cast<float>(unplaced_[t]) / kCopiesPerType);
  w.put(static_cast<float>(turn_) / kCells);
  w.finish();
}

}  // namespace arena::flows

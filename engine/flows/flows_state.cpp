// FlowsState's rules: the draw, the legal placements (through the route solver), applying
// one, the end and the results.
#include "engine/flows/flows_state.h"

#include "engine/flows/route_solver.h"

namespace arena::flows {

namespace {

RouteSolver& solver() {
  // One solver per thread: its scratch tables are reused by every state.
  thread_local RouteSolver s;
  return s;
}

}  // namespace

FlowsState::FlowsState(const FlowsGame& game) : StateBase<FlowsState>(game) {
  unplaced_.fill(kCopiesPerType);
  legal_.reserve(kCells * kHexSides);
}

int FlowsState::mover() const {
  if (over_) return 0;
  const auto& cycle = rules().seating().turn_cycle;
  return cycle[turn_ % cycle.size()];
}

int FlowsState::current_player() const {
  if (over_) return kTerminal;
  return drawn_ < 0 ? kChance : mover();
}

void FlowsState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (over_) return;
  if (drawn_ < 0) {
    for (int t = 0; t < kTileTypes; ++t)
      if (unplaced_[t] > 0) out.push_back(kDrawBase + t);
    return;
  }
  out.assign(legal_.begin(), legal_.end());
}

std::vector<std::pair<Move, double>> FlowsState::chance_outcomes() const {
  if (!is_chance()) return State::chance_outcomes();
  int total = 0;
  for (int t = 0; t < kTileTypes; ++t) total += unplaced_[t];
  std::vector<std::pair<Move, double>> out;
  for (int t = 0; t < kTileTypes; ++t)
    if (unplaced_[t] > 0) out.emplace_back(kDrawBase + t, static_cast<double>(unplaced_[t]) / total);
  return out;
}

void FlowsState::do_apply(Move m) {
  if (drawn_ < 0) {
    drawn_ = m - kDrawBase;
    solver().legal_placements(board_, rules().seating().axes, rules().legality(), drawn_, legal_);
    if (legal_.empty()) {
      // Nowhere to put the drawn tile: its holder (and their team) wins at once. The
      // holder is read before the game is marked over (mover() is 0 once it is).
      const int holder = mover();
      over_ = true;
      unplayable_ = true;
      winners_ = static_cast<std::uint8_t>(1u << rules().seating().axis_of_seat(holder));
    }
    return;
  }
  const int cell = m / kHexSides, rotation = m % kHexSides;
  board_.pairing[cell] = static_cast<std::int8_t>(tile_pairing(drawn_, rotation));
  --unplaced_[drawn_];
  drawn_ = -1;
  legal_.clear();
  winners_ = joined_axes(board_, rules().seating().axes);
  if (winners_) {
    over_ = true;
    return;
  }
  ++turn_;
  bool full = true;
  for (int c = 0; c < kCells; ++c) full &= !board_.empty(c);
  // Unreachable under both legality rules (a full board without a win has no routes);
  // kept so that a game can never stall.
  if (full) over_ = true;
}

std::vector<SeatResult> FlowsState::results() const {
  const Seating& st = rules().seating();
  std::vector<SeatResult> r(st.players);
  for (int s = 1; s <= st.players; ++s) {
    bool won = winners_ >> st.axis_of_seat(s) & 1;
    r[s - 1].rank = winners_ == 0 || won ? 1 : 2;
    r[s - 1].score = won ? 1.0 : 0.0;
    r[s - 1].team = game().team_of(s);
  }
  return r;
}

}  // namespace arena::flows

// Flume's learning view (engine/core/tensor.h; the layout is in docs/learning.md, "Flume").
// Flume hides nothing: a seat's tensor is the board from its side (own stones, then the
// opponent's) with planes for what the rules of the moment depend on: its colour, whether it
// is to move (a turn may hold several placements), and the pie swap and the centre ban. The
// action space is the move codes (a cell, then the swap), so placements keep their meaning.
#include <algorithm>

#include "engine/core/tensor.h"
#include "engine/flume/flume_state.h"

namespace arena::flume {

namespace {
// own stones, opponent's stones, plays red, to move, swap available, centre forbidden
constexpr int kPlanes = 6;
}  // namespace

std::vector<int> FlumeGame::observation_shape() const { return {kPlanes, size_, size_}; }

int FlumeGame::num_distinct_actions() const { return size_ * size_ + 1; }

int FlumeState::action_index(Move m) const { return m; }

Move FlumeState::action_move(int index) const { return index >= 0 && index <= n_ * n_ ? index : -1; }

// The index is the move: a copy.
void FlumeState::action_indices(std::span<const Move> moves, std::span<int> out) const {
  std::copy(moves.begin(), moves.end(), out.begin());
}

void FlumeState::do_write_observation(int seat, std::span<float> out) const {
  const int cells = n_ * n_;
  TensorWriter w(game(), out, kPlanes * cells);
  const std::int8_t own = static_cast<std::int8_t>(seat - 1), other = static_cast<std::int8_t>(1 - own);
  // Without branches, and the planes declared apart from the board (a float* may otherwise
  // alias the board's bytes): the loop vectorises. It runs at every step of a training loop.
  float* __restrict mine = w.take(cells);
  float* __restrict theirs = w.take(cells);
  const std::int8_t* __restrict board = board_.data();
  for (int c = 0; c < cells; ++c) {
    const int is_mine = board[c] == own, is_theirs = board[c] == other;  // ints: converted without a branch
    mine[c] = static_cast<float>(is_mine);
    theirs[c] = static_cast<float>(is_theirs);
  }
  const bool flags[] = {own == kRed, current_player() == seat, swap_available(), centre_forbidden()};
  for (bool on : flags) {
    float* plane = w.take(cells);
    if (on) std::fill_n(plane, cells, 1.0f);
  }
  w.finish();
}

}  // namespace arena::flume

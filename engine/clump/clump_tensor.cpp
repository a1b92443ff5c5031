// Clump's learning view (engine/core/tensor.h; the layout is in docs/learning.md, "Clump").
// Clump hides nothing, so a seat's tensor is the whole board, drawn from that seat's side: its
// own stones first, then the opponent's, with planes saying which colour it plays and whether
// it is to move. The action space is the move codes themselves (cell * 4 + direction), so
// swaps keep their meaning from position to position.
#include <algorithm>

#include "engine/clump/clump_state.h"
#include "engine/core/tensor.h"

namespace arena::clump {

namespace {
constexpr int kPlanes = 5;  // own stones, opponent's stones, plays red, to move, clock
}

std::vector<int> ClumpGame::observation_shape() const { return {kPlanes, size_, size_}; }

int ClumpGame::num_distinct_actions() const { return size_ * size_ * 4; }

int ClumpState::action_index(Move m) const { return m; }

Move ClumpState::action_move(int index) const {
  if (index < 0 || index >= n_ * n_ * 4 || to_cell(index) < 0) return -1;
  return index;
}

// The index is the move: a copy.
void ClumpState::action_indices(std::span<const Move> moves, std::span<int> out) const {
  std::copy(moves.begin(), moves.end(), out.begin());
}

void ClumpState::do_write_observation(int seat, std::span<float> out) const {
  const int cells = n_ * n_;
  TensorWriter w(game(), out, kPlanes * cells);
  const std::int8_t own = static_cast<std::int8_t>(seat - 1);
  // Without branches, and the planes declared apart from the board (a float* may otherwise
  // alias the board's bytes): the loop vectorises. It runs at every step of a training loop.
  float* __restrict mine = w.take(cells);
  float* __restrict theirs = w.take(cells);
  const std::int8_t* __restrict board = board_.data();
  for (int c = 0; c < cells; ++c) {
    const int is_mine = board[c] == own, is_theirs = board[c] != own;  // ints: converted without a branch
    mine[c] = static_cast<float>(is_mine);
    theirs[c] = static_cast<float>(is_theirs);
  }
  const float red = own == kRed ? 1.0f : 0.0f;
  const float to_move = current_player() == seat ? 1.0f : 0.0f;
  const float clock = static_cast<float>(plies_) / static_cast<float>(rules().max_game_length());
  for (float v : {red, to_move, clock}) std::fill_n(w.take(cells), cells, v);
  w.finish();
}

}  // namespace arena::clump

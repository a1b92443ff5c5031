// Clump's learning view (engine/core/tensor.h; the layout is in docs/learning.md, "Clump").
// Clump hides nothing, so a seat's tensor is the whole board, drawn from that seat's side: its
// own stones first, then the opponent's, with planes saying which colour it plays and whether
// it is to move. The action space is the move codes themselves (cell * 4 + direction), so
// swaps keep their meaning from position to position.
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

void ClumpState::do_write_observation(int seat, std::span<float> out) const {
  const int cells = n_ * n_;
  TensorWriter w(game(), out, kPlanes * cells);
  const std::int8_t own = static_cast<std::int8_t>(seat - 1);
  float* mine = w.take(cells);
  float* theirs = w.take(cells);
  for (int c = 0; c < cells; ++c) (board_[c] == own ? mine : theirs)[c] = 1.0f;
  const float red = own == kRed ? 1.0f : 0.0f;
  const float to_move = current_player() == seat ? 1.0f : 0.0f;
  const float clock = static_cast<float>(plies_) / static_cast<float>(rules().max_game_length());
  for (float v : {red, to_move, clock}) {
    float* plane = w.take(cells);
    for (int c = 0; c < cells; ++c) plane[c] = v;
  }
  w.finish();
}

}  // namespace arena::clump

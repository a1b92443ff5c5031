// Flume's learning view (engine/core/tensor.h; the layout is in docs/learning.md, "Flume").
// Flume hides nothing: a seat's tensor is the board from its side (own stones, then the
// opponent's) with planes for what the rules of the moment depend on: its colour, whether it
// is to move (a turn may hold several placements), and the pie swap and the centre ban. The
// action space is the move codes (a cell, then the swap), so placements keep their meaning.
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

void FlumeState::do_write_observation(int seat, std::span<float> out) const {
  const int cells = n_ * n_;
  TensorWriter w(game(), out, kPlanes * cells);
  const std::int8_t own = static_cast<std::int8_t>(seat - 1);
  float* mine = w.take(cells);
  float* theirs = w.take(cells);
  for (int c = 0; c < cells; ++c)
    if (board_[c] != kEmpty) (board_[c] == own ? mine : theirs)[c] = 1.0f;
  const bool flags[] = {own == kRed, current_player() == seat, swap_available(), centre_forbidden()};
  for (bool on : flags) {
    float* plane = w.take(cells);
    if (on)
      for (int c = 0; c < cells; ++c) plane[c] = 1.0f;
  }
  w.finish();
}

}  // namespace arena::flume

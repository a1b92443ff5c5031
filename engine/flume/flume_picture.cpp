// Flume's picture: the square board with its stones inside its ring of border stones (walls),
// the same for every seat since nothing is hidden.
#include "engine/core/picture.h"
#include "engine/flume/flume_state.h"
#include "engine/grid/square_coords.h"

namespace arena::flume {

Picture FlumeState::picture(int seat) const {
  Picture p = picture_frame(*this, seat);
  PictureBoard b;
  b.shape = PictureBoard::Shape::kSquare;
  b.width = b.height = n_;
  b.walls = true;  // the ring of neutral border stones, which count as occupied
  for (int cell = 0; cell < n_ * n_; ++cell) {
    PictureCell c;
    c.x = cell % n_;
    c.y = cell / n_;
    c.name = grid::cell_name(cell, n_);
    c.stone = board_[cell] == kEmpty ? 0 : board_[cell] + 1;
    b.cells.push_back(std::move(c));
  }
  p.boards.push_back(std::move(b));
  p.values.push_back({"stones", std::to_string(stones_[kRed]), 1});
  p.values.push_back({"stones", std::to_string(stones_[kBlue]), 2});
  p.values.push_back({"empty", std::to_string(empty_), 0});
  // The winning structure is the majority: every stone of the side with more.
  if (over_ && stones_[kRed] != stones_[kBlue]) {
    const std::int8_t won = stones_[kRed] > stones_[kBlue] ? kRed : kBlue;
    for (int cell = 0; cell < n_ * n_; ++cell)
      if (board_[cell] == won) p.highlights.push_back({"win", won + 1, grid::cell_name(cell, n_), "", 0});
  }
  if (!over_ && turn_placements_ > 0)
    p.caption += " (placement " + std::to_string(turn_placements_ + 1) + " of the turn)";
  if (swap_available()) p.caption += "; the swap is available";
  return p;
}

}  // namespace arena::flume

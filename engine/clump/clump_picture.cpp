// Clump's picture: the full square board (every cell holds a stone), the same for every
// seat since nothing is hidden.
#include "engine/clump/clump_state.h"
#include "engine/core/picture.h"
#include "engine/grid/square_coords.h"

namespace arena::clump {

Picture ClumpState::picture(int seat) const {
  Picture p = picture_frame(*this, seat);
  PictureBoard b;
  b.shape = PictureBoard::Shape::kSquare;
  b.width = b.height = n_;
  b.edge_seats = {1, 2};  // Red joins bottom and top, Blue left and right
  int counts[2] = {0, 0};
  for (int cell = 0; cell < n_ * n_; ++cell) {
    PictureCell c;
    c.x = cell % n_;
    c.y = cell / n_;
    c.name = grid::cell_name(cell, n_);
    c.stone = board_[cell] + 1;
    ++counts[board_[cell]];
    b.cells.push_back(std::move(c));
  }
  p.boards.push_back(std::move(b));
  p.values.push_back({"swaps", std::to_string(plies_), 0});
  p.values.push_back({"stones", std::to_string(counts[kRed]), 1});
  p.values.push_back({"stones", std::to_string(counts[kBlue]), 2});
  switch (outcome_) {
    case Outcome::kPlaying:
      break;
    case Outcome::kConnection:
      p.caption = "seat " + std::to_string(winner_) + " wins by connection";
      break;
    case Outcome::kNoSwap:
      p.caption = "seat " + std::to_string(winner_) + " wins: the other seat has no legal swap";
      break;
    case Outcome::kLengthCap:
      p.caption = "drawn at the safety cap of " + std::to_string(plies_) + " swaps";
      break;
  }
  return p;
}

}  // namespace arena::clump

// Connect Three's picture: the upright board as a square board of stones, the same for every
// seat since nothing is hidden. The report's viewer draws it with no code of its own.
#include "connect3.h"
#include "engine/core/picture.h"

namespace connect3 {

arena::Picture Connect3State::picture(int seat) const {
  arena::Picture p = arena::picture_frame(*this, seat);
  arena::PictureBoard b;
  b.shape = arena::PictureBoard::Shape::kSquare;
  b.width = columns_;
  b.height = rows_;
  for (int cell = 0; cell < columns_ * rows_; ++cell) {
    arena::PictureCell c;
    c.x = cell % columns_;
    c.y = cell / columns_;
    c.name = std::string(1, static_cast<char>('a' + c.x)) + std::to_string(c.y + 1);
    c.stone = board_[cell];
    b.cells.push_back(std::move(c));
  }
  p.boards.push_back(std::move(b));
  if (winner_ != 0) p.caption += "; three in a row for seat " + std::to_string(winner_);
  return p;
}

}  // namespace connect3

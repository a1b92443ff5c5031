// Clump's picture: the full square board (every cell holds a stone), the same for every
// seat since nothing is hidden.
#include <vector>

#include "engine/clump/clump_state.h"
#include "engine/core/picture.h"
#include "engine/grid/square_coords.h"

namespace arena::clump {

namespace {

// The cells of the winner's groups that join its two sides (Red: row 1 to the top row; Blue:
// column a to the last column): the stones of `colour` reached from the first side, then those
// of them reached back from the second side.
std::vector<int> winning_chain(const std::array<std::int8_t, kMaxCells>& board, int n, std::int8_t colour) {
  const bool red = colour == kRed;
  auto on_side = [&](int cell, bool far) { return (red ? cell / n : cell % n) == (far ? n - 1 : 0); };
  auto flood = [&](const std::vector<char>& allowed, bool far) {
    std::vector<char> seen(n * n, 0);
    std::vector<int> stack;
    for (int cell = 0; cell < n * n; ++cell)
      if (allowed[cell] && on_side(cell, far)) seen[cell] = 1, stack.push_back(cell);
    while (!stack.empty()) {
      const int cell = stack.back(), x = cell % n, y = cell / n;
      stack.pop_back();
      for (const int next : {x > 0 ? cell - 1 : -1, x + 1 < n ? cell + 1 : -1, y > 0 ? cell - n : -1,
                             y + 1 < n ? cell + n : -1})
        if (next >= 0 && allowed[next] && !seen[next]) seen[next] = 1, stack.push_back(next);
    }
    return seen;
  };
  std::vector<char> own(n * n);
  for (int cell = 0; cell < n * n; ++cell) own[cell] = board[cell] == colour;
  const std::vector<char> joined = flood(flood(own, false), true);
  std::vector<int> out;
  for (int cell = 0; cell < n * n; ++cell)
    if (joined[cell]) out.push_back(cell);
  return out;
}

}  // namespace

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
      for (const int cell : winning_chain(board_, n_, static_cast<std::int8_t>(winner_ - 1)))
        p.highlights.push_back({"win", winner_, grid::cell_name(cell, n_), "", 0});
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

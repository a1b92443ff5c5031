// FlumeState's rules: the initial board, legal placements and the swap, applying one, the
// playout hints, the end and the results.
#include "engine/flume/flume_state.h"

#include <algorithm>

#include "engine/core/user_error.h"
#include "engine/grid/square_coords.h"

namespace arena::flume {

FlumeState::FlumeState(const FlumeGame& game)
    : StateBase(game), n_(game.size()), empty_(game.size() * game.size()) {
  board_.fill(kEmpty);
}

std::unique_ptr<FlumeState> FlumeState::from_board(const FlumeGame& game,
                                                   const std::vector<std::string>& rows, int to_move,
                                                   bool red_has_placed, bool blue_has_acted) {
  auto s = std::make_unique<FlumeState>(game);
  const int n = game.size();
  if (static_cast<int>(rows.size()) != n)
    throw UserError("flume board: expected " + std::to_string(n) + " rows, got " +
                    std::to_string(rows.size()));
  if (to_move != 1 && to_move != 2) throw UserError("flume board: to_move must be 1 or 2");
  for (int i = 0; i < n; ++i) {
    if (static_cast<int>(rows[i].size()) != n)
      throw UserError("flume board: row " + std::to_string(n - i) + " is not " + std::to_string(n) +
                      " cells wide");
    for (int c = 0; c < n; ++c) {
      char ch = rows[i][c];
      std::int8_t v = ch == 'R' ? kRed : ch == 'B' ? kBlue : ch == '.' ? kEmpty : std::int8_t{-2};
      if (v == -2) throw UserError(std::string("flume board: bad cell '") + ch + "' (use R, B or .)");
      s->board_[(n - 1 - i) * n + c] = v;
      if (v != kEmpty) {
        ++s->stones_[v];
        --s->empty_;
      }
    }
  }
  s->to_move_ = static_cast<std::int8_t>(to_move - 1);
  s->red_has_placed_ = red_has_placed;
  s->blue_has_acted_ = blue_has_acted;
  s->check_end();
  return s;
}

int FlumeState::current_player() const { return over_ ? kTerminal : to_move_ + 1; }

bool FlumeState::swap_available() const { return !over_ && to_move_ == kBlue && !blue_has_acted_; }

bool FlumeState::centre_forbidden() const { return !over_ && to_move_ == kRed && !red_has_placed_; }

int FlumeState::occupied_neighbours(int cell) const {
  const int r = cell / n_, c = cell % n_;
  // Off the playable board is the border ring: occupied.
  int k = 0;
  k += r == 0 || board_[cell - n_] != kEmpty;
  k += r == n_ - 1 || board_[cell + n_] != kEmpty;
  k += c == 0 || board_[cell - 1] != kEmpty;
  k += c == n_ - 1 || board_[cell + 1] != kEmpty;
  return k;
}

int FlumeState::playout_hint(Move m) const {
  if (m == swap_move()) return 1;
  if (occupied_neighbours(m) >= 3) return 2;
  // Ends the turn: an empty neighbour with 2 occupied neighbours now has 3 after it.
  const int r = m / n_, c = m % n_;
  const auto gives = [&](int cell) { return board_[cell] == kEmpty && occupied_neighbours(cell) >= 2; };
  if ((r > 0 && gives(m - n_)) || (r < n_ - 1 && gives(m + n_)) || (c > 0 && gives(m - 1)) ||
      (c < n_ - 1 && gives(m + 1)))
    return 0;
  return 1;
}

void FlumeState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (over_) return;
  const int cells = n_ * n_;
  const int banned = centre_forbidden() ? centre() : -1;
  for (int cell = 0; cell < cells; ++cell)
    if (board_[cell] == kEmpty && cell != banned) out.push_back(cell);
  if (swap_available()) out.push_back(swap_move());
}

void FlumeState::do_apply(Move m) {
  if (m == swap_move()) {
    // Pie rule: Blue takes over Red's stones; Red starts a new turn.
    for (int cell = 0; cell < n_ * n_; ++cell)
      if (board_[cell] == kRed) board_[cell] = kBlue;
    stones_[kBlue] += stones_[kRed];
    stones_[kRed] = 0;
    blue_has_acted_ = true;
    to_move_ = kRed;
    turn_placements_ = 0;
    check_end();
    return;
  }
  board_[m] = to_move_;
  ++stones_[to_move_];
  --empty_;
  (to_move_ == kRed ? red_has_placed_ : blue_has_acted_) = true;
  check_end();
  if (over_) return;
  if (occupied_neighbours(m) >= 3) {
    ++turn_placements_;  // same player places again
  } else {
    turn_placements_ = 0;
    to_move_ = static_cast<std::int8_t>(1 - to_move_);
  }
}

void FlumeState::check_end() {
  // The game ends the moment the board is full, even in the middle of a turn; with
  // early_end, as soon as one colour holds more than half of the points.
  const int cells = n_ * n_;
  if (empty_ == 0) over_ = true;
  if (rules().early_end() && 2 * std::max(stones_[kRed], stones_[kBlue]) > cells) over_ = true;
}

std::vector<SeatResult> FlumeState::results() const {
  std::vector<SeatResult> r(2);
  for (int s = 0; s < 2; ++s) {
    r[s].team = s;
    r[s].score = stones_[s];
    r[s].rank = stones_[s] >= stones_[1 - s] ? 1 : 2;
  }
  return r;
}

}  // namespace arena::flume

// ClumpState's rules: the initial board, legal swaps, applying one, the end and the results.
#include "engine/clump/clump_state.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "engine/clump/groups.h"
#include "engine/core/user_error.h"
#include "engine/grid/square_coords.h"

namespace arena::clump {

namespace {
// Checkerboard with a Red stone on a1.
void fill_checkerboard(std::array<std::int8_t, kMaxCells>& board, int n) {
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) board[r * n + c] = (r + c) % 2 == 0 ? kRed : kBlue;
}
}  // namespace

ClumpState::ClumpState(const ClumpGame& game)
    : StateBase(game), n_(game.size()), legal_swaps_(game.initial_swaps()) {
  fill_checkerboard(board_, n_);
}

std::array<std::uint8_t, kMaxCells> ClumpState::starting_swaps(int size) {
  std::array<std::int8_t, kMaxCells> board{};
  fill_checkerboard(board, size);
  LegalSwaps swaps{};
  update_legal_swaps(groups_of(board.data(), size), swaps, true);
  return swaps;
}

std::unique_ptr<ClumpState> ClumpState::from_board(const ClumpGame& game,
                                                   const std::vector<std::string>& rows, int to_move,
                                                   int plies) {
  auto s = std::make_unique<ClumpState>(game);
  const int n = game.size();
  if (static_cast<int>(rows.size()) != n)
    throw UserError("clump board: expected " + std::to_string(n) + " rows, got " +
                    std::to_string(rows.size()));
  if (to_move != 1 && to_move != 2) throw UserError("clump board: to_move must be 1 or 2");
  for (int i = 0; i < n; ++i) {
    const std::string& row = rows[i];
    if (static_cast<int>(row.size()) != n)
      throw UserError("clump board: row " + std::to_string(n - i) + " is not " + std::to_string(n) +
                      " cells wide");
    for (int c = 0; c < n; ++c) {
      char ch = row[c];
      if (ch != 'R' && ch != 'B')
        throw UserError(std::string("clump board: bad cell '") + ch + "' (use R or B)");
      s->board_[(n - 1 - i) * n + c] = ch == 'R' ? kRed : kBlue;
    }
  }
  if (plies < 0) throw UserError("clump board: plies must not be negative");
  s->to_move_ = static_cast<std::int8_t>(to_move - 1);
  s->plies_ = plies;
  s->settle(-1, -1);
  return s;
}

int ClumpState::current_player() const { return outcome_ == Outcome::kPlaying ? to_move_ + 1 : kTerminal; }

bool ClumpState::neighbour(int cell, int dir, int& out) const {
  int r = cell / n_, c = cell % n_;
  switch (dir) {
    case 0:
      out = cell - n_;
      return r > 0;
    case 1:
      out = cell - 1;
      return c > 0;
    case 2:
      out = cell + 1;
      return c + 1 < n_;
    default:
      out = cell + n_;
      return r + 1 < n_;
  }
}

Move ClumpState::swap_code(int from, int to) const {
  for (int dir = 0; dir < 4; ++dir) {
    int x;
    if (neighbour(from, dir, x) && x == to) return from * 4 + dir;
  }
  return -1;
}

int ClumpState::to_cell(Move m) const {
  int to = -1;
  return neighbour(m / 4, m % 4, to) ? to : -1;
}

namespace {
// Eight bytes from `p` as one little-endian word; only `count` of them when fewer are left.
std::uint64_t load_bytes(const void* p, int count) {
  std::uint64_t w = 0;
  if (count >= 8)
    std::memcpy(&w, p, 8);
  else
    std::memcpy(&w, p, static_cast<std::size_t>(count));
  return w;
}
}  // namespace

void ClumpState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (outcome_ != Outcome::kPlaying) return;
  // Eight cells at a time into a local array, then one copy: most cells hold the other
  // colour or no legal swap, and a word with no bit left costs a few instructions.
  Move moves[4 * kMaxCells];
  int count = 0;
  const int cells = n_ * n_;
  constexpr std::uint64_t kOnes = 0x0101010101010101u;
  static_assert(std::endian::native == std::endian::little, "byte k of a word is cell base + k");
  for (int base = 0; base < cells; base += 8) {
    // Colours are 0 and 1: a byte of `other` is 1 where the cell is not the mover's.
    const std::uint64_t other = load_bytes(&board_[base], cells - base) ^ (kOnes * to_move_);
    std::uint64_t bits = load_bytes(&legal_swaps_[base], cells - base) & ~(other * 0x0f);
    // Each byte's four direction bits packed into a nibble: bit i is then move base * 4 + i.
    bits = (bits | bits >> 4) & 0x00ff00ff00ff00ffu;
    bits = (bits | bits >> 8) & 0x0000ffff0000ffffu;
    bits = (bits | bits >> 16) & 0x00000000ffffffffu;
    for (; bits != 0; bits &= bits - 1) moves[count++] = base * 4 + std::countr_zero(bits);
  }
  out.assign(moves, moves + count);
}

SwapCheck ClumpState::check_swap(int from, int to) const {
  const Move code = swap_code(from, to);
  if (code < 0) return SwapCheck{};  // not neighbours: no swap
  return evaluate_swap(groups_of(board_.data(), n_), from, code % 4);
}

bool ClumpState::connected(std::int8_t colour) const {
  return groups_of(board_.data(), n_).connected[colour];
}

void ClumpState::do_apply(Move m) {
  const int from = from_cell(m), to = to_cell(m);
  std::swap(board_[from], board_[to]);
  ++plies_;
  to_move_ = static_cast<std::int8_t>(1 - to_move_);
  settle(from, to);
}

void ClumpState::settle(int x, int y) {
  // One labelling answers all three questions; after a swap, only its groups labelled again.
  const GroupScratch& s = x < 0 ? groups_of(board_.data(), n_) : groups_after_swap(board_.data(), n_, x, y);
  // Either colour may have been connected by the swap, whoever made it; both at once is
  // impossible (a top-bottom and a left-right path of orthogonal steps must share a cell).
  if (s.connected[kRed] || s.connected[kBlue]) {
    outcome_ = Outcome::kConnection;
    winner_ = s.connected[kRed] ? 1 : 2;
    return;  // over: the legal swaps are not needed any more
  }
  update_legal_swaps(s, legal_swaps_, x < 0);
  // The swaps are the same for both players, so "none for the mover" is "none at all".
  const bool any = std::any_of(legal_swaps_.begin(), legal_swaps_.begin() + n_ * n_,
                               [](std::uint8_t bits) { return bits != 0; });
  if (!any) {
    outcome_ = Outcome::kNoSwap;  // ruling: a player without a legal swap loses
    winner_ = 2 - to_move_;
  } else if (plies_ >= rules().max_game_length()) {
    outcome_ = Outcome::kLengthCap;  // safety cap: drawn
    winner_ = 0;
  }
}

std::vector<SeatResult> ClumpState::results() const {
  std::vector<SeatResult> r(2);
  for (int s = 0; s < 2; ++s) {
    r[s].team = s;
    if (winner_ == 0) {
      r[s].rank = 1;
      r[s].score = 0.5;
    } else {
      r[s].rank = winner_ == s + 1 ? 1 : 2;
      r[s].score = winner_ == s + 1 ? 1 : 0;
    }
  }
  return r;
}

}  // namespace arena::clump

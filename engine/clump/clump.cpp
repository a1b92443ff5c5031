#include "engine/clump/clump.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <sstream>
#include <stdexcept>

#include "engine/clump/groups.h"
#include "engine/grid/square_coords.h"

namespace arena::clump {

namespace {

constexpr const char* kColourName[2] = {"red", "blue"};
constexpr const char* kColourTitle[2] = {"Red", "Blue"};
constexpr char kColourChar[2] = {'R', 'B'};

// The safety cap, in swaps per cell. Random games on every size end in well under 1
// swap per cell (tests/engine/clump_test.cpp measures it); no game is known to reach
// this, but a referee must never loop forever.
constexpr int kCapPerCell = 20;

}  // namespace

ClumpGame::ClumpGame(const GameInfo& info, Params params) : Game(info, std::move(params)) {
  size_ = static_cast<int>(this->params().integer("size"));
  if (size_ % 2 != 0) throw SpecError("clump: size must be even (got " + std::to_string(size_) + ")");
  length_cap_ = kCapPerCell * size_ * size_;
  move_names_.resize(static_cast<std::size_t>(4 * size_ * size_));
  for (int from = 0; from < size_ * size_; ++from) {
    const int r = from / size_, c = from % size_;
    const int to[4] = {r > 0 ? from - size_ : -1, c > 0 ? from - 1 : -1, c + 1 < size_ ? from + 1 : -1,
                       r + 1 < size_ ? from + size_ : -1};
    for (int dir = 0; dir < 4; ++dir)
      if (to[dir] >= 0)
        move_names_[from * 4 + dir] = grid::cell_name(from, size_) + "-" + grid::cell_name(to[dir], size_);
  }
}

const std::string& ClumpGame::move_name(Move m) const {
  static const std::string none;
  return m >= 0 && static_cast<std::size_t>(m) < move_names_.size() ? move_names_[m] : none;
}

std::unique_ptr<State> ClumpGame::new_initial_state() const { return std::make_unique<ClumpState>(*this); }

ClumpState::ClumpState(const ClumpGame& game) : StateBase(game), n_(game.size()) {
  // Checkerboard with a Red stone on a1.
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c < n_; ++c) board_[r * n_ + c] = (r + c) % 2 == 0 ? kRed : kBlue;
  update_legal_swaps(groups_of(board_.data(), n_), legal_swaps_, -1, -1);
}

std::unique_ptr<ClumpState> ClumpState::from_board(const ClumpGame& game,
                                                   const std::vector<std::string>& rows, int to_move,
                                                   int plies) {
  auto s = std::make_unique<ClumpState>(game);
  const int n = game.size();
  if (static_cast<int>(rows.size()) != n)
    throw std::invalid_argument("clump board: expected " + std::to_string(n) + " rows, got " +
                                std::to_string(rows.size()));
  if (to_move != 1 && to_move != 2) throw std::invalid_argument("clump board: to_move must be 1 or 2");
  for (int i = 0; i < n; ++i) {
    const std::string& row = rows[i];
    if (static_cast<int>(row.size()) != n)
      throw std::invalid_argument("clump board: row " + std::to_string(n - i) + " is not " +
                                  std::to_string(n) + " cells wide");
    for (int c = 0; c < n; ++c) {
      char ch = row[c];
      if (ch != 'R' && ch != 'B')
        throw std::invalid_argument(std::string("clump board: bad cell '") + ch + "' (use R or B)");
      s->board_[(n - 1 - i) * n + c] = ch == 'R' ? kRed : kBlue;
    }
  }
  if (plies < 0) throw std::invalid_argument("clump board: plies must not be negative");
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

void ClumpState::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (outcome_ != Outcome::kPlaying) return;
  const int cells = n_ * n_;
  for (int from = 0; from < cells; ++from) {
    if (board_[from] != to_move_) continue;
    for (unsigned bits = legal_swaps_[from]; bits != 0; bits &= bits - 1)
      out.push_back(from * 4 + std::countr_zero(bits));
  }
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
  // One labelling answers all three questions.
  const GroupScratch& s = groups_of(board_.data(), n_);
  // Either colour may have been connected by the swap, whoever made it; both at once is
  // impossible (a top-bottom and a left-right path of orthogonal steps must share a cell).
  if (s.connected[kRed] || s.connected[kBlue]) {
    outcome_ = Outcome::kConnection;
    winner_ = s.connected[kRed] ? 1 : 2;
    return;  // over: the legal swaps are not needed any more
  }
  update_legal_swaps(s, legal_swaps_, x, y);
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

std::string ClumpState::move_to_string(Move m) const { return rules().move_name(m); }

std::string ClumpState::describe_cell(int cell) const {
  return grid::cell_name(cell, n_) + " holds a " + kColourTitle[board_[cell]] + " stone";
}

ParsedMove ClumpState::parse_move(std::string_view text) const {
  ParsedMove r;
  std::vector<Move> legal;
  legal_moves(legal);
  // Appended rather than "'" + text + "'": g++ 12 -O3 warns falsely (-Wrestrict) on that.
  std::string quoted;
  quoted.reserve(text.size() + 2);
  quoted += '\'';
  quoted += text;
  quoted += '\'';
  auto fail = [&](ParsedMove::Status status, const std::string& why) {
    r.status = status;
    r.error = why + legal_moves_hint(*this, legal);
    return r;
  };
  const std::string board_name = std::to_string(n_) + "x" + std::to_string(n_) + " board";
  grid::CoordRead a = grid::read_cell(text, n_);
  grid::CoordRead b;
  bool well_formed =
      a.status != grid::CoordRead::Status::kMalformed && a.length < text.size() && text[a.length] == '-';
  if (well_formed) {
    b = grid::read_cell(text.substr(a.length + 1), n_);
    well_formed = b.status != grid::CoordRead::Status::kMalformed && a.length + 1 + b.length == text.size();
  }
  if (!well_formed)
    return fail(ParsedMove::Status::kUnparseable,
                quoted +
                    " is not a Clump move: write a swap as two cells joined by '-', your own stone first, "
                    "e.g. c3-c4");
  if (outcome_ != Outcome::kPlaying) return fail(ParsedMove::Status::kIllegal, "the game is over");
  if (a.status == grid::CoordRead::Status::kOffBoard)
    return fail(ParsedMove::Status::kIllegal, quoted + ": the first cell is not on the " + board_name);
  if (b.status == grid::CoordRead::Status::kOffBoard)
    return fail(ParsedMove::Status::kIllegal, quoted + ": the second cell is not on the " + board_name);
  const std::string mover =
      std::string(kColourTitle[to_move_]) + " (seat " + std::to_string(to_move_ + 1) + ")";
  if (board_[a.cell] != to_move_)
    return fail(ParsedMove::Status::kIllegal, quoted + ": " + describe_cell(a.cell) + "; " + mover +
                                                  " must name one of its own stones first");
  Move code = swap_code(a.cell, b.cell);
  if (code < 0)
    return fail(ParsedMove::Status::kIllegal, quoted + ": " + grid::cell_name(a.cell, n_) + " and " +
                                                  grid::cell_name(b.cell, n_) +
                                                  " are not orthogonally adjacent");
  if (board_[b.cell] == to_move_)
    return fail(ParsedMove::Status::kIllegal,
                quoted + ": " + describe_cell(b.cell) + "; a swap needs an adjacent enemy stone");
  SwapCheck c = check_swap(a.cell, b.cell);
  if (!c.condition1) {
    std::ostringstream why;
    why << quoted << " breaks swap condition 1: neither stone ends in a larger group ("
        << kColourName[to_move_] << " " << c.own_before << " -> " << c.own_after << ", "
        << kColourName[1 - to_move_] << " " << c.enemy_before << " -> " << c.enemy_after << ")";
    return fail(ParsedMove::Status::kIllegal, why.str());
  }
  if (!c.condition2) {
    std::ostringstream why;
    why << quoted << " breaks swap condition 2: the largest group formed ("
        << std::max(c.own_after, c.enemy_after) << ") is not larger than the largest group diminished ("
        << c.largest_diminished << ")";
    return fail(ParsedMove::Status::kIllegal, why.str());
  }
  r.status = ParsedMove::Status::kOk;
  r.move = code;
  return r;
}

std::string ClumpState::observation(int seat) const {
  // Sent to a bot before every decision: built by appends into one reserved string.
  int counts[2] = {0, 0};
  for (int i = 0; i < n_ * n_; ++i) ++counts[board_[i]];
  const std::string& spec = game().spec();
  std::string o;
  o.reserve(spec.size() + 160 + static_cast<std::size_t>(n_) * (n_ + 8));
  auto number = [&o](int v) {
    char buf[12];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    o.append(buf, end);
  };
  o += "game ";
  o += spec;
  o += "\nsize ";
  number(n_);
  o += '\n';
  if (seat == 1 || seat == 2) {
    o += "seat ";
    number(seat);
    o += ' ';
    o += kColourName[seat - 1];
    o += '\n';
  }
  if (outcome_ == Outcome::kPlaying) {
    o += "to_move ";
    number(to_move_ + 1);
    o += ' ';
    o += kColourName[to_move_];
    o += '\n';
  } else {
    o += "to_move none\n";
  }
  o += "ply ";
  number(plies_);
  o += "\nlast_move ";
  if (history().empty()) {
    o += "none";
  } else {
    o += move_to_string(history().back().move);
  }
  o += "\nstones red ";
  number(counts[kRed]);
  o += " blue ";
  number(counts[kBlue]);
  o += '\n';
  for (int r = n_ - 1; r >= 0; --r) {
    o += "row ";
    number(r + 1);
    o += ' ';
    for (int c = 0; c < n_; ++c) o += kColourChar[board_[r * n_ + c]];
    o += '\n';
  }
  switch (outcome_) {
    case Outcome::kPlaying:
      o += "status playing\n";
      break;
    case Outcome::kConnection:
      o += "status over winner ";
      number(winner_);
      o += " connection\n";
      break;
    case Outcome::kNoSwap:
      o += "status over winner ";
      number(winner_);
      o += " no_swap\n";
      break;
    case Outcome::kLengthCap:
      o += "status over draw length_cap\n";
      break;
  }
  return o;
}

// The notation summary of docs/rules/clump.md, for a person at the terminal.
std::string ClumpState::notation_help() const {
  return "A move names your stone, then the adjacent enemy stone it swaps with,\n"
         "joined by '-': c3-c4. Columns are letters from a on the left, rows are\n"
         "numbers from 1 at the bottom. Upper case is accepted (C3-C4).\n";
}

std::string ClumpState::render() const {
  std::ostringstream o;
  const std::string labels = "    " + grid::column_labels(n_, 2) + "\n";
  o << labels;
  for (int r = n_ - 1; r >= 0; --r) {
    std::string num = std::to_string(r + 1);
    o << std::string(3 - num.size(), ' ') << num << " ";
    for (int c = 0; c < n_; ++c) o << kColourChar[board_[r * n_ + c]] << (c + 1 < n_ ? " " : "");
    o << "  " << num << "\n";
  }
  o << labels;
  o << "R = Red (seat 1, joins row 1 to row " << n_ << "), B = Blue (seat 2, joins column a to column "
    << static_cast<char>('a' + n_ - 1) << ")\n";
  switch (outcome_) {
    case Outcome::kPlaying:
      o << kColourTitle[to_move_] << " to move (swap " << plies_ + 1 << ")\n";
      break;
    case Outcome::kConnection:
      o << kColourTitle[winner_ - 1] << " wins by connection\n";
      break;
    case Outcome::kNoSwap:
      o << kColourTitle[winner_ - 1] << " wins: " << kColourTitle[2 - winner_] << " has no legal swap\n";
      break;
    case Outcome::kLengthCap:
      o << "Drawn at the safety cap of " << plies_ << " swaps\n";
      break;
  }
  return o.str();
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

namespace arena {

const GameEntry& clump_entry() {
  static const GameEntry entry{GameInfo{"clump",
                                        "Clump (Mark Steere)",
                                        2,
                                        2,
                                        {int_param("size", 8, 4, 26, "board width and height", "even")},
                                        "size=6"},
                               [](const GameInfo& info, const Params& params) -> std::unique_ptr<Game> {
                                 return std::make_unique<clump::ClumpGame>(info, params);
                               }};
  return entry;
}

}  // namespace arena

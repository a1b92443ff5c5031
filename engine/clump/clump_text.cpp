// ClumpState's text: move notation and parsing with reasons, the observation bots read,
// the notation help and the rendering for people.
#include <charconv>
#include <cstdint>
#include <cstring>
#include <sstream>

#include "engine/clump/clump_state.h"
#include "engine/grid/square_coords.h"

namespace arena::clump {

namespace {

constexpr const char* kColourName[2] = {"red", "blue"};
constexpr const char* kColourTitle[2] = {"Red", "Blue"};
constexpr char kColourChar[2] = {'R', 'B'};

}  // namespace

std::string ClumpState::move_to_string(Move m) const { return std::string(rules().move_name(m)); }

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

namespace {
// The letters of `n` cells (colours 0 and 1) from `cells`, eight at a time: 'R' - 16 * colour.
char* write_row(const std::int8_t* cells, int n, char* out) {
  static_assert(kColourChar[kRed] == 'R' && kColourChar[kBlue] == 'R' - 16);
  int c = 0;
  for (; c + 8 <= n; c += 8) {
    std::uint64_t w;
    std::memcpy(&w, cells + c, 8);
    w = 0x5252525252525252u - (w << 4);
    std::memcpy(out, &w, 8);
    out += 8;
  }
  for (; c < n; ++c) *out++ = kColourChar[cells[c]];
  return out;
}

// Text written at a cursor into room made beforehand: the observation is one resize of the
// message, not a capacity check per piece (it is sent before every decision).
struct Cursor {
  char* p;
  void put(std::string_view s) {
    // char_traits::copy, not memcpy: an empty prefix may have no data pointer at all.
    std::char_traits<char>::copy(p, s.data(), s.size());
    p += s.size();
  }
  void put(char c) { *p++ = c; }
  void number(int v) { p = std::to_chars(p, p + 11, v).ptr; }
};
}  // namespace

std::string ClumpState::observation(int seat) const {
  std::string o;
  append_observation_lines(seat, {}, o);
  return o;
}

// Sent to a bot before every decision: appended straight into the referee's message.
void ClumpState::append_observation_lines(int seat, std::string_view prefix, std::string& o) const {
  int counts[2] = {0, 0};
  for (int i = 0; i < n_ * n_; ++i) ++counts[board_[i]];
  const std::string& spec = game().spec();
  // Room for every line (seven, the rows and the status), each its prefix and at most 40
  // characters besides the spec and a row's cells; cut to what was written at the end.
  const std::size_t start = o.size();
  o.resize(start + static_cast<std::size_t>(n_ + 8) * (prefix.size() + 40) + spec.size() +
           static_cast<std::size_t>(n_) * n_);
  Cursor w{o.data() + start};
  w.put(prefix);
  w.put("game ");
  w.put(spec);
  w.put("\n");
  w.put(prefix);
  w.put("size ");
  w.number(n_);
  w.put('\n');
  if (seat == 1 || seat == 2) {
    w.put(prefix);
    w.put("seat ");
    w.number(seat);
    w.put(' ');
    w.put(kColourName[seat - 1]);
    w.put('\n');
  }
  w.put(prefix);
  if (outcome_ == Outcome::kPlaying) {
    w.put("to_move ");
    w.number(to_move_ + 1);
    w.put(' ');
    w.put(kColourName[to_move_]);
    w.put('\n');
  } else {
    w.put("to_move none\n");
  }
  w.put(prefix);
  w.put("ply ");
  w.number(plies_);
  w.put('\n');
  w.put(prefix);
  w.put("last_move ");
  w.put(history().empty() ? std::string_view("none") : rules().move_name(history().back().move));
  w.put('\n');
  w.put(prefix);
  w.put("stones red ");
  w.number(counts[kRed]);
  w.put(" blue ");
  w.number(counts[kBlue]);
  w.put('\n');
  o.resize(static_cast<std::size_t>(write_rows_and_status(prefix, w.p) - o.data()));
}

char* ClumpState::write_rows_and_status(std::string_view prefix, char* out) const {
  Cursor w{out};
  for (int r = n_ - 1; r >= 0; --r) {
    w.put(prefix);
    w.put("row ");
    w.number(r + 1);
    w.put(' ');
    w.p = write_row(&board_[r * n_], n_, w.p);
    w.put('\n');
  }
  w.put(prefix);
  switch (outcome_) {
    case Outcome::kPlaying:
      w.put("status playing\n");
      break;
    case Outcome::kConnection:
      w.put("status over winner ");
      w.number(winner_);
      w.put(" connection\n");
      break;
    case Outcome::kNoSwap:
      w.put("status over winner ");
      w.number(winner_);
      w.put(" no_swap\n");
      break;
    case Outcome::kLengthCap:
      w.put("status over draw length_cap\n");
      break;
  }
  return w.p;
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

}  // namespace arena::clump

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

void append_number(std::string& o, int v) {
  char buf[12];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  (void)ec;
  o.append(buf, end);
}
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
  o += prefix;
  o += "game ";
  o += game().spec();
  o += '\n';
  o += prefix;
  o += "size ";
  append_number(o, n_);
  o += '\n';
  if (seat == 1 || seat == 2) {
    o += prefix;
    o += "seat ";
    append_number(o, seat);
    o += ' ';
    o += kColourName[seat - 1];
    o += '\n';
  }
  o += prefix;
  if (outcome_ == Outcome::kPlaying) {
    o += "to_move ";
    append_number(o, to_move_ + 1);
    o += ' ';
    o += kColourName[to_move_];
    o += '\n';
  } else {
    o += "to_move none\n";
  }
  o += prefix;
  o += "ply ";
  append_number(o, plies_);
  o += '\n';
  o += prefix;
  o += "last_move ";
  if (history().empty())
    o += "none";
  else
    o += rules().move_name(history().back().move);
  o += '\n';
  o += prefix;
  o += "stones red ";
  append_number(o, counts[kRed]);
  o += " blue ";
  append_number(o, counts[kBlue]);
  o += '\n';
  append_rows_and_status(prefix, o);
}

void ClumpState::append_rows_and_status(std::string_view prefix, std::string& o) const {
  // Each row written into one buffer ("row 12 RBRB...\n"), appended once.
  char line[8 + kMaxSize] = {'r', 'o', 'w', ' '};
  for (int r = n_ - 1; r >= 0; --r) {
    char* p = std::to_chars(line + 4, line + 8, r + 1).ptr;
    *p++ = ' ';
    p = write_row(&board_[r * n_], n_, p);
    *p++ = '\n';
    o += prefix;
    o.append(line, static_cast<std::size_t>(p - line));
  }
  o += prefix;
  switch (outcome_) {
    case Outcome::kPlaying:
      o += "status playing\n";
      break;
    case Outcome::kConnection:
      o += "status over winner ";
      append_number(o, winner_);
      o += " connection\n";
      break;
    case Outcome::kNoSwap:
      o += "status over winner ";
      append_number(o, winner_);
      o += " no_swap\n";
      break;
    case Outcome::kLengthCap:
      o += "status over draw length_cap\n";
      break;
  }
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

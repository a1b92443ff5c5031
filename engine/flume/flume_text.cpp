// FlumeState's text: move notation and parsing with reasons, the observation bots read,
// the notation help and the rendering for people.
#include <sstream>

#include "engine/flume/flume_state.h"
#include "engine/grid/square_coords.h"

namespace arena::flume {

namespace {

constexpr const char* kColourName[2] = {"red", "blue"};
constexpr const char* kColourTitle[2] = {"Red", "Blue"};

char cell_char(std::int8_t v) { return v == kRed ? 'R' : v == kBlue ? 'B' : '.'; }

}  // namespace

std::string FlumeState::move_to_string(Move m) const {
  return m == swap_move() ? std::string("swap") : grid::cell_name(m, n_);
}

ParsedMove FlumeState::parse_move(std::string_view text) const {
  ParsedMove r;
  std::vector<Move> legal;
  legal_moves(legal);
  const std::string quoted = "'" + std::string(text) + "'";
  auto fail = [&](ParsedMove::Status status, const std::string& why) {
    r.status = status;
    r.error = why + legal_moves_hint(*this, legal);
    return r;
  };
  bool is_swap = text.size() == 4;
  for (std::size_t i = 0; is_swap && i < 4; ++i) is_swap = (text[i] | 0x20) == "swap"[i];
  grid::CoordRead c = grid::read_cell(text, n_);
  if (!is_swap && (c.status == grid::CoordRead::Status::kMalformed || c.length != text.size()))
    return fail(ParsedMove::Status::kUnparseable,
                quoted + " is not a Flume move: write a point such as d4, or swap");
  if (over_) return fail(ParsedMove::Status::kIllegal, "the game is over");
  const std::string mover =
      std::string(kColourTitle[to_move_]) + " (seat " + std::to_string(to_move_ + 1) + ")";
  if (is_swap) {
    if (!swap_available())
      return fail(ParsedMove::Status::kIllegal,
                  to_move_ == kRed ? "only Blue may swap, as its very first action; " + mover + " is to move"
                                   : std::string("swap is only allowed as Blue's very first action"));
    r.status = ParsedMove::Status::kOk;
    r.move = swap_move();
    return r;
  }
  const std::string board_name = std::to_string(n_) + "x" + std::to_string(n_) + " board";
  if (c.status == grid::CoordRead::Status::kOffBoard)
    return fail(ParsedMove::Status::kIllegal, quoted + " is not a point of the " + board_name);
  if (board_[c.cell] != kEmpty)
    return fail(ParsedMove::Status::kIllegal,
                grid::cell_name(c.cell, n_) + " is occupied by a " + kColourTitle[board_[c.cell]] + " stone");
  if (c.cell == centre() && centre_forbidden())
    return fail(ParsedMove::Status::kIllegal, "Red's first placement may not be the centre point " +
                                                  grid::cell_name(c.cell, n_) + " (anti-mirroring rule)");
  r.status = ParsedMove::Status::kOk;
  r.move = c.cell;
  return r;
}

std::string FlumeState::observation(int seat) const {
  // Built by appends into one reserved string: the referee formats one per decision.
  std::string o;
  o.reserve(256 + static_cast<std::size_t>(n_) * (n_ + 8));
  auto num = [&o](long long v) { o += std::to_string(v); };
  o += "game ";
  o += game().spec();
  o += "\nsize ";
  num(n_);
  o += '\n';
  if (seat == 1 || seat == 2) {
    o += "seat ";
    num(seat);
    o += ' ';
    o += kColourName[seat - 1];
    o += '\n';
  }
  if (over_) {
    o += "to_move none\n";
  } else {
    o += "to_move ";
    num(to_move_ + 1);
    o += ' ';
    o += kColourName[to_move_];
    o += '\n';
  }
  o += "ply ";
  num(static_cast<long long>(history().size()));
  o += "\nplacements_this_turn ";
  num(turn_placements_);
  o += "\nswap_available ";
  o += swap_available() ? "true" : "false";
  o += "\ncentre_forbidden ";
  o += centre_forbidden() ? "true" : "false";
  o += "\nlast_move ";
  if (history().empty()) {
    o += "none";
  } else {
    const Move last = history().back().move;
    o += last == swap_move() ? std::string("swap") : grid::cell_name(last, n_);
  }
  o += "\nstones red ";
  num(stones_[kRed]);
  o += " blue ";
  num(stones_[kBlue]);
  o += " empty ";
  num(empty_);
  o += '\n';
  for (int r = n_ - 1; r >= 0; --r) {
    o += "row ";
    num(r + 1);
    o += ' ';
    for (int c = 0; c < n_; ++c) o += cell_char(board_[r * n_ + c]);
    o += '\n';
  }
  if (!over_) {
    o += "status playing\n";
  } else if (stones_[kRed] == stones_[kBlue]) {
    o += "status over draw\n";
  } else {
    o += "status over winner ";
    num(stones_[kRed] > stones_[kBlue] ? 1 : 2);
    o += '\n';
  }
  return o;
}

// The notation summary of docs/rules/flume.md, for a person at the terminal.
std::string FlumeState::notation_help() const {
  return "A placement is a point: the column letter from a on the left, the row\n"
         "number from 1 at the bottom, e.g. d4. The pie rule (take over the first\n"
         "stone) is 'swap'. Upper case is accepted (D4, SWAP).\n";
}

std::string FlumeState::render() const {
  std::ostringstream o;
  const std::string labels = "      " + grid::column_labels(n_, 2) + "\n";
  std::string border = "    #";
  for (int c = 0; c < n_ + 1; ++c) border += " #";
  border += "\n";
  o << labels << border;
  for (int r = n_ - 1; r >= 0; --r) {
    std::string num = std::to_string(r + 1);
    o << std::string(3 - num.size(), ' ') << num << " #";
    for (int c = 0; c < n_; ++c) o << ' ' << cell_char(board_[r * n_ + c]);
    o << " #  " << num << "\n";
  }
  o << border << labels;
  o << "R = Red (seat 1), B = Blue (seat 2), # = border; Red " << stones_[kRed] << ", Blue " << stones_[kBlue]
    << ", empty " << empty_ << "\n";
  if (!over_) {
    o << kColourTitle[to_move_] << " to move";
    if (turn_placements_ > 0) o << " again (placement " << turn_placements_ + 1 << " of this turn)";
    if (swap_available()) o << "; may swap";
    if (centre_forbidden()) o << "; not on the centre " << grid::cell_name(centre(), n_);
    o << "\n";
  } else if (stones_[kRed] == stones_[kBlue]) {
    o << "Game over: drawn\n";
  } else {
    o << "Game over: " << (stones_[kRed] > stones_[kBlue] ? "Red" : "Blue") << " wins\n";
  }
  return o.str();
}

}  // namespace arena::flume

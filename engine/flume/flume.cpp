#include "engine/flume/flume.h"

#include <sstream>
#include <stdexcept>

#include "engine/grid/square_coords.h"

namespace arena::flume {

namespace {

constexpr const char* kColourName[2] = {"red", "blue"};
constexpr const char* kColourTitle[2] = {"Red", "Blue"};

char cell_char(std::int8_t v) { return v == kRed ? 'R' : v == kBlue ? 'B' : '.'; }

}  // namespace

FlumeGame::FlumeGame(const GameInfo& info, Params params) : Game(info, std::move(params)) {
  size_ = static_cast<int>(this->params().integer("size"));
  early_end_ = this->params().boolean("early_end");
  // Odd sizes give an odd number of points, so a full board cannot be tied.
  if (size_ % 2 == 0) throw SpecError("flume: size must be odd (got " + std::to_string(size_) + ")");
}

std::unique_ptr<State> FlumeGame::new_initial_state() const { return std::make_unique<FlumeState>(*this); }

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
    throw std::invalid_argument("flume board: expected " + std::to_string(n) + " rows, got " +
                                std::to_string(rows.size()));
  if (to_move != 1 && to_move != 2) throw std::invalid_argument("flume board: to_move must be 1 or 2");
  for (int i = 0; i < n; ++i) {
    if (static_cast<int>(rows[i].size()) != n)
      throw std::invalid_argument("flume board: row " + std::to_string(n - i) + " is not " +
                                  std::to_string(n) + " cells wide");
    for (int c = 0; c < n; ++c) {
      char ch = rows[i][c];
      std::int8_t v = ch == 'R' ? kRed : ch == 'B' ? kBlue : ch == '.' ? kEmpty : std::int8_t{-2};
      if (v == -2)
        throw std::invalid_argument(std::string("flume board: bad cell '") + ch + "' (use R, B or .)");
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

std::vector<SeatResult> FlumeState::results() const {
  std::vector<SeatResult> r(2);
  for (int s = 0; s < 2; ++s) {
    r[s].team = s;
    r[s].score = stones_[s];
    r[s].rank = stones_[s] >= stones_[1 - s] ? 1 : 2;
  }
  return r;
}

const std::vector<RareSituation>& FlumeGame::rare_situations() const {
  static const std::vector<RareSituation> list = {
      {"extra_placement", "a further placement in the same turn", 0, seat_acts_again},
      {"swap", "the pie-rule decision (swap is legal)", 0,
       [](const State& s) { return has_legal_move(s, "swap"); }},
  };
  return list;
}

}  // namespace arena::flume

namespace arena {

const GameEntry& flume_entry() {
  static const GameEntry entry{
      GameInfo{"flume",
               "Flume (Mark Steere)",
               2,
               2,
               {int_param("size", 7, 5, 25, "playable board width and height", "odd"),
                bool_param("early_end", false, "end as soon as one side holds more than half of the points")},
               "size=5"},
      [](const GameInfo& info, const Params& params) -> std::unique_ptr<Game> {
        return std::make_unique<flume::FlumeGame>(info, params);
      }};
  return entry;
}

}  // namespace arena

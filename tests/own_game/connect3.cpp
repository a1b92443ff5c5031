#include "connect3.h"

#include <cctype>
#include <sstream>

namespace connect3 {

using arena::Move;

namespace {

constexpr char kStoneChar[3] = {'.', 'X', 'O'};

std::string column_name(int column) { return std::string(1, static_cast<char>('a' + column)); }

}  // namespace

Connect3Game::Connect3Game(const arena::GameInfo& info, arena::Params params)
    : Game(info, std::move(params)) {
  columns_ = static_cast<int>(this->params().integer("columns"));
  rows_ = static_cast<int>(this->params().integer("rows"));
}

std::unique_ptr<arena::State> Connect3Game::new_initial_state() const {
  return std::make_unique<Connect3State>(*this);
}

Connect3State::Connect3State(const Connect3Game& game)
    : StateBase(game), columns_(game.columns()), rows_(game.rows()) {}

int Connect3State::current_player() const {
  if (winner_ != 0 || stones_ == columns_ * rows_) return arena::kTerminal;
  return to_move_;
}

void Connect3State::legal_moves(std::vector<Move>& out) const {
  out.clear();
  if (is_terminal()) return;
  for (int c = 0; c < columns_; ++c)
    if (height_[c] < rows_) out.push_back(c);
}

std::string Connect3State::move_to_string(Move m) const { return column_name(m); }

// One lower-case letter; an upper-case one is read too. Unparseable text and a full or
// missing column get different answers, as the referee reports them differently.
arena::ParsedMove Connect3State::parse_move(std::string_view text) const {
  arena::ParsedMove r;
  const bool letter = text.size() == 1 && std::isalpha(static_cast<unsigned char>(text[0]));
  if (!letter) {
    r.error =
        "'" + std::string(text) + "' is not a column letter" + arena::legal_moves_hint(*this, legal_moves());
    return r;
  }
  const int column = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  if (is_terminal() || column >= columns_ || height_[column] >= rows_) {
    r.status = arena::ParsedMove::Status::kIllegal;
    r.error =
        "column '" + std::string(text) + "' is not open" + arena::legal_moves_hint(*this, legal_moves());
    return r;
  }
  r.status = arena::ParsedMove::Status::kOk;
  r.move = column;
  return r;
}

void Connect3State::do_apply(Move m) {
  const int cell = height_[m] * columns_ + m;
  board_[cell] = static_cast<std::int8_t>(to_move_);
  ++height_[m];
  ++stones_;
  if (makes_line(cell)) winner_ = to_move_;
  to_move_ = 3 - to_move_;
}

// Whether the stone in `cell` is part of kLine stones of its seat in a row, in any of the
// four directions (across, up, and both diagonals).
bool Connect3State::makes_line(int cell) const {
  const int row = cell / columns_, column = cell % columns_, seat = board_[cell];
  const int directions[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
  for (const auto& d : directions) {
    int count = 1;
    for (int sign : {1, -1})
      for (int k = 1;; ++k) {
        const int c = column + sign * k * d[0], r = row + sign * k * d[1];
        if (c < 0 || c >= columns_ || r < 0 || r >= rows_ || board_[r * columns_ + c] != seat) break;
        ++count;
      }
    if (count >= kLine) return true;
  }
  return false;
}

// "key value" lines; nothing is hidden, so every seat sees the whole board.
std::string Connect3State::observation(int seat) const {
  std::ostringstream o;
  o << "game " << game().spec() << "\nseat " << seat << "\nto_move " << (is_terminal() ? 0 : to_move_)
    << "\n";
  for (int r = rows_ - 1; r >= 0; --r) {
    o << "row " << r + 1 << ' ';
    for (int c = 0; c < columns_; ++c) o << kStoneChar[board_[r * columns_ + c]];
    o << '\n';
  }
  return o.str();
}

std::string Connect3State::render() const {
  std::ostringstream o;
  if (winner_ != 0)
    o << "Connect Three: seat " << winner_ << " wins\n";
  else if (is_terminal())
    o << "Connect Three: a draw\n";
  else
    o << "Connect Three: seat " << to_move_ << " (" << kStoneChar[to_move_] << ") to move\n";
  for (int r = rows_ - 1; r >= 0; --r) {
    o << ' ';
    for (int c = 0; c < columns_; ++c) o << ' ' << kStoneChar[board_[r * columns_ + c]];
    o << '\n';
  }
  o << ' ';
  for (int c = 0; c < columns_; ++c) o << ' ' << column_name(c);
  return o.str() + "\n";
}

std::string Connect3State::notation_help() const {
  return "Type the letter of a column that is not full (a is the leftmost); your stone falls to its "
         "lowest empty cell.\n";
}

std::vector<arena::SeatResult> Connect3State::results() const {
  std::vector<arena::SeatResult> r(2);
  for (int s = 0; s < 2; ++s) {
    r[s].team = s;
    r[s].rank = winner_ == 0 || winner_ == s + 1 ? 1 : 2;
    r[s].score = winner_ == 0 ? 0.5 : winner_ == s + 1 ? 1 : 0;
  }
  return r;
}

const arena::GameEntry& entry() {
  static const arena::GameEntry e{
      arena::GameInfo{"connect3",
                      "Connect Three (a small Connect Four; Arena's example of a game of your own)",
                      2,
                      2,
                      {arena::int_param("columns", 4, 3, kMaxSide, "board width"),
                       arena::int_param("rows", 4, 3, kMaxSide, "board height")}},
      [](const arena::GameInfo& info, const arena::Params& params) -> std::unique_ptr<arena::Game> {
        return std::make_unique<Connect3Game>(info, params);
      }};
  return e;
}

}  // namespace connect3

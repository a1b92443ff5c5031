#include "bindings/python/cpp/py_state.h"

#include <algorithm>
#include <limits>

namespace arena::python {

PyState::PyState(GamePtr game, std::unique_ptr<State> state)
    : game_(std::move(game)), state_(std::move(state)) {}

PyState::PyState(const PyState& other)
    : game_(other.game_),
      state_(other.state_->clone()),
      legal_(other.legal_),
      legal_fresh_(other.legal_fresh_) {}

const std::vector<Move>& PyState::legal() const {
  if (!legal_fresh_) {
    if (state_->is_terminal())
      legal_.clear();
    else
      state_->legal_moves(legal_);
    legal_fresh_ = true;
  }
  return legal_;
}

bool PyState::is_legal(Move m) const {
  const auto& moves = legal();
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

void PyState::require_live() const {
  if (state_->is_terminal()) throw UserError(game_->spec() + ": the game is over");
}

void PyState::require_terminal() const {
  if (!state_->is_terminal()) throw UserError(game_->spec() + ": the game is not over yet");
}

void PyState::require_legal(long long m) const {
  require_live();
  const bool in_range = m >= std::numeric_limits<Move>::min() && m <= std::numeric_limits<Move>::max();
  if (!in_range || !is_legal(static_cast<Move>(m)))
    throw UserError("move " + std::to_string(m) + " is not legal here" + legal_moves_hint(*state_, legal()));
}

void PyState::apply(long long m) {
  require_legal(m);
  state_->apply(static_cast<Move>(m));
  legal_fresh_ = false;
}

Move PyState::apply_name(std::string_view text) {
  require_live();
  const Move m = parse_or_throw(*state_, text);
  state_->apply(m);
  legal_fresh_ = false;
  return m;
}

void require_seat(const Game& game, int seat, bool table_allowed) {
  if ((table_allowed && seat == 0) || (seat >= 1 && seat <= game.num_players())) return;
  throw UserError("seat " + std::to_string(seat) + ": " + game.spec() + " has seats 1 to " +
                  std::to_string(game.num_players()) + (table_allowed ? " (0: the full table)" : ""));
}

std::vector<SeenAction> seen_actions(const Game& game, const std::vector<std::pair<int, std::string>>& seen) {
  std::vector<SeenAction> out;
  out.reserve(seen.size());
  for (const auto& [actor, view] : seen) {
    if (actor != kChance) require_seat(game, actor);
    out.push_back({actor, view});
  }
  return out;
}

}  // namespace arena::python

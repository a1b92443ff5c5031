// The State object Python holds: an engine state, the Game it belongs to (kept alive as long
// as any of its states), and the legal moves of the position, computed once per position.
// Every check of Python's input against the rules happens here, so the bindings above it
// translate only: a move must be legal before the engine sees it (the engine's apply() trusts
// its caller), a seat must be a seat of the game.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/sampled_state.h"

namespace arena::python {

// Games are shared by their states (a State points at its Game) and never change once built.
using GamePtr = std::shared_ptr<Game>;

class PyState {
 public:
  PyState(GamePtr game, std::unique_ptr<State> state);
  PyState(const PyState& other);  // a clone: an independent position
  PyState(PyState&&) = default;
  PyState& operator=(const PyState&) = delete;

  const Game& game() const { return *game_; }
  const GamePtr& game_ptr() const { return game_; }
  const State& state() const { return *state_; }
  // For long calls that change the position in place (playouts): the cached moves are
  // dropped, as after apply().
  State& mutable_state() {
    legal_fresh_ = false;
    return *state_;
  }

  // The legal moves of this position (chance outcomes at a chance node), computed on first
  // use after each change.
  const std::vector<Move>& legal() const;
  bool is_legal(Move m) const;

  // Applies `m` after checking it is legal here; a UserError naming a few legal moves if not
  // (any integer: Python's may be beyond a Move's range).
  void apply(long long m);
  // Parses `text` as the engine does (a UserError with the engine's message if it is not a
  // legal move here) and applies it.
  Move apply_name(std::string_view text);
  // A UserError unless `m` is legal here ("move 99 is not legal here (3 legal, e.g. ...)").
  void require_legal(long long m) const;
  // A UserError unless the game is over / not over.
  void require_terminal() const;
  void require_live() const;

 private:
  GamePtr game_;
  std::unique_ptr<State> state_;
  mutable std::vector<Move> legal_;
  mutable bool legal_fresh_ = false;
};

// A UserError unless 1 <= seat <= players ("seat 9: flush:players=4 has seats 1 to 4");
// with `table_allowed`, seat 0 (the full table) too.
void require_seat(const Game& game, int seat, bool table_allowed = false);

// Python's (actor, view) pairs as the engine's SeenAction list, each actor checked (a seat or
// kChance).
std::vector<SeenAction> seen_actions(const Game& game, const std::vector<std::pair<int, std::string>>& seen);

}  // namespace arena::python

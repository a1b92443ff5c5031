// Situations worth reaching when checking a bot (`arena check-bot`, docs/check-bot.md):
// kinds of decision that random play meets rarely and a bot may mishandle (Flume's pie swap,
// a Flush pick-up, the Flume card game's partner call). Each game lists its own through
// Game::rare_situations(); the referee steers games towards them and asks each one whether
// the pending decision is it, so it needs to know no game, and a new game gets these checks
// by listing its situations.
#pragma once

#include <string_view>
#include <vector>

namespace arena {

class State;

struct RareSituation {
  const char* name;                     // the check is "situation:<name>"
  const char* what;                     // for the report, e.g. "the pie-rule decision (swap is legal)"
  int players;                          // exists only with this many seats; 0: with any
  bool (*matches)(const State& state);  // the decision pending in `state` (a seat to act) is one
};

// Helpers for games' matches() functions.
// The seat to act also took the last action that was not chance (a multi-step turn).
bool seat_acts_again(const State& state);
// The seat to act acts again before every other seat has acted since its last action (it
// plays twice in one round).
bool seat_acts_early(const State& state);
// Some legal move is written `notation` / begins with `prefix`.
bool has_legal_move(const State& state, std::string_view notation);
bool has_legal_move_prefix(const State& state, std::string_view prefix);

}  // namespace arena

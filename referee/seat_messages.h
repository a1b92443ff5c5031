// The game text the referee sends one seat, built from the state alone. GameSession sends
// exactly these lines, so this is the one place that decides what a bot may see of a game
// (docs/security.md, "Hidden information"); tests check it against reshuffled hidden state.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "records/record.h"
#include "referee/legal_list.h"
#include "referee/time_control.h"

namespace arena {

// The seed `seat` receives in "newgame" for a game whose chance is drawn from `game_seed`.
// One-way (SHA-1): a bot cannot work back from its seed to the game seed and so to the
// deal or the draws, while the same game seed still gives every seat the same seed.
std::uint64_t seat_seed(std::uint64_t game_seed, int seat);

// What GameSession sends, appended to one buffer (every line ends in "\n"):
// - the "event" line `seat` receives about `m`, taken in `state` by its current actor
//   (before it is applied); nothing when the seat learns nothing of it;
void append_seat_event(const State& state, int seat, Move m, std::string& out);
// - the lines that ask `seat` (the seat to act) for a decision, before "go": one "obs"
//   line per line of its observation, then, if `legal` is given, the "legal" line
//   (`legal` receives the listed moves, so the answer can be looked up in them).
void append_decision_request(const State& state, int seat, LegalList* legal, std::string& out);
// - the game's first line, "newgame" with the seat's own seed (seat_seed);
void append_newgame(const Game& game, int seat, int players, std::uint64_t game_seed, std::string& out);
// - the "go" that ends a decision request, with the seat's clock as it stands;
void append_go(const SeatClock& clock, const TimeControl& tc, std::string& out);
// - the "gameover" line of a game ended by `why` with these results.
void append_gameover(Termination why, const std::vector<SeatResult>& results, std::string& out);

// The same, line by line (without "\n"), for tests and tools.
std::string seat_event_line(const State& state, int seat, Move m);
void seat_decision_lines(const State& state, int seat, bool with_legal, std::vector<std::string>& out);

}  // namespace arena

// The input of every rating computation: one finished game reduced to who sat where,
// how each seat finished, and which seats were partners. Tournaments build these
// directly; `arena ratings` builds them from records.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "records/record.h"

namespace arena {

struct RatedGame {
  std::vector<std::string> players;  // bot name per seat (index 0 = seat 1)
  std::vector<int> ranks;            // per seat; 1 = best, equal ranks are ties
  std::vector<int> teams;            // per seat; empty = every seat is its own team
  // Games played on the same deal with seats swapped share a pairing key (e.g. the seed);
  // empty = not part of a pair. Only the head-to-head (pentanomial) statistics use it.
  std::string pairing;
  // How many games this one stands for: a store that keeps each distinct outcome once with a
  // count (league/league_summary.h) hands it over as one game of that weight. Every rating
  // computation counts it as `weight` copies of the game (a positive whole number).
  long weight = 1;
};

// The team of `seat` (0-based) as a small index: its entry in `teams`, else the seat itself.
inline int team_of(const RatedGame& game, std::size_t seat) {
  return game.teams.empty() ? static_cast<int>(seat) : game.teams[seat];
}

// The one rule of which games count (docs/ratings.md, "Which games count"): every game with a
// result but a start failure. An aborted game has no result; in a start failure no move was
// played (a bot that could not start, or gave no 'ready'), so it says nothing of how well
// anyone plays: its record is kept and its fault counted, but it is never rated, nor scored
// in a tournament's table. Records, the league's tallies and the tournaments' journal all ask
// this, by the termination or by its record name ("start failure").
bool is_rated(Termination why);
bool is_rated(std::string_view termination_name);

// The rated game of one record; none for a game that is not rated (is_rated). As below.
std::optional<RatedGame> rated_game_of(const GameRecord& record);

// Why records were not rated: no result (aborted), or a bot that never started.
struct UnratedGames {
  int aborted = 0;
  int never_started = 0;
};

// Rated games from records; those not rated are skipped and counted in `skipped` when
// given. Teams come from the seats' results (SeatResult::team) when any two seats share a
// team; the pairing key is the game spec and seed.
std::vector<RatedGame> rated_games_from_records(const std::vector<GameRecord>& records,
                                                UnratedGames* skipped = nullptr);

// Checks one game's shape; returns an empty string when it is usable, else why not.
std::string validate_rated_game(const RatedGame& game);

}  // namespace arena

// How a league names its tables and games, and draws their seeds (docs/league.md): table
// "B.T" is table T (from 1) of batch B, a number the store gives each claim transaction once
// (store/league_store.h); its games are every seat arrangement of its bots on one seed drawn
// from the league's seed, and game G of it has the id "B.T.G" (its record's Round tag), unique
// in the league. Every worker, on every machine, draws the same games for the same table.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "league/claims.h"
#include "tournaments/live_games.h"

namespace arena {

class Game;

struct TableId {
  std::int64_t batch = 0;
  int number = 1;  // from 1

  std::string text() const;  // "B.T"
  // The table of "B.T"; none for text that is not one of ours.
  static std::optional<TableId> parse(const std::string& text);
  // Its games' seed, from the league's.
  std::uint64_t seed(std::uint64_t league_seed) const;
};

// The table of game "B.T.G": "B.T".
std::string table_of_game(const std::string& game_id);

// The games of table `id` seating `seats` (bot names, seat 1..N): one full set of seat
// arrangements on the table's seed.
std::vector<LeagueJob> table_games(const Game& game, const TableId& id, const std::vector<std::string>& seats,
                                   std::uint64_t league_seed);

// Every game of the set of `job`'s table, as `arena serve` holds them back (tournaments/
// live_games.h): its id (its record's Round tag) and seed. None for a table not named by table_games.
std::vector<LiveGames::Earlier> table_set(const Game& game, const LeagueJob& job, std::uint64_t league_seed);

}  // namespace arena

// Which tables a league plays next: the adaptive format's choice (tournaments/adaptive.h),
// not a copy of it. A bot under the league's min_games anchors tables first (a new bot plays
// first, against opponents spread over the table); then the tables whose order is least
// certain, weighted toward the top, get the games. Retired bots keep their games and
// ratings but are never seated.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ratings/rated_game.h"
#include "tournaments/adaptive.h"

namespace arena {

struct LeaguePool {
  std::vector<std::string> names;  // every bot ever added
  std::vector<bool> playing;       // per name: not retired
  int seats = 2;
  int games_per_table = 2;  // one set: every seat arrangement of the table
  int min_games = 100;
};

// With several workers (docs/league.md, "PostgreSQL"): the tables other runs have in play
// count as tables already chosen. A worker asks for its own tables plus as many as are in
// play, and gives up one candidate for each table in play with the same bots (`in_play`: the
// bots' names of each such table); the first `tables` left are its own. Two workers thus do
// not pile onto one pair while others wait, yet a pair that deserves two tables still gets them.
std::vector<std::vector<int>> without_in_play(const std::vector<std::vector<int>>& candidates,
                                              const std::vector<std::string>& names,
                                              std::vector<std::vector<std::string>> in_play, int tables);

// The choice of a run, kept from batch to batch: fed every game once (as it is read, or the
// league's outcomes, weighted, when the run starts), so a batch costs the choice, not a pass
// over the league's games; its fit is redone as tournaments/adaptive.h says.
class LeagueMatchmaker {
 public:
  void games(const std::vector<RatedGame>& games);
  // Up to `tables` tables (bot indices into pool.names); none if fewer bots play than a game
  // has seats. The pool's names only grow (bots are added, never removed).
  std::vector<std::vector<int>> next_tables(const LeaguePool& pool, int tables);
  long fits() const { return adaptive_ ? adaptive_->fits() : 0; }

 private:
  std::unique_ptr<Adaptive> adaptive_;
  std::vector<std::string> names_;
  std::vector<RatedGame> waiting_;  // games fed before the first choice (the pool unknown yet)
};

}  // namespace arena

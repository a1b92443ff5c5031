#include "league/matchmaking.h"

#include <algorithm>

#include "tournaments/adaptive.h"

namespace arena {

std::vector<std::vector<int>> next_league_tables(const LeaguePool& pool, const std::vector<RatedGame>& games,
                                                 int tables, std::uint64_t seed) {
  if (tables <= 0 || std::count(pool.playing.begin(), pool.playing.end(), true) < pool.seats) return {};
  AdaptiveParams params;
  params.batch_tables = tables;
  params.min_games = pool.min_games;
  Adaptive adaptive(pool.names, pool.seats, pool.games_per_table, params, seed);
  adaptive.games(games);
  std::vector<std::vector<int>> out;
  for (StageTable& t : adaptive.informative_tables(tables, pool.playing)) out.push_back(std::move(t.bots));
  return out;
}

}  // namespace arena

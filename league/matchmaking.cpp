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

std::vector<std::vector<int>> without_in_play(const std::vector<std::vector<int>>& candidates,
                                              const std::vector<std::string>& names,
                                              std::vector<std::vector<std::string>> in_play, int tables) {
  for (auto& t : in_play) std::sort(t.begin(), t.end());
  std::vector<std::vector<int>> out;
  for (const std::vector<int>& c : candidates) {
    if (static_cast<int>(out.size()) >= tables) break;
    std::vector<std::string> key;
    for (int bot : c) key.push_back(names[static_cast<std::size_t>(bot)]);
    std::sort(key.begin(), key.end());
    const auto same = std::find(in_play.begin(), in_play.end(), key);
    if (same != in_play.end()) {
      in_play.erase(same);  // that table is another run's already
      continue;
    }
    out.push_back(c);
  }
  return out;
}

}  // namespace arena

#include "league/matchmaking.h"

#include <algorithm>

namespace arena {

void LeagueMatchmaker::games(const std::vector<RatedGame>& games) {
  if (adaptive_)
    adaptive_->games(games);
  else
    waiting_.insert(waiting_.end(), games.begin(), games.end());
}

std::vector<std::vector<int>> LeagueMatchmaker::next_tables(const LeaguePool& pool, int tables) {
  if (tables <= 0 || std::count(pool.playing.begin(), pool.playing.end(), true) < pool.seats) return {};
  if (!adaptive_) {
    AdaptiveParams params;
    params.min_games = pool.min_games;
    params.live = false;
    // The seed only orders an adaptive tournament's first batch, which a league never asks for.
    adaptive_ = std::make_unique<Adaptive>(pool.names, pool.seats, pool.games_per_table, params, 0);
    names_ = pool.names;
    adaptive_->games(waiting_);
    waiting_.clear();
  }
  adaptive_->add_bots(
      std::vector<std::string>(pool.names.begin() + static_cast<long>(names_.size()), pool.names.end()));
  names_ = pool.names;
  std::vector<std::vector<int>> out;
  for (StageTable& t : adaptive_->informative_tables(tables, pool.playing)) out.push_back(std::move(t.bots));
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

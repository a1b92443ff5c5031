// The shape of a rating pool, read before any fit: which bots met (connected parts), and
// within a part whether results run both ways between every two groups. Maximum-likelihood
// ratings are finite exactly when each part is strongly connected under "finished at least
// level with" (Zermelo 1929, Ford 1957, Hunter 2004 assumption 1); where not, the fit adds a
// small prior and the table says why (docs/ratings.md).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "ratings/rated_game.h"

namespace arena::ratings_detail {

// A rated game with its seats turned into player ids.
struct IndexedGame {
  std::vector<int> seats;  // player id per seat
  const RatedGame* game;
};

struct PoolStructure {
  std::vector<int> component;  // per player; -1 if the player has no game
  int components = 0;
  std::vector<int> component_size;
  std::vector<bool> needs_prior;              // per component: results one-sided somewhere
  std::vector<int> edge;                      // per player: +1 all wins, -1 all losses
  std::vector<std::uint64_t> opponent_pairs;  // (a<<32|b), a<b: a pair a prior draw joins
  std::vector<int> scc;                       // per player: strongly connected component
};

// The structure of the games `chosen` (indices into `games`, repeats allowed) among `n` players.
PoolStructure analyse_pool(const std::vector<IndexedGame>& games, const std::vector<int>& chosen, int n);

}  // namespace arena::ratings_detail

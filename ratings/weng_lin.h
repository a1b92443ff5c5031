// Weng–Lin online Bayesian rating (Weng & Lin, "A Bayesian Approximation Method for Online
// Ranking", JMLR 12, 2011), the Plackett–Luce variant (the paper's Algorithm 4, the model
// OpenSkill implements): each player a Gaussian belief (mu, sigma), updated game by game
// from ranks, ties and teams in a single pass. Cheap enough to update after every game, so
// adaptive tournaments show live estimates between their maximum-likelihood fits
// (docs/ratings.md). The final tables stay the maximum-likelihood ones (ratings.h).
#pragma once

#include <vector>

namespace arena {

struct SkillBelief {
  double mu = 25.0;
  double sigma = 25.0 / 3.0;
};

struct WengLinOptions {
  double beta = 25.0 / 6.0;  // the spread of one game's performance around a player's skill
  double kappa = 0.0001;     // floor of a variance shrink factor: sigma never collapses to 0
};

// Updates the beliefs of every player of one game. `teams[t]` lists team t's players,
// `ranks[t]` its place (1 = best; equal ranks are ties). Teams are independent of order.
void weng_lin_update(std::vector<std::vector<SkillBelief*>>& teams, const std::vector<int>& ranks,
                     const WengLinOptions& options = {});

}  // namespace arena

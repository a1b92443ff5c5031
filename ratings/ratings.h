// Maximum-likelihood ratings on the Elo scale: Bradley–Terry for two-seat games (draws
// as half points) and Plackett–Luce for more seats (ties averaged over their orders),
// with team strength as the sum of its members. Formulas, sources and warnings are in
// docs/ratings.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/user_error.h"
#include "ratings/rated_game.h"

namespace arena {

// 400·log10 scale: a difference of d Elo means an expected score of 1/(1+10^(-d/400)).
inline constexpr double kEloPerNatural = 173.71779276130073;  // 400 / ln(10)

struct RatingOptions {
  std::optional<std::string> anchor;  // bot whose rating is fixed to anchor_elo
  double anchor_elo = 0;              // the anchor's rating; with no anchor the pool average is 0
  int bootstrap = 0;                  // replicates of whole-game resampling; 0 = none
  std::uint64_t seed = 1;             // bootstrap seed
};

struct RatedBot {
  std::string name;
  double elo = 0;
  double error = 0;            // ± of the 95% interval (inverse Hessian); NaN when unmeasurable
  double bootstrap_error = 0;  // ± from the bootstrap (1.96 · standard deviation); NaN without
  int games = 0;
  double score = 0;         // fraction: (opponent seats beaten + ties/2) / opponent seats
  double draws = 0;         // fraction of games where the bot's place was shared with an opponent
  double average_rank = 0;  // mean finishing place (1 = best)
  // +1 / -1: the bot won / lost every game, so its maximum-likelihood rating is infinite;
  // it is held finite by the small prior (docs/ratings.md) and shown flagged.
  int edge = 0;
  bool prior = false;     // the small prior was used for this bot's component
  bool separable = true;  // false: always partnered with the same bots, only the team sum is measured
  int component = 0;      // connected part of the pool (0 = the anchor's or the largest)
  double los_next = 0;    // likelihood of superiority over the next bot in the table; NaN if none
};

struct RatingTable {
  std::string model;  // "Bradley-Terry" or "Plackett-Luce"
  bool multi_seat = false;
  std::vector<RatedBot> bots;  // sorted by Elo, best first
  // los[i][j]: likelihood that bots[i] is stronger than bots[j] (same component, else NaN).
  std::vector<std::vector<double>> los;
  std::vector<std::string> warnings;
  int games = 0;
  int iterations = 0;
  std::string anchor;  // empty: pool average
  double anchor_elo = 0;
  std::string calibration;  // set by ratings/calibration.h: what fixed the scale ("" : anchor or average)
  int bootstrap = 0;
};

// Throws a UserError for input that cannot be rated (an invalid game, an unknown anchor).
RatingTable compute_ratings(const std::vector<RatedGame>& games, const RatingOptions& options = {});

// Expected score of a player rated `elo_diff` above its opponent, and its inverse
// (minus or plus infinity for a score of 0 or 1).
double expected_score(double elo_diff);
double elo_from_score(double score);

}  // namespace arena

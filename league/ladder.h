// The ladder (docs/league.md, "A calibrated scale"): reference bots whose ratings were measured
// once per game and ship with Arena. `arena league new --ladder` adds them to a league, and the
// league's table is then put on their scale (ratings/calibration.h), so a rating means the same
// in every league of that game: "plays like mcts at 1,024 iterations".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ratings/calibration.h"
#include "store/league_store.h"

namespace arena {

// One reference bot: a sample bot of Arena that plays the same on any machine (random and
// greedy; mcts_bot with a fixed number of iterations, never a time budget).
struct LadderRung {
  std::string_view name;     // its name in a league, "ladder-mcts-1024"
  std::string_view program;  // the sample bot's executable, installed beside arena
  int iterations = 0;        // mcts_bot --iterations; 0 for the others
  double elo = 0;            // published rating (random = 0)
  double error = 0;          // ± of its 95% interval
};

struct PublishedLadder {
  std::string_view spec;      // the canonical game spec it was measured at
  std::string_view measured;  // how: games, date, the command (docs/league.md)
  std::vector<LadderRung> rungs;
};

// Every ladder shipped with Arena (league/ladder_ratings.cpp).
const std::vector<PublishedLadder>& published_ladders();

// The ladder of this canonical spec; a UserError naming the specs that have one otherwise.
const PublishedLadder& ladder_for(std::string_view spec);

// The ladder's bots, their commands naming the sample bots in `bin_dir` (a UserError if one is
// missing there).
std::vector<LeagueBot> ladder_bots(const PublishedLadder& ladder, const std::string& bin_dir);

// The published ratings as references for calibrate().
std::vector<ReferenceRating> ladder_references(const PublishedLadder& ladder);

}  // namespace arena

#include "tournaments/match_seating.h"

#include "engine/core/random.h"
#include "referee/match_schedule.h"
#include "tournaments/schedule.h"

namespace arena {

namespace {

// Team games with one bot per seat: every partnership and its rotations. Empty otherwise
// (fewer or more bots than seats rotate in turn).
std::vector<std::vector<int>> partnership_arrangements(const Game& game, int bots) {
  const int seats = game.num_players();
  std::vector<int> teams(seats);
  bool has_teams = false;
  for (int s = 1; s <= seats; ++s) {
    teams[s - 1] = game.team_of(s);
    has_teams = has_teams || teams[s - 1] != s - 1;
  }
  if (!has_teams || bots != seats) return {};
  std::vector<int> table(seats);
  for (int b = 0; b < seats; ++b) table[b] = b;
  return table_arrangements(table, teams);
}

}  // namespace

int match_set_size(const Game& game, int bots) {
  const auto arrangements = partnership_arrangements(game, bots);
  return arrangements.empty() ? game.num_players() : static_cast<int>(arrangements.size());
}

std::vector<GameJob> match_seating(const Game& game, int bots, int games, std::uint64_t seed) {
  auto jobs = rotation_schedule(game.spec(), bots, game.num_players(), games, seed);
  const auto arrangements = partnership_arrangements(game, bots);
  const int set = static_cast<int>(arrangements.size());
  for (int g = 0; g < games && set > 0; ++g) {
    jobs[g].seats = arrangements[g % set];
    jobs[g].seed = derive_seed(seed, static_cast<std::uint64_t>(g / set));
  }
  return jobs;
}

}  // namespace arena

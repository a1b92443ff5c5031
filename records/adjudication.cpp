#include "records/adjudication.h"

#include <set>

namespace arena {

std::vector<SeatResult> fault_results(const Game& game, int fault_seat) {
  const int n = game.num_players();
  const int losing_team = game.team_of(fault_seat);
  // Ranks count sides, a team once (standard competition ranking over sides, docs/records.md):
  // the losing side is ranked one below the number of sides sharing first place.
  std::set<int> winning_sides;
  for (int s = 1; s <= n; ++s)
    if (game.team_of(s) != losing_team) winning_sides.insert(game.team_of(s));
  const int winners = static_cast<int>(winning_sides.size());
  std::vector<SeatResult> r(n);
  for (int s = 1; s <= n; ++s) {
    SeatResult& x = r[s - 1];
    x.team = game.team_of(s);
    if (x.team == losing_team) {
      x.rank = winners + 1;  // last, below every seat that shares first place
      x.score = 0;
    } else {
      x.rank = 1;
      x.score = 1;
    }
  }
  return r;
}

std::vector<SeatResult> drawn_results(const Game& game) {
  std::vector<SeatResult> r(game.num_players());
  for (int s = 1; s <= game.num_players(); ++s) r[s - 1] = SeatResult{1, 0.5, game.team_of(s)};
  return r;
}

}  // namespace arena

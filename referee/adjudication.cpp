#include "referee/adjudication.h"

namespace arena {

std::vector<SeatResult> fault_results(const Game& game, int fault_seat) {
  const int n = game.num_players();
  const int losing_team = game.team_of(fault_seat);
  int winners = 0;
  for (int s = 1; s <= n; ++s)
    if (game.team_of(s) != losing_team) ++winners;
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

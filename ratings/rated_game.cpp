#include "ratings/rated_game.h"

#include <algorithm>
#include <set>

namespace arena {

bool is_rated(Termination why) { return why != Termination::kAborted && why != Termination::kStartFailure; }

bool is_rated(std::string_view termination_name) {
  const std::optional<Termination> why = termination_from_name(termination_name);
  return !why || is_rated(*why);  // a name of another Arena: rated, as before
}

std::optional<RatedGame> rated_game_of(const GameRecord& rec) {
  if (rec.results.empty() || !is_rated(rec.termination)) return std::nullopt;
  RatedGame g;
  g.players = rec.players;
  std::set<int> distinct_teams;
  for (const SeatResult& r : rec.results) {
    g.ranks.push_back(r.rank);
    g.teams.push_back(r.team);
    distinct_teams.insert(r.team);
  }
  // Teams only matter when some seats share one; otherwise keep the simple form.
  if (distinct_teams.size() == rec.results.size()) g.teams.clear();
  g.pairing = rec.spec + "#" + std::to_string(rec.seed);
  return g;
}

std::vector<RatedGame> rated_games_from_records(const std::vector<GameRecord>& records,
                                                UnratedGames* skipped) {
  std::vector<RatedGame> games;
  games.reserve(records.size());
  UnratedGames unrated;
  for (const GameRecord& rec : records) {
    std::optional<RatedGame> g = rated_game_of(rec);
    if (g)
      games.push_back(std::move(*g));
    else
      ++(rec.termination == Termination::kStartFailure ? unrated.never_started : unrated.aborted);
  }
  if (skipped) *skipped = unrated;
  return games;
}

std::string validate_rated_game(const RatedGame& game) {
  const std::size_t seats = game.players.size();
  if (seats < 2) return "a rated game needs at least two seats";
  if (game.weight < 1) return "weight " + std::to_string(game.weight) + " is not 1 or more";
  if (game.ranks.size() != seats) return "ranks and players differ in number";
  if (!game.teams.empty() && game.teams.size() != seats) return "teams and players differ in number";
  for (int r : game.ranks)
    if (r < 1) return "rank " + std::to_string(r) + " is not 1 or more";
  for (const auto& p : game.players)
    if (p.empty()) return "a seat has no player name";
  // Seats are few: a scan back to each team's first seat costs less than the maps it
  // replaced, which allocated for every game of a million-game rating.
  int teams = 0;
  for (std::size_t i = 0; i < seats; ++i) {
    const int team = team_of(game, i);
    std::size_t first = 0;
    while (first < i && team_of(game, first) != team) ++first;
    if (first == i) {
      ++teams;
    } else if (game.ranks[first] != game.ranks[i]) {
      return "seats of team " + std::to_string(team) + " finished with different ranks";
    }
  }
  if (teams < 2) return "every seat is on one team: nothing to compare";
  return {};
}

}  // namespace arena

#include "league/league_games.h"

#include "engine/core/user_error.h"
#include "records/pgn.h"

namespace arena {

std::vector<GameRecord> league_records(const std::vector<LeagueGame>& games, const std::string& dir) {
  std::vector<GameRecord> records;
  for (const LeagueGame& g : games) {
    std::vector<PgnError> errors;
    std::vector<GameRecord> one = parse_pgn(g.pgn, errors);
    if (!errors.empty() || one.size() != 1)
      throw UserError(dir + ": game " + std::to_string(g.id) + " of the league's store cannot be read" +
                      (errors.empty() ? "" : ": " + errors[0].message));
    records.push_back(std::move(one[0]));
  }
  return records;
}

std::vector<GameRecord> league_records(LeagueStore& store, const std::string& dir) {
  return league_records(store.games(), dir);
}

}  // namespace arena

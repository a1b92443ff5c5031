// The league's games' records, read from its store.
#pragma once

#include <string>
#include <vector>

#include "records/record.h"
#include "store/league_store.h"

namespace arena {

// Every stored game's record; one that cannot be read is an error naming the league and the
// game (the store is damaged).
std::vector<GameRecord> league_records(LeagueStore& store, const std::string& dir);
// The same for the games given (a run reads those others finished since it last looked).
std::vector<GameRecord> league_records(const std::vector<LeagueGame>& games, const std::string& dir);

}  // namespace arena

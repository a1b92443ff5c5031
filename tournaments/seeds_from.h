// Knockout seeding from the ratings of a previous run (`--seeds-from DIR`, docs/tournaments.md):
// the bots that DIR/ratings.json rates come first, best Elo first; the others follow in the
// order they had (`--seeds`, then the bots' order). Read once, when a tournament starts: the
// resolved order is kept in tournament.json, so a resume never depends on DIR.
#pragma once

#include <string>
#include <vector>

#include "tournaments/config.h"

namespace arena {

// The seeding of `c` with its `seeds_from` applied: every bot, best seed first. Throws
// ConfigError when the folder has no ratings (or they cannot be read) or they name none of
// the bots of this event.
std::vector<std::string> seeds_from_ratings(const TournamentConfig& c);

}  // namespace arena

// The league store in SQLite (store/league_store.h): DIR/league.db.
#pragma once

#include <memory>
#include <string>

#include "store/league_store.h"

namespace arena {

// Opens the league database `path`; a UserError naming it if it is not a league's.
std::unique_ptr<LeagueStore> open_sqlite_league_store(const std::string& path);
// Makes the league database `path` (which must not exist) with these settings.
std::unique_ptr<LeagueStore> create_sqlite_league_store(const std::string& path, const std::string& settings);

}  // namespace arena

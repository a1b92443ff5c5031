// The league store in PostgreSQL (store/league_store.h): one league per database, several
// `arena league run` workers on several machines sharing it through leased claims.
#pragma once

#include <memory>
#include <string>

#include "store/league_store.h"

namespace arena {

// Opens the league in `database` (a postgresql:// URL or a conninfo); a UserError naming it
// if the server cannot be reached or the database is not a league's.
std::unique_ptr<LeagueStore> open_pg_league_store(const std::string& database);
// Makes a league in `database`, which must hold none (nor tables of the same names).
std::unique_ptr<LeagueStore> create_pg_league_store(const std::string& database, const std::string& settings);

}  // namespace arena

// A league's summary for the report's page (`arena league report`) and the live page (`arena
// serve` on a league's folder): what `arena league table` shows, as its JSON (ratings; each bot
// with its status, parent, faults, time per move and `info data` figures; each version against
// its parent with its SPRT state) and as its text. report/ and serve/ sit below league/
// (docs/architecture.md), so the command line computes it and hands it down, where the page
// draws it (report/page/league.js).
#pragma once

#include <boost/json/object.hpp>
#include <string>

namespace arena::cli {

// Throws a UserError when the folder holds no league or its store cannot be read.
boost::json::object league_page_summary(const std::string& dir);

}  // namespace arena::cli

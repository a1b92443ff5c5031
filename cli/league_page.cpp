#include "cli/league_page.h"

#include <boost/json/parse.hpp>

#include "league/league.h"

namespace arena::cli {

boost::json::object league_page_summary(const std::string& dir) {
  boost::json::object summary = boost::json::parse(league_table(dir, LeagueTableFormat::kJson)).as_object();
  summary["text"] = league_table(dir, LeagueTableFormat::kText);
  return summary;
}

}  // namespace arena::cli

// Everything the report page shows, as one JSON object built from records: the list of games
// (players, results, termination, length), the ratings table and head-to-head statistics
// (computed by ratings/), and the replays of the chosen games (report/replay.h). The page
// derives the crosstable, faults, seat shares and length histogram from the game list.
#pragma once

#include <boost/json/object.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "records/record.h"

namespace arena::report {

struct ReportOptions {
  std::string title = "Arena report";
  // 1-based numbers of the games whose replays are embedded; empty: games in order until
  // their replays reach `replay_budget` bytes (docs/report.md, "Size").
  std::vector<int> games;
  std::size_t replay_budget = std::size_t{16} << 20;
  // A knockout's bracket (its folder's bracket.txt): the page shows it in place of the
  // crosstable, which says little about a field that mostly never met.
  std::string bracket;
};

boost::json::object report_data(const std::vector<GameRecord>& records, const ReportOptions& options);

}  // namespace arena::report

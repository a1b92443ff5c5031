// The report's data (report/report_data.h): the rows of report/report_data_builder.h, and the
// replays to embed.
#include "report/report_data.h"

#include <boost/json/array.hpp>
#include <set>

#include "report/embedded_replay.h"
#include "report/report_data_builder.h"

namespace arena::report {

namespace json = boost::json;

namespace {

// The replays to embed (report/embedded_replay.h), by game number: the chosen games, or the
// first ones within the budget. A record is {"record": packed}, pictures the packed text.
json::object replays(const std::vector<GameRecord>& records, const ReportOptions& o) {
  json::object out;
  std::size_t bytes = 0;
  const std::set<int> chosen(o.games.begin(), o.games.end());
  for (int n = 1; n <= static_cast<int>(records.size()); ++n) {
    if (!chosen.empty() && !chosen.count(n)) continue;
    if (chosen.empty() && bytes >= o.replay_budget) break;
    EmbeddedReplay replay = embedded_replay(records[n - 1], o);
    bytes += replay.packed.size();
    out[std::to_string(n)] = replay.is_record
                                 ? json::value(json::object{{"record", std::move(replay.packed)}})
                                 : json::value(std::move(replay.packed));
  }
  return out;
}

}  // namespace

json::object report_data(const std::vector<GameRecord>& records, const ReportOptions& options) {
  ReportDataBuilder rows;
  std::vector<std::size_t> all;
  for (const GameRecord& r : records) {
    all.push_back(rows.size());
    rows.add(r, options.records_file);
  }
  json::object out = rows.data(all, options);
  out["replays"] = replays(records, options);
  return out;
}

}  // namespace arena::report

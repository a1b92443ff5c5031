// The report's data (report/report_data.h) built a game at a time, for `arena serve`: each
// finished game's summary (records/game_summary.h: a league keeps it, a tournament's record is
// summarised when read) becomes a small row (its entry in the game list, its rated
// outcome, its seats' move times and time forfeits) and then let go, so memory follows the
// game list the page shows, not the records; the data of any subset of the rows (the games
// not held back) is put together from the rows alone. report_data() is this builder given
// every record at once: one way to the page's data.
#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ratings/rated_game.h"
#include "records/game_summary.h"
#include "records/record.h"
#include "report/report_data.h"

namespace arena::report {

class ReportDataBuilder {
 public:
  // Adds row size() from a finished game's summary; `records_file` as
  // ReportOptions::records_file (the file its fault's repro command names). From a record: of
  // its summary.
  void add(const GameSummary& summary, const std::string& records_file = "");
  void add(const GameRecord& record, const std::string& records_file = "");
  std::size_t size() const { return rows_.size(); }
  // The Round tag of row i (0-based).
  const std::string& round(std::size_t i) const { return rows_[i].round; }
  // The report's data of rows `shown` (0-based, in order: games 1, 2... of the page): "title",
  // "games", "specs", "ratings", "times", "replays" (empty: the caller embeds them, or not),
  // "budget", and the bracket, league and "rf" of `options`.
  boost::json::object data(const std::vector<std::size_t>& shown, const ReportOptions& options) const;

 private:
  // A seat's time per move in one game, as MoveTimes' parts (records/move_times.h): the
  // non-empty buckets only, so merging them gives the same summary as the whole record.
  struct SeatTimes {
    int bot = 0;  // in bots_
    std::vector<std::pair<int, std::int64_t>> buckets;
    std::int64_t total = 0, worst = 0;
    bool time_forfeit = false;
  };
  struct Row {
    std::string round, spec;
    boost::json::object entry;  // the game list's entry, "n" set when shown
    std::optional<RatedGame> rated;
    std::vector<SeatTimes> seats;
  };
  int bot_id(const std::string& name);
  boost::json::object times_json(const std::vector<std::size_t>& shown) const;

  std::vector<Row> rows_;
  std::map<std::string, boost::json::object> specs_;  // each game spec's title, hidden, players
  std::vector<std::string> bots_;
  std::unordered_map<std::string, int> bot_ids_;
};

}  // namespace arena::report

// What a table shows of each bot beside its rating (docs/league.md, "The table"; the report's
// results page): the faults of its games by reason and the time it used per move (mean, 99th
// percentile, worst), and the mean of each figure it reported with `info data KEY VALUE`
// (docs/protocol.md), read from the games' records.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "records/move_times.h"
#include "records/record.h"

namespace arena {

struct BotFigures {
  std::map<std::string, int> faults;  // termination name -> games this bot faulted that way
  MoveTimes times;
  struct Figure {
    double sum = 0;
    long count = 0;
    double mean() const { return count ? sum / static_cast<double>(count) : 0; }
  };
  std::map<std::string, Figure> data;  // KEY of `info data KEY VALUE` -> its values
};

// Adds one game's figures to `into` (per bot name).
void add_bot_figures(const GameRecord& record, std::map<std::string, BotFigures>& into);

// Per bot name; bots that played no game are absent.
std::map<std::string, BotFigures> bot_figures(const std::vector<GameRecord>& records);

// "time forfeit 2, crash 1" or "-".
std::string faults_text(const std::map<std::string, int>& faults);

}  // namespace arena

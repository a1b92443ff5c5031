// The tables a finished tournament leaves in its folder (ratings, crosstable, faults).
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.h"
#include "tournaments/journal_index.h"
#include "tournaments/standings.h"

namespace arena {

// A staged format's own table (Swiss standings, knockout bracket, SPRT per pairing).
struct PlanReport {
  std::string name;  // file stem; "" = none
  std::string text;
  bool replaces_crosstable = false;
};

// Writes ratings.{txt,csv,json}, crosstable.{txt,csv} and faults.{txt,csv} into `dir` and
// returns what to print at the end: the ratings table, warnings, crosstable and faults. The
// faults end with the repro command of each game with a fault, the bots' commands taken from
// `commands` (side by side with `bots`; "COMMAND" where not known).
std::string write_reports(const std::string& dir, const Game& game, const std::vector<std::string>& bots,
                          const JournalIndex& journal, const Standings& standings,
                          const PlanReport& plan = {}, const std::vector<std::string>& commands = {});

}  // namespace arena

// The tables a finished tournament leaves in its folder (ratings, crosstable, faults).
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.h"
#include "tournaments/journal.h"
#include "tournaments/standings.h"

namespace arena {

// Writes ratings.{txt,csv,json}, crosstable.{txt,csv} and faults.{txt,csv} into `dir` and
// returns what to print at the end: the ratings table, warnings, crosstable and faults.
std::string write_reports(const std::string& dir, const Game& game, const std::vector<std::string>& bots,
                          const std::vector<JournalEntry>& entries, const Standings& standings);

}  // namespace arena

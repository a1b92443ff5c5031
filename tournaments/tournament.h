// Runs a tournament end to end: schedule -> match runner -> results store (PGN + journal)
// -> standings, ratings and tables in the output folder. docs/tournaments.md.
#pragma once

#include <cstdio>
#include <string>

#include "tournaments/config.h"

namespace arena {

struct TournamentRun {
  int scheduled = 0;  // games in the schedule
  int committed = 0;  // games in the journal at the end
  bool complete() const { return committed == scheduled; }
};

// Starts a new tournament in config.out (which must not already hold one).
TournamentRun start_tournament(const TournamentConfig& config, bool quiet, std::FILE* out);
// Continues the tournament in `dir` from where it stopped.
TournamentRun resume_tournament(const std::string& dir, bool quiet, std::FILE* out);

// Reads `dir`'s tournament.json; throws ConfigError.
TournamentConfig load_tournament_config(const std::string& dir);

}  // namespace arena

// Before a run's first game: start every bot once and check its handshake, all at once and
// bounded by the start-up time, so a bot that cannot start (a wrong path, a missing file, a
// broken interpreter line) stops the run with the reason instead of losing every game
// (docs/referee.md, "Before the first game").
#pragma once

#include <string>
#include <vector>

#include "referee/run_options.h"

namespace arena {

struct StartProblem {
  std::string bot;          // its name
  std::string command;      // as it was run
  std::string reason;       // e.g. "cannot start: 'bots/x' does not exist"
  std::string stderr_tail;  // the last lines of its standard error, escaped
};

// Every bot that failed (empty: all started and were stopped again). People at the terminal
// (untimed bots) are not started.
std::vector<StartProblem> check_bots_start(const std::vector<BotSpec>& bots, const RunnerOptions& options);

// One paragraph per problem, for the terminal.
std::string describe_start_problems(const std::vector<StartProblem>& problems);

}  // namespace arena

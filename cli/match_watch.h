// `arena match --watch[=N]`: game N of a match drawn live as it is played: the engine's
// picture of the position, the last action and every seat's clock, redrawn in place on a
// terminal, or one plain line per action when the output is not a terminal (a pipe, a file).
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "referee/run_options.h"

namespace arena::cli {

std::function<void(const WatchedAction&)> make_watch_printer(std::FILE* out, bool terminal, int game_number,
                                                             std::vector<std::string> seat_names);

}  // namespace arena::cli

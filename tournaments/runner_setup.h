// How the bots of a run are run, from its settings: one mapping for `arena match`,
// `arena tournament` and `arena check-bot`, so a setting means the same in all three.
#pragma once

#include "referee/run_options.h"
#include "tournaments/option_table.h"

namespace arena {

// The clock (an empty tc with a move_time: no game clock), limits, sandbox and its binds,
// concurrency, legal moves, log folder, event and random opening plies of `s`. Checks what a
// value alone cannot: the binds exist and come with the sandbox, the sandbox works here.
// Errors (ConfigError) name the setting as `command` knows it: the flag, or for a
// tournament its tournament.json key.
RunnerOptions runner_options(const RunSettings& s, RunCommand command);

// The bot names are unique (each name was checked by process/bot_name.h as it was read).
void check_bot_names(const RunSettings& s, RunCommand command);

// The cores this process may run on (its CPU affinity; at least 1).
int usable_cores();
// "" when `concurrency` games fit the cores, else a warning for the person starting the run:
// one bot thinks at a time in a game, so each game wants a core; with more games than cores,
// bots lose time to each other and time forfeits may be the machine's fault (issue 30).
std::string oversubscription_warning(int concurrency, int cores);

// What `command` calls the setting of tournament.json key `key`: "--sandbox-bind" or, in a
// tournament, "sandbox_binds".
std::string setting_label(RunCommand command, std::string_view key);

}  // namespace arena

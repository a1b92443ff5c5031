// How a league starts one of its bots: its command as `league add` was given it, meaning
// what it meant in the folder `add` ran in, from whatever folder the league runs. One
// function for `add`'s start check and for the run, so the check tries what the run starts.
#pragma once

#include "referee/run_options.h"
#include "store/league_store.h"

namespace arena {

// A relative program ("./build/mybot") is found from the bot's folder, and the bot runs
// there; a bare name ("mybot") is looked up in PATH. Throws a UserError naming the bot if
// its command cannot be split into words.
BotSpec league_bot_spec(const LeagueBot& bot);

}  // namespace arena

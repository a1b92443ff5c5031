#include "league/league_bot_spec.h"

#include "process/command_line.h"

namespace arena {

BotSpec league_bot_spec(const LeagueBot& b) {
  BotSpec spec;
  spec.name = b.name;
  spec.command.argv = split_command_line(b.command, "bot '" + b.name + "'");
  spec.command.working_dir = b.workdir;  // a relative program is found from there (BotProcess::spawn)
  return spec;
}

}  // namespace arena

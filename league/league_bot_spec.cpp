#include "league/league_bot_spec.h"

#include <filesystem>

#include "process/command_line.h"

namespace arena {

BotSpec league_bot_spec(const LeagueBot& b) {
  namespace fs = std::filesystem;
  BotSpec spec;
  spec.name = b.name;
  spec.command.argv = split_command_line(b.command, "bot '" + b.name + "'");
  std::string& program = spec.command.argv.front();
  if (!b.workdir.empty() && program.find('/') != std::string::npos && fs::path(program).is_relative())
    program = (fs::path(b.workdir) / program).lexically_normal().string();
  spec.command.working_dir = b.workdir;
  return spec;
}

}  // namespace arena

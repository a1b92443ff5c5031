// A tournament's configuration (tournaments/run_settings.h) in a JSON file (Boost.JSON), read and
// written by the option table (tournaments/option_table.h). Unknown keys and bad values are
// rejected with the key's path and what was expected.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/user_error.h"
#include "referee/openings.h"
#include "tournaments/option_table.h"
#include "tournaments/run_settings.h"
#include "tournaments/schedule.h"

namespace arena {

class ConfigError : public UserError {
 public:
  using UserError::UserError;
};

// Parses JSON text; `origin` names the file in messages. Throws ConfigError. The keys are
// those of `command`'s rows (a league's settings are kLeagueNew's).
TournamentConfig parse_config(const std::string& json_text, const std::string& origin,
                              RunCommand command = RunCommand::kTournament);
std::string config_to_json(const TournamentConfig& config, RunCommand command = RunCommand::kTournament);
// Paths in a configuration file mean what they say from the file's own folder `base`:
// a bot program given as a relative path ("bots/mine" or "./mine"), a relative workdir, the
// openings file and the output folder become absolute; a bot without a workdir runs in
// `base` (so "python3 bots/mine.py" finds its script); so do the sandbox_binds. Programs named without a '/'
// are looked up in PATH as before. The resolved settings are what tournament.json keeps.
void resolve_config_paths(TournamentConfig& config, const std::string& base);
// Checks what parsing alone cannot: names unique, gauntlet names known, ranges. Throws ConfigError.
void validate_config(const TournamentConfig& config);

// The program and arguments of a bot: `command` split like a shell would (spaces separate
// words; single or double quotes group them; backslash escapes), then `args`.
// Throws a UserError naming the bot for an unterminated quote or an empty command.
std::vector<std::string> bot_argv(const BotConfig& bot);


}  // namespace arena

// A tournament's configuration: from a JSON file (Boost.JSON) and/or command-line flags.
// Unknown keys and bad values are rejected with the key's path and what was expected.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "tournaments/schedule.h"

namespace arena {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct BotConfig {
  std::string name;
  std::string command;            // executable (path or name on PATH), or a full command line
  std::vector<std::string> args;  // extra arguments
  std::string workdir;            // optional working directory
};

struct TournamentConfig {
  std::string game;  // game spec as given (canonicalised by the engine)
  std::vector<BotConfig> bots;
  Format format = Format::kRoundRobin;
  std::vector<std::string> gauntlet;  // names of the chosen bots
  int games = 0;                      // games per pairing; 0 = one set of seat arrangements
  int rounds = 1;
  std::string tc = "10+0.1";  // BASE+INC seconds
  double move_time = 0;       // hard cap per move, seconds; 0 = none
  double startup_time = 10;
  int margin_ms = 50;  // allowance added to every deadline
  int concurrency = 1;
  std::uint64_t seed = 1;
  std::string out;               // output folder
  bool legal_moves = true;       // send legal moves before each decision
  int max_tables = 0;            // multi-seat games: tables per round; 0 = automatic
  std::string sandbox = "none";  // "none" or "bwrap": every bot under bubblewrap (docs/security.md)

  bool operator==(const TournamentConfig&) const = default;
};

bool operator==(const BotConfig& a, const BotConfig& b);

// Parses JSON text; `origin` names the file in messages. Throws ConfigError.
TournamentConfig parse_config(const std::string& json_text, const std::string& origin);
std::string config_to_json(const TournamentConfig& config);
// Checks what parsing alone cannot: names unique, gauntlet names known, ranges. Throws ConfigError.
void validate_config(const TournamentConfig& config);

// The program and arguments of a bot: `command` split like a shell would (spaces separate
// words; single or double quotes group them; backslash escapes), then `args`.
// Throws ConfigError for an unterminated quote or an empty command.
std::vector<std::string> bot_argv(const BotConfig& bot);

// "Format::kRoundRobin" <-> "round-robin"
const char* format_name(Format f);

}  // namespace arena

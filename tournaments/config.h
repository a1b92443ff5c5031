// A tournament's configuration: from a JSON file (Boost.JSON) and/or command-line flags.
// Unknown keys and bad values are rejected with the key's path and what was expected.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/user_error.h"
#include "process/bot_process.h"
#include "referee/openings.h"
#include "tournaments/schedule.h"

namespace arena {

class ConfigError : public UserError {
 public:
  using UserError::UserError;
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
  std::string out;  // output folder
  // The folder the tournament was started from (absolute): relative bot commands and bots
  // without a workdir mean what they meant there, so --resume works from any folder. Empty in
  // a tournament.json of an older Arena: then the current folder, as before.
  std::string started_in;
  bool legal_moves = true;           // send legal moves before each decision
  int max_tables = 0;                // multi-seat games: tables per round; 0 = automatic
  Sandbox sandbox = Sandbox::kNone;  // kBwrap: every bot under bubblewrap (docs/security.md)
  // With bwrap: more files or folders every bot may read, beyond those its command names
  std::vector<std::string> sandbox_binds;
  int max_memory_mib = 2048;  // address-space limit per bot process, MiB; 0 = none
  std::string openings;       // openings file (referee/openings.h); empty = none
  OpeningsOrder openings_order = OpeningsOrder::kSequential;
  int random_opening_plies = 0;    // random legal moves from each game's seed before the bots start
  std::vector<std::string> seeds;  // knockout: bot names, best seed first (the rest follow in order)
  // knockout: a previous tournament's folder (or its ratings.json); its ratings order the seeds.
  // Resolved into `seeds` when the tournament starts, so --resume never reads it again.
  std::string seeds_from;
  int advance = 0;      // knockout, multi-seat: bots each table sends on; 0 = half the seats
  int extra_pairs = 3;  // knockout: most extra pairs (sets) a tied match plays
  std::string sprt;     // gauntlet: per-pairing stop rule "elo0=..,elo1=..,alpha=..,beta=.."
  // adaptive (tournaments/adaptive.h); `games` is then the most games in all
  double target_ci = 0;      // stop when every rating's 95% interval is within ± this (Elo); 0 = unused
  int top = 0;               // order the top K only; 0 = the whole table
  int batch = 0;             // tables per batch; 0 = as many as bots
  double confidence = 0.95;  // likelihood of superiority that separates two bots
  double min_share = 0.25;   // the fewest games a bot plays, as a share of the mean

  bool operator==(const TournamentConfig&) const = default;
};

bool operator==(const BotConfig& a, const BotConfig& b);

// Parses JSON text; `origin` names the file in messages. Throws ConfigError.
TournamentConfig parse_config(const std::string& json_text, const std::string& origin);
std::string config_to_json(const TournamentConfig& config);
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
// Throws ConfigError for an unterminated quote or an empty command.
std::vector<std::string> bot_argv(const BotConfig& bot);

// "Format::kRoundRobin" <-> "round-robin"
const char* format_name(Format f);

}  // namespace arena

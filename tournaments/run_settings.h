// Everything a run of games is asked to do, for `arena match`, `arena tournament` and
// `arena check-bot` alike: what is played, by whom, under which clock and limits, into which
// files. Each field is declared once more, as a row of tournaments/option_table.h, which gives
// it its flag, its tournament.json key, its range, default and help: nothing here is parsed
// or checked by hand. A tournament's settings are kept in its folder's tournament.json.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "process/bot_command.h"
#include "records/bot_lines.h"
#include "referee/openings.h"
#include "tournaments/schedule.h"

namespace arena {

struct BotConfig {
  std::string name;
  std::string command;            // executable (path or name on PATH), or a full command line
  std::vector<std::string> args;  // extra arguments
  std::string workdir;            // optional working directory
  bool operator==(const BotConfig&) const = default;
};

struct RunSettings {
  // What is played, by whom.
  std::string game;  // game spec as given (canonicalised by the engine)
  std::vector<BotConfig> bots;
  std::vector<std::string> bot_under_test;  // check-bot: argv, or one command line to split

  // The schedule.
  Format format = Format::kRoundRobin;
  std::vector<std::string> gauntlet;  // names of the chosen bots
  int games = 0;                      // match, tournament: 0 = one set of seat arrangements
  int rounds = 1;
  std::uint64_t seed = 1;
  int max_tables = 0;              // multi-seat games: tables per round; 0 = automatic
  std::vector<std::string> seeds;  // knockout: bot names, best seed first (the rest follow in order)
  // knockout: a previous tournament's folder (or its ratings.json); its ratings order the seeds.
  // Resolved into `seeds` when the tournament starts, so --resume never reads it again.
  std::string seeds_from;
  int advance = 0;      // knockout, multi-seat: bots each table sends on; 0 = half the seats
  int extra_pairs = 3;  // knockout: most extra pairs (sets) a tied match plays
  std::string sprt;     // match, gauntlet: stop rule "elo0=..,elo1=..,alpha=..,beta=.."
  // adaptive (tournaments/adaptive.h); `games` is then the most games in all
  double target_ci = 0;      // stop when every rating's 95% interval is within ± this (Elo); 0 = unused
  int top = 0;               // order the top K only; 0 = the whole table
  int batch = 0;             // tables per batch; 0 = as many as bots
  double confidence = 0.95;  // likelihood of superiority that separates two bots
  double min_share = 0.25;   // the fewest games a bot plays, as a share of the mean
  // league: a new bot's first games (most pairings include it until it has this many)
  int min_games = 100;
  bool ladder = false;  // league: seeded with the game's reference bots, their ratings fix the scale
  double hours = 0;  // league run: stop after this long; 0 = until stopped (or `games`)
  // league new: the PostgreSQL database (URL or conninfo) to keep the league in; "" = SQLite
  std::string db;
  // league run: seconds a game in play stays this worker's without a renewal; after that a
  // dead worker's game goes to another (docs/league.md, "PostgreSQL")
  double lease = 60;

  // Clocks (seconds; docs/referee.md). An empty tc with a move_time: no game clock.
  std::string tc = "10+0.1";  // BASE+INC seconds
  double move_time = 0;       // hard cap per move; 0 = none
  double startup_time = 10;
  int margin_ms = 50;              // allowance added to every deadline
  double quit_grace = 1.0;         // check-bot: time to exit after "quit"
  std::string clock = "wall";      // "cpu": charge the CPU time of the bot's process tree
  double cpu_wall_factor = 3;      // --clock cpu: the wall-time cap as a multiple of the budget
  double pressure_threshold = 25;  // percent; a time forfeit at or above is flagged
  std::string pressure_file = "/proc/pressure/cpu";  // PSI file the pressure is read from

  // How bots are run.
  int concurrency = 1;
  bool legal_moves = true;           // send legal moves before each decision
  Sandbox sandbox = Sandbox::kNone;  // kBwrap: every bot under bubblewrap (docs/security.md)
  // With bwrap: more files or folders every bot may read, beyond those its command names
  std::vector<std::string> sandbox_binds;
  int max_memory_mib = 2048;  // address-space limit per bot process, MiB; 0 = none
  int bot_lines_cap =
      static_cast<int>(kDefaultBotLinesCap);  // bytes of bot info/stderr lines kept per game record; 0 = none
  std::string openings;                       // openings file (referee/openings.h); empty = none
  OpeningsOrder openings_order = OpeningsOrder::kSequential;
  int random_opening_plies = 0;  // random legal moves from each game's seed before the bots start

  // Where results go.
  std::string out;      // match: the PGN file appended to; tournament: the output folder
  std::string log_dir;  // match, check-bot: per-bot logs (a tournament's are OUT/logs)
  std::string event = "Arena match";
  // The folder the tournament was started from (absolute): relative bot commands and bots
  // without a workdir mean what they meant there, so --resume works from any folder. Empty in
  // a tournament.json of an older Arena: then the current folder, as before.
  std::string started_in;

  // How the command runs (command line only).
  bool quiet = false;
  int watch = 0;            // match, tournament: the game drawn live (1-based); 0: none
  std::string config_file;  // tournament: --config
  std::string resume_dir;   // tournament: --resume
  std::string shard;        // tournament: "I/N", play only shard I of N (docs/cluster.md)

  bool operator==(const RunSettings&) const = default;
};

// A tournament's settings: those of its tournament.json.
using TournamentConfig = RunSettings;

}  // namespace arena

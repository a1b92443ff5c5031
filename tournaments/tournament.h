// Runs a tournament end to end: schedule -> match runner -> results store (PGN + journal)
// -> standings, ratings and tables in the output folder. docs/tournaments.md.
#pragma once

#include <cstdio>
#include <functional>
#include <string>

#include "engine/core/game.h"
#include "referee/run_options.h"
#include "tournaments/config.h"
#include "tournaments/schedule.h"

namespace arena {

struct TournamentRun {
  int scheduled = 0;       // games in the schedule
  int committed = 0;       // games in the journal at the end
  int start_failures = 0;  // of those, games lost to a bot that could not start (after the first game)
  bool complete() const { return committed == scheduled; }
};

struct Shard;

// Starts a new tournament in config.out (which must not already hold one); with `shard`,
// only that shard of the schedule (tournaments/shard.h), recorded in shard.json.
// `watch`: with config.watch = N, the printer of game N's actions (`arena tournament --watch`)
// from its number and its seats' bots; a game the schedule never reaches is not drawn.
using TournamentWatch = std::function<std::function<void(const WatchedAction&)>(
    int number, const std::vector<std::string>& players)>;
TournamentRun start_tournament(const TournamentConfig& config, bool quiet, std::FILE* out,
                               const Shard* shard = nullptr, const TournamentWatch& watch = {});
// Continues the tournament in `dir` from where it stopped.
TournamentRun resume_tournament(const std::string& dir, bool quiet, std::FILE* out);
// The same with `config` (the folder's own, perhaps with another concurrency).
TournamentRun continue_tournament(const TournamentConfig& config, bool quiet, std::FILE* out);

// What the schedule of `config` is made from: bots, seats, the game's teams (Game::team_of),
// format, games per set and the seed. Throws ConfigError.
ScheduleRequest schedule_request(const TournamentConfig& config, const Game& game);

// Every game of a round-robin or gauntlet configuration (not of a staged format), in order.
std::vector<ScheduledGame> fixed_schedule(const TournamentConfig& config);

// Reads `dir`'s tournament.json; throws ConfigError.
TournamentConfig load_tournament_config(const std::string& dir);

}  // namespace arena

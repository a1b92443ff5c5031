// What `arena league run` tells, as events (as fastchess's IOutput): the run decides what
// happened, an output says it. The console's (console_league_output) is the one the CLI
// uses; a test can record the events instead.
//
// Not tournaments/progress.h's Progress: a tournament draws a bar toward a known number of
// games and redraws its table from the games it committed; a league has neither a total nor
// a table of its own (the store's tallies are the table, `arena league table`), and tells of
// claims, take-overs and suspensions that a tournament does not have. What both print, a
// line per game kept, is one call each.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "league/league.h"
#include "records/record.h"

namespace arena {

class LeagueOutput {
 public:
  virtual ~LeagueOutput() = default;
  // The run starts.
  virtual void started() = 0;
  // A game was kept (on the commit thread).
  virtual void kept(const GameRecord& record) = 0;
  // A game of this run was not kept: another run took it over when this run's lease ended.
  virtual void not_kept(const std::string& game_id) = 0;
  // This run took over games whose run's lease ended.
  virtual void took_over(const std::vector<std::string>& game_ids) = 0;
  // A game taken over is not played: its table seats a bot that is `why` ("retired").
  virtual void not_played(const std::string& game_id, const std::string& why) = 0;
  // Too few bots can play (`playing` of `needed`): the run waits for another.
  virtual void waiting(long playing, int needed, bool some_suspended) = 0;
  // The run's leases could not be renewed (the store away for a moment), `why`: tried again at
  // the next renewal. Told on the lease keeper's thread (league/lease_keeper.h).
  virtual void leases_not_renewed(const std::string& why) = 0;
  // A bot could not start and is suspended now (said even when quiet: someone must act).
  virtual void suspended(const std::string& bot, const std::string& reason) = 0;
  // The run ends.
  virtual void finished(const LeagueRun& run) = 0;
};

// Lines on `out` (nothing when `quiet`), the suspensions on `err`; `league` is the folder.
std::unique_ptr<LeagueOutput> console_league_output(std::FILE* out, std::FILE* err, const std::string& league,
                                                    bool quiet);

// "game 3.1.2: v1 #1 greedy #2 (greedy: cannot start)": each seat's bot and rank, and the
// fault that ended the game, if one did.
std::string kept_game_line(const GameRecord& record);

}  // namespace arena

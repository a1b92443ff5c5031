// A standing league (docs/league.md): bots are added and retired while it runs, every game
// is kept in the league's store (store/league_store.h), and the table is the ratings of all
// its games at any moment. `arena league new|add|retire|run|table` are thin calls of these.
#pragma once

#include <cstdio>
#include <string>

#include "tournaments/run_settings.h"

namespace arena {

// `s.out` is the new league's folder, `s.game` its game; the run settings of `s` (clock,
// limits, sandbox, openings, seed, min_games) are kept in the store. Throws a UserError.
void new_league(const RunSettings& s);

// Adds a bot "NAME=COMMAND" (a command relative to the current folder means what it means
// here, whenever the league runs). Works while the league runs: its next pairings take it.
// With `check`, the bot is first started once and must answer the handshake, as `arena
// match` checks its bots before the first game (referee/start_check.h): one that cannot start
// is refused with the same message. Without: a command valid only where the league runs.
void add_league_bot(const std::string& dir, const std::string& name_and_command, const std::string& parent,
                    const std::string& note, bool check = true);
// Stops pairing the bot; its games stay, and so does its rating.
void retire_league_bot(const std::string& dir, const std::string& name);
// Pairs again a bot the league suspended because it could not start (docs/league.md, "A bot
// that cannot start"), once it starts: with `check`, as add checks it.
void resume_league_bot(const std::string& dir, const std::string& name, bool check = true);

struct LeagueRun {
  long played = 0;       // games finished and kept by this run
  bool stopped = false;  // ended by a signal (Ctrl-C, SIGTERM) rather than a limit
  double seconds = 0;    // from start to end
  double waited = 0;     // seconds the games waited for the league (pairing, store), in all
};
// Plays the league in `run.out` until `run.games` games or `run.hours` hours (0: until
// stopped), `run.concurrency` games at once; progress on `out` unless `run.quiet`. Refused
// while another run plays the same league.
LeagueRun run_league(const RunSettings& run, std::FILE* out);

enum class LeagueTableFormat { kText, kCsv, kJson };
// The standings now: ratings with 95% intervals over every game of the league, and its bots.
std::string league_table(const std::string& dir, LeagueTableFormat format);

// Every game of the league as PGN, in the order they finished.
std::string league_pgn(const std::string& dir);

}  // namespace arena

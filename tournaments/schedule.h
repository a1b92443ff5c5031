// Which games a tournament plays: seats, seeds and order. Pure: no processes, no files.
// docs/tournaments.md describes the designs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arena {

// Swiss and knockout are played in stages (tournaments/plan.h), not from make_schedule.
enum class Format { kRoundRobin, kGauntlet, kSwiss, kKnockout, kAdaptive };
// "round-robin", "gauntlet", ...: the names of tournament.json and --format.
const char* format_name(Format f);

struct ScheduleRequest {
  int bots = 0;            // pool size; bots are referred to by index 0..bots-1
  int seats = 2;           // players per game
  std::vector<int> teams;  // 0-based team of each seat (size == seats); empty = no teams
  Format format = Format::kRoundRobin;
  std::vector<int> gauntlet;    // gauntlet: indices of the chosen bots that meet everyone else
  int games_per_encounter = 0;  // 0 = one full set of seat arrangements per table
  int rounds = 1;
  int max_tables = 0;  // per round, multi-seat games; 0 = every combination up to a limit
  std::uint64_t seed = 0;
};

struct ScheduledGame {
  int index = 0;               // 0-based position in the schedule; also the journal key
  std::string round;           // "R.T.G": round, table (encounter), game within the table
  std::vector<int> seat_bots;  // bot index per seat (index 0 = seat 1)
  std::uint64_t seed = 0;      // shared by every game of one table: duplicate style
};

// Throws a UserError with a clear message when the request cannot be met.
std::vector<ScheduledGame> make_schedule(const ScheduleRequest& request);

// The seat arrangements one table plays: every rotation of its bots over the seats, and
// for team games every distinct partnership (when the table's size allows) times its
// rotations. Exposed for tests and docs.
std::vector<std::vector<int>> table_arrangements(const std::vector<int>& table,
                                                 const std::vector<int>& teams);

}  // namespace arena

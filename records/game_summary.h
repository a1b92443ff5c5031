// A finished game reduced to what a game list shows of it (docs/league.md, "Game
// summaries"): who sat where, how each seat finished, how the game ended and how long it was,
// the referee's timing warnings and each seat's time per move. A league keeps one beside each
// record, written in the transaction that keeps the game, so that `arena serve` makes its game
// list of a million-game league without reading or parsing one record. Made from the record
// (summarize), never edited; its text form (a small JSON object) has this file as its one
// writer and its one reader.
#pragma once

#include <boost/json/array.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "records/record.h"
#include "records/timing_tags.h"

namespace arena {

struct GameSummary {
  // One seat's time per move, as MoveTimes' parts (records/move_times.h): merging the parts
  // of many games gives the same figures as the records.
  struct SeatTimes {
    std::vector<std::pair<int, std::int64_t>> buckets;  // the non-empty ones: bucket, moves
    std::int64_t total_micros = 0, worst_micros = 0;
    bool operator==(const SeatTimes&) const = default;
  };
  std::string spec, round;
  std::uint64_t seed = 0;
  std::vector<std::string> players;  // per seat
  std::vector<SeatResult> results;   // per seat; empty when aborted
  Termination termination = Termination::kNormal;
  int fault_seat = 0;
  std::string termination_detail;
  std::int64_t length = 0;  // actions, chance included
  int opening_plies = 0;
  std::optional<LatencySummary> latency;  // the referee's, when the record has it
  std::string pressure_flag;              // a time forfeit's CPU-pressure warning, or ""
  std::vector<SeatTimes> seat_times;      // per seat: each timed action to its actor's seat
};

// The summary of a record.
GameSummary summarize(const GameRecord& record);

// The summary as text (a JSON object) and back. The reader throws a UserError saying what is
// wrong (not JSON, a key missing or of the wrong kind, an unknown termination); it never
// accepts text it cannot read in full.
std::string summary_text(const GameSummary& summary);
GameSummary summary_from_text(std::string_view text);

// The seats' columns as JSON arrays, seat by seat: the summary's text and the page's game list
// both hold them so. Ranks, scores and teams are empty when the game was aborted.
struct SeatColumns {
  boost::json::array players, ranks, scores, teams;
};
SeatColumns seat_columns(const GameSummary& summary);

// The ply of the decision a fault answered, or -1 (records/repro_command.h, faulting_ply).
int faulting_ply(const GameSummary& summary);

}  // namespace arena

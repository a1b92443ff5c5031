// One finished game as the journal records it (journal.h writes and reads the lines).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace arena {

struct JournalEntry {
  int index = 0;  // position in the schedule
  std::string round;
  std::uint64_t seed = 0;
  std::vector<std::string> players;  // bot per seat
  std::vector<int> ranks;            // per seat; empty when the game was aborted
  std::vector<double> scores;
  std::vector<int> teams;
  std::string termination;  // termination_name()
  int fault_seat = 0;
  std::uint64_t pgn_end = 0;  // size of the PGN file once this game's record is in it
  // A time forfeit ruled under CPU pressure (records/timing_tags.h): the pressure in percent,
  // journaled as "pressure" only then; -1 otherwise.
  int pressure = -1;
  // Not journaled: the ply of the faulting decision (records/repro_command.h), known only to
  // the run that played the game; -1 otherwise.
  int fault_ply = -1;
};

}  // namespace arena

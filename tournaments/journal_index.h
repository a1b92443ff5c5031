// The journal held in memory compactly: a million games must fit beside the schedule in
// well under 200 MB (issue 20). Per game it keeps the seed, the PGN size, the round's text
// in one shared character pool, the players as ids into a name table, and an id of its
// outcome (ranks, scores, teams, termination, fault seat): games that ended the same way
// share one outcome, so a two-seat tournament has a handful of them however long it runs.
// A JournalEntry is rebuilt on demand for the callers that want one game whole.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tournaments/journal_entry.h"

namespace arena {

// How one game ended; shared by every game that ended the same way.
struct JournalOutcome {
  std::vector<int> ranks;  // per seat; empty when the game was aborted
  std::vector<double> scores;
  std::vector<int> teams;
  std::string termination;
  int fault_seat = 0;
  int pressure = -1;  // JournalEntry::pressure
};

class JournalIndex {
 public:
  std::size_t size() const { return seeds_.size(); }
  bool empty() const { return seeds_.empty(); }
  // Appends `e` as game size(). Its index is not kept: game i's index is i (Journal checks
  // the order when it reads the file).
  void add(const JournalEntry& e);
  JournalEntry entry(std::size_t i) const;
  std::vector<JournalEntry> entries(std::size_t begin, std::size_t end) const;

  std::uint64_t seed(std::size_t i) const { return seeds_[i]; }
  std::uint64_t pgn_end(std::size_t i) const { return pgn_ends_[i]; }
  std::string_view round(std::size_t i) const;
  // Player ids per seat (see name()).
  std::span<const int> players(std::size_t i) const;
  const JournalOutcome& outcome(std::size_t i) const { return outcomes_[outcome_of_[i]]; }

  int name_count() const { return static_cast<int>(names_.size()); }
  const std::string& name(int id) const { return names_[id]; }

 private:
  int name_id(const std::string& name);
  std::uint32_t outcome_id(const JournalEntry& e);

  std::vector<std::uint64_t> seeds_, pgn_ends_;
  std::vector<std::uint32_t> round_begin_, players_begin_, outcome_of_;
  std::string round_chars_;
  std::vector<int> player_ids_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, int> name_ids_;
  std::vector<JournalOutcome> outcomes_;
  std::unordered_map<std::string, std::uint32_t> outcome_ids_;  // by outcome_key()
  std::string key_;                                             // scratch, kept to avoid allocating
};

}  // namespace arena

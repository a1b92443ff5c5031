// The results journal: one JSON line per finished game, appended and flushed to disk
// before the game counts. Games are committed in schedule order, so the journal is always
// a prefix of the schedule and resuming means "start at the next index".
#pragma once

#include <cstdint>
#include <cstdio>
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
};

std::string journal_line(const JournalEntry& e);
// Throws std::runtime_error naming the problem when the line is not a journal entry.
JournalEntry parse_journal_line(const std::string& line);

// An append-only file of entries. Opening reads what is there; a torn last line (the
// referee was killed mid-write) is cut off so the next append starts clean.
class Journal {
 public:
  explicit Journal(const std::string& path);
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  const std::vector<JournalEntry>& entries() const { return entries_; }
  void append(const JournalEntry& e);  // write, flush, fsync
  // Several entries in order with one write and one fsync (a group commit).
  void append(const std::vector<JournalEntry>& entries);

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::vector<JournalEntry> entries_;
};

// Writes to a file and makes it durable (fflush + fsync); throws std::runtime_error on failure.
void write_durably(std::FILE* f, const std::string& text, const std::string& path);

}  // namespace arena

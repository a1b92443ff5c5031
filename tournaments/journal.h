// The results journal: one JSON line per finished game, appended and flushed to disk
// before the game counts. Games are committed in schedule order, so the journal is always
// a prefix of the schedule and resuming means "start at the next index".
#pragma once

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/user_error.h"
#include "tournaments/journal_entry.h"
#include "tournaments/journal_index.h"
#include "tournaments/journal_line_parser.h"

namespace arena {

// One entry as one JSON line, its newline included. journal_line_parser.h reads it back.
std::string journal_line(const JournalEntry& e);

// An append-only file of entries. Opening reads what is there; a torn last line (the
// referee was killed mid-write) is cut off so the next append starts clean. The entries
// are held compactly (journal_index.h); entry(i) rebuilds one whole. A broken line is a
// UserError "PATH:LINE: what is wrong".
class Journal {
 public:
  explicit Journal(const std::string& path);
  ~Journal();
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  std::size_t size() const { return index_.size(); }
  const JournalIndex& index() const { return index_; }
  JournalEntry entry(std::size_t i) const { return index_.entry(i); }
  void append(const JournalEntry& e);  // write, flush, fsync
  // Several entries in order with one write and one fsync (a group commit).
  void append(const std::vector<JournalEntry>& entries);

 private:
  void read(std::FILE* in, std::size_t& good_end);

  std::string path_;
  std::FILE* file_ = nullptr;
  JournalIndex index_;
};

// A record or journal line that could not be written (a full disk, a file size limit): the
// user's storage, not a bug. `error` is the errno of the failure.
class WriteError : public UserError {
 public:
  WriteError(const std::string& path, int error);
  const std::string& path() const { return path_; }
  int error() const { return error_; }

 private:
  std::string path_;
  int error_;
};

// Writes to a file and makes it durable (fflush + fsync); throws WriteError on failure.
void write_durably(std::FILE* f, const std::string& text, const std::string& path);

}  // namespace arena

// A log file created only when there is something to put in it: the log of one seat of one
// game (docs/referee.md, "Logs"). Most bots say nothing during most games; a tournament of a
// million games should neither leave millions of files holding only a header line nor pay an
// open, a write and a close per game and seat for them. The file, once created, starts with
// the header and is an ordinary LogFile (its cap shared with every other writer of it).
// Used from the event loop of the one process that writes it: no lock of its own.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

namespace arena {

class LogFile;

class LazyLogFile {
 public:
  // Nothing is touched on disk yet.
  LazyLogFile(std::string path, std::size_t cap, std::string header);
  ~LazyLogFile();
  LazyLogFile(const LazyLogFile&) = delete;
  LazyLogFile& operator=(const LazyLogFile&) = delete;

  // The file, created with its header line by the first call. nullptr if it cannot be: the
  // first such call sets `error` (so the failure is told once), later ones leave it alone.
  LogFile* file(std::string& error);
  bool created() const { return file_ != nullptr; }

 private:
  const std::string path_;
  const std::size_t cap_;
  const std::string header_;
  std::shared_ptr<LogFile> file_;
  bool failed_ = false;
};

}  // namespace arena

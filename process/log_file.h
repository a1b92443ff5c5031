// A bot's log file, shared by every process of the bot that writes it. The cap on the bot's
// own output is per file, so a crashed process still being drained and its replacement,
// writing the same file at once, count against one cap. Referee notes go past the cap (up
// to twice it), so a log always says how each game ended.
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

namespace arena {

class LogFile {
 public:
  // The open log at `path` (appending; bytes already there count against the cap), or the
  // one this referee already has open there. nullptr and `error` set if it cannot be opened.
  static std::shared_ptr<LogFile> open(const std::string& path, std::size_t cap, std::string& error);
  ~LogFile();
  LogFile(const LogFile&) = delete;
  LogFile& operator=(const LogFile&) = delete;

  // The bot's own bytes: kept up to the cap, then dropped (with one note saying so).
  void append_output(const char* data, std::size_t n);
  // A referee note and a newline; written at once if `flush`, else with the next flush.
  void note(const std::string& text, bool flush);

 private:
  struct Key {
    unsigned long long device, inode;
  };
  LogFile(std::FILE* file, Key key, std::size_t cap, std::size_t written);
  void note_locked(const std::string& text, bool flush);

  std::mutex mutex_;
  std::FILE* file_;
  const Key key_;
  const std::size_t cap_;
  std::size_t written_;
  bool truncated_ = false;
};

}  // namespace arena

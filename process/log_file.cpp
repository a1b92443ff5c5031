#include "process/log_file.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>

namespace arena {

namespace {

// The logs open in this referee, by file identity (two spellings of one path are one file).
struct OpenLogs {
  std::mutex mutex;
  std::map<std::pair<unsigned long long, unsigned long long>, std::weak_ptr<LogFile>> by_file;
};

// Never destroyed: a log may outlive static destruction at exit.
OpenLogs& open_logs() {
  static auto* logs = new OpenLogs;
  return *logs;
}

}  // namespace

std::shared_ptr<LogFile> LogFile::open(const std::string& path, std::size_t cap, std::string& error) {
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (!file) {
    error = "cannot open log file '" + path + "': " + std::strerror(errno);
    return nullptr;
  }
  struct stat st {};
  if (::fstat(::fileno(file), &st) != 0) {
    error = "cannot read log file '" + path + "': " + std::strerror(errno);
    std::fclose(file);
    return nullptr;
  }
  const Key key{static_cast<unsigned long long>(st.st_dev), static_cast<unsigned long long>(st.st_ino)};
  OpenLogs& logs = open_logs();
  std::lock_guard lock(logs.mutex);
  auto& slot = logs.by_file[{key.device, key.inode}];
  if (auto shared = slot.lock()) {
    std::fclose(file);
    return shared;
  }
  // Bytes already in the file count: earlier runs of this bot and slot, or earlier
  // processes (a bot restarted for every game would otherwise add a full cap per game).
  std::shared_ptr<LogFile> log(new LogFile(file, key, cap, static_cast<std::size_t>(st.st_size)));
  slot = log;
  return log;
}

LogFile::LogFile(std::FILE* file, Key key, std::size_t cap, std::size_t written)
    : file_(file), key_(key), cap_(cap), written_(written) {}

LogFile::~LogFile() {
  std::fclose(file_);
  OpenLogs& logs = open_logs();
  std::lock_guard lock(logs.mutex);
  const auto it = logs.by_file.find({key_.device, key_.inode});
  if (it != logs.by_file.end() && it->second.expired()) logs.by_file.erase(it);
}

void LogFile::append_output(const char* data, std::size_t n) {
  std::lock_guard lock(mutex_);
  const std::size_t keep = std::min(cap_ > written_ ? cap_ - written_ : 0, n);
  if (keep) {
    std::fwrite(data, 1, keep, file_);
    std::fflush(file_);
    written_ += keep;
  }
  if (keep < n && !truncated_) {
    truncated_ = true;
    note_locked(
        "\n[referee] log cap of " + std::to_string(cap_) +
            " bytes reached for this file; the bot's further output is dropped, referee notes are kept",
        true);
  }
}

void LogFile::note(const std::string& text, bool flush) {
  std::lock_guard lock(mutex_);
  note_locked(text, flush);
}

void LogFile::note_locked(const std::string& text, bool flush) {
  if (written_ + text.size() + 1 > 2 * cap_) return;
  std::fwrite(text.data(), 1, text.size(), file_);
  std::fputc('\n', file_);
  written_ += text.size() + 1;
  if (flush) std::fflush(file_);
}

}  // namespace arena

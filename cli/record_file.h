// The --out file of `arena match`: game records appended whole or not at all. A record that
// cannot be written in full (a full disk, a file size limit) is cut off again, so the file
// always holds complete records, and the caller stops the match with a plain message.
#pragma once

#include <string>

namespace arena::cli {

class RecordFile {
 public:
  // Opens `path` for appending (creating it) now, so a path that cannot be written stops
  // the match before its first game. An empty path: records are not kept.
  explicit RecordFile(std::string path);
  ~RecordFile();
  RecordFile(const RecordFile&) = delete;
  RecordFile& operator=(const RecordFile&) = delete;

  bool enabled() const { return fd_ >= 0; }
  // Appends one record; false when it could not be written (error() says why), the file
  // then cut back to the records before it.
  bool append(const std::string& text);
  const std::string& error() const { return error_; }
  int records() const { return records_; }  // written by this run
  const std::string& path() const { return path_; }

 private:
  std::string path_, error_;
  int fd_ = -1;
  int records_ = 0;
};

}  // namespace arena::cli

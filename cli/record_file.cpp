#include "cli/record_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "cli/commands.h"

namespace arena::cli {

RecordFile::RecordFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) return;
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw CommandError{"--out: cannot open '" + path_ + "' for writing: " + std::strerror(errno)};
}

RecordFile::~RecordFile() {
  if (fd_ >= 0) ::close(fd_);
}

bool RecordFile::append(const std::string& text) {
  const off_t before = ::lseek(fd_, 0, SEEK_END);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      error_ = n < 0 ? std::strerror(errno) : "nothing written";
      if (before >= 0 && ::ftruncate(fd_, before) != 0)
        error_ += " (and the partial record stays at its end)";
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  ++records_;
  return true;
}

}  // namespace arena::cli

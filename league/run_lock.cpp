#include "league/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "engine/core/user_error.h"

namespace arena {

RunLock::RunLock(const std::string& dir) {
  const std::string path = (std::filesystem::path(dir) / "run.lock").string();
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw UserError(path + ": " + std::strerror(errno));
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd_);
    fd_ = -1;
    if (err == EWOULDBLOCK)
      throw UserError(dir +
                      ": another arena league run is playing this league (one run per league; stop it "
                      "first, or give it more --concurrency)");
    throw UserError(path + ": " + std::strerror(err));
  }
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // closing drops the lock
}

}  // namespace arena

#include "process/lock_probe.h"

#include <fcntl.h>
#include <unistd.h>

namespace arena {

bool write_lock_held(const std::string& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct flock whole {};
  whole.l_type = F_WRLCK;
  whole.l_whence = SEEK_SET;
  const bool held = ::fcntl(fd, F_OFD_GETLK, &whole) == 0 && whole.l_type != F_UNLCK;
  ::close(fd);
  return held;
}

}  // namespace arena

#include "process/self_path.h"

#include <unistd.h>

#include "engine/core/user_error.h"

namespace arena {

std::string self_executable() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) throw UserError("cannot find the arena executable (/proc/self/exe is unreadable)");
  return std::string(buf, static_cast<std::size_t>(n));
}

}  // namespace arena

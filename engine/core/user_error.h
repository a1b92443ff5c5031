// Bad input from the person running Arena: a game spec, a flag, a configuration or records
// file, a move typed at the terminal. Every library's error for such input derives from it,
// so the `arena` binary turns all of them into "arena: error: <message>" and exit status 2
// with one catch (cli/arena_main.cpp). The message names what was wrong and, where it helps, what
// is allowed. A std::runtime_error, not a std::invalid_argument: a caller catching the latter
// (std::stoi's) must not take a user error for it.
#pragma once

#include <stdexcept>

namespace arena {

class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  virtual int exit_status() const { return 2; }
};

}  // namespace arena

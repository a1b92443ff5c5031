// Bad input from the person running Arena: a game spec, a flag, a configuration or records
// file, a move typed at the terminal. Every library's error for such input derives from it,
// so the `arena` binary turns all of them into "arena: error: <message>" and exit status 2
// with one catch (cli/arena_main.cpp). The message names what was wrong and, where it helps, what
// is allowed. (std::invalid_argument underneath: older callers catching that still work.)
#pragma once

#include <stdexcept>

namespace arena {

class UserError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
  virtual int exit_status() const { return 2; }
};

}  // namespace arena

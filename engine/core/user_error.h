// Bad input from the person running Arena (a spec, a flag, a configuration or records file, a
// move typed at the terminal, a full disk) is this one type, whichever library finds it: it lives
// in the lowest layer so that every folder may throw it. It is thrown once, where the mistake is
// found, with a message naming it; the `arena` binary catches it once (cli/arena_main.cpp) and
// prints "arena: error: <message>", exit status 2. Anything else that gets there is a bug in
// Arena (status 3: a broken rule of our own is a std::logic_error), so a user error is never a
// plain std::invalid_argument or std::runtime_error (tests/check_error_types.py).
//
// A subclass exists only where a caller tells it apart or needs more than the message:
// WriteError (tournaments/journal.h: the path and errno), ConfigError (tournaments/config.h: the
// file name is added once) and the CLI's CommandError (another exit status).
#pragma once

#include <stdexcept>

namespace arena {

class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  virtual int exit_status() const { return 2; }
};

}  // namespace arena

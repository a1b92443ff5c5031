// What a bot may be called: one rule for `arena match`, `arena tournament` (flags and JSON)
// and the runner. A name goes into records (Seat tags), tables, log file names and the
// terminal, so it must be printable text of a sensible length; '=' would end it in NAME=COMMAND.
#pragma once

#include <string>

namespace arena {

inline constexpr std::size_t kMaxBotNameBytes = 64;

// "" when `name` is a valid bot name: 1..64 bytes of valid UTF-8, no control characters,
// no '=', no spaces or tabs at either end; else why not (a sentence naming the problem).
std::string bot_name_problem(const std::string& name);

}  // namespace arena

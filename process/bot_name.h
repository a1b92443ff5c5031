// What a bot may be called: one rule for `arena match`, `arena tournament` (flags and JSON)
// and the runner. A name goes into records (Seat tags), tables, log file names and the
// terminal, so it must be printable text of a sensible length; '=' would end it in NAME=COMMAND.
#pragma once

#include <string>
#include <string_view>

namespace arena {

inline constexpr std::size_t kMaxBotNameBytes = 64;
// What a bot may say of itself in its handshake (docs/protocol.md): its `name` line under the
// bot-name limit, its `author` line under this one.
inline constexpr std::size_t kMaxAuthorBytes = 200;

// "" when `name` is a valid bot name: 1..64 bytes of valid UTF-8, no control characters,
// no '=', no spaces or tabs at either end; else why not (a sentence naming the problem).
std::string bot_name_problem(const std::string& name);

// "" when `text`, what a bot's handshake line `field` ("name" or "author") says, may be taken:
// printable UTF-8 (no control characters, tabs included) of at most `max_bytes`; else every
// problem in one sentence, the text shown escaped and cut (protocol/bot_text.h).
std::string reported_text_problem(std::string_view field, std::string_view text, std::size_t max_bytes);

}  // namespace arena

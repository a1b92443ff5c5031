// Text a bot wrote, made safe to show: on the operator's terminal (a handshake error, a
// fault), in a record's TerminationDetail, in a log note. A bot controls these bytes, so
// escape sequences (ESC, OSC, BEL, CR, C1 controls) must not reach a terminal and invalid
// UTF-8 must not reach a record.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arena::protocol {

// `text` with control bytes (C0 but tab, DEL, C1) and bytes that are not part of valid UTF-8
// written as \xHH; valid UTF-8 characters kept. At most `max_bytes` of `text` are shown, cut
// at a character boundary, followed by "..." when cut. Idempotent (its output is printable
// already), so a message built from printable parts can be passed through it as a whole.
std::string printable(std::string_view text, std::size_t max_bytes);

// printable() between single quotes.
std::string quoted(std::string_view text, std::size_t max_bytes);

}  // namespace arena::protocol

// A parser for exactly the lines journal_line() writes, without a JSON DOM: reading the
// journal of a million games must take well under the 2 s `--resume` may spend (issue 20).
// Anything else — other key orders, spaces, escaped or non-ASCII strings, numbers out of
// range — is left to the general parser (parse_journal_line), which names what is wrong.
#pragma once

#include <string_view>

#include "tournaments/journal_entry.h"

namespace arena {

// Fills `e` (reusing its buffers) and returns true when `line` (without its newline) has
// the exact shape journal_line() writes; returns false, with `e` unspecified, otherwise.
bool parse_journal_line_fast(std::string_view line, JournalEntry& e);

}  // namespace arena

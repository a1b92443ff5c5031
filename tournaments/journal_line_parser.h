// The reader of journal lines: exactly the lines journal_line() writes (its key order, no
// spaces, strings with JSON escapes, numbers as Boost.JSON serializes them), read without a
// JSON DOM: reading the journal of a million games must take well under the 2 s `--resume`
// may spend (issue 20). Anything else is a broken line, named as such; the journal never
// holds lines of another shape, since only journal_line() writes it.
#pragma once

#include <string>
#include <string_view>

#include "tournaments/journal_entry.h"

namespace arena {

// Fills `e` (reusing its buffers: a million lines, no allocation per line) from `line`
// (a newline at its end is ignored). Throws a UserError naming the field and what is wrong
// when the line is not one journal_line() writes (the reader adds the file and line); `e` is
// then unspecified.
void parse_journal_line(std::string_view line, JournalEntry& e);
JournalEntry parse_journal_line(const std::string& line);

}  // namespace arena

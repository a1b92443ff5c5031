// Checks of one value as a person typed it (a flag's text, or a tournament.json value's):
// "" when it is good, else why not, in plain numbers: "must be a whole number from 1 to
// 100000, not '0'" (never a type's extremes). The option table (tournaments/option_table.h)
// checks every run option with them, and cli/numeric_flag.h the other commands' numbers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace arena {

// Shortest plain spelling of a number: 0.5, 10000, 0.999999 (never 10000.000000).
std::string plain_number(double x);

// An integer from `lo` to `hi`, both included.
std::string whole_number_problem(std::string_view text, std::int64_t lo, std::int64_t hi);
// An integer of at least `lo` that fits an int.
std::string whole_number_from_problem(std::string_view text, std::int64_t lo);
// A decimal number from `lo` to `hi`, both included.
std::string decimal_problem(std::string_view text, double lo, double hi);
// Any integer from 0 to 2^64 - 1.
std::string seed_problem(std::string_view text);
// Seconds (2, 0.5; to the millisecond) from `lo_ms` to `hi_ms` milliseconds.
std::string seconds_problem(std::string_view text, std::int64_t lo_ms, std::int64_t hi_ms);
// A game clock BASE+INC in seconds (10+0.1), as referee/time_control.h reads it.
std::string clock_problem(std::string_view text);

}  // namespace arena

// Validators of numeric flags whose messages name the flag's real limits in plain numbers:
// "--games: must be a whole number from 1 to 100000, not '0'". CLI11's own Range and
// PositiveNumber print "0.000000 to 1797693134862315708145274237317043567981...", which
// tells a person nothing.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>

namespace arena::cli {

// An integer from `lo` to `hi`, both included.
CLI::Validator whole_number(std::int64_t lo, std::int64_t hi);
// An integer of at least `lo` that fits an int (the real upper limit, such as the games in a
// file, is checked by the command, which names it).
CLI::Validator whole_number_from(std::int64_t lo);
// A decimal number from `lo` to `hi`, both included.
CLI::Validator decimal_number(double lo, double hi);
// A seed: any integer from 0 to 2^64 - 1.
CLI::Validator seed_number();
// Seconds as typed (2, 0.5; to the millisecond) from `lo_ms` to `hi_ms` milliseconds. Give
// the option ->type_name("SECONDS"), and a clock ->type_name("BASE+INC"), for --help.
CLI::Validator seconds_value(std::int64_t lo_ms, std::int64_t hi_ms);
// A game clock BASE+INC in seconds (10+0.1), as referee/time_control.h reads it.
CLI::Validator clock_value();

}  // namespace arena::cli

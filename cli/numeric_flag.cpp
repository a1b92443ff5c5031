#include "cli/numeric_flag.h"

#include "tournaments/value_check.h"

namespace arena::cli {

namespace {

// A validator of `problem` (tournaments/value_check.h), described by its range in --help.
template <typename Problem>
CLI::Validator checked(Problem problem, std::string range) {
  return CLI::Validator([problem](std::string& text) -> std::string { return problem(text); },
                        std::move(range));
}

}  // namespace

CLI::Validator whole_number(std::int64_t lo, std::int64_t hi) {
  return checked([lo, hi](const std::string& t) { return whole_number_problem(t, lo, hi); },
                 "from " + std::to_string(lo) + " to " + std::to_string(hi));
}

CLI::Validator whole_number_from(std::int64_t lo) {
  return checked([lo](const std::string& t) { return whole_number_from_problem(t, lo); },
                 std::to_string(lo) + " or more");
}

CLI::Validator decimal_number(double lo, double hi) {
  return checked([lo, hi](const std::string& t) { return decimal_problem(t, lo, hi); },
                 "from " + plain_number(lo) + " to " + plain_number(hi));
}

CLI::Validator seconds_value(std::int64_t lo_ms, std::int64_t hi_ms) {
  return checked([lo_ms, hi_ms](const std::string& t) { return seconds_problem(t, lo_ms, hi_ms); },
                 "from " + plain_number(lo_ms / 1000.0) + " to " + plain_number(hi_ms / 1000.0));
}

CLI::Validator clock_value() {
  return checked([](const std::string& t) { return clock_problem(t); }, "");
}

CLI::Validator seed_number() {
  return checked([](const std::string& t) { return seed_problem(t); }, "from 0 to 2^64 - 1");
}

}  // namespace arena::cli

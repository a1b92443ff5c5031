// Every numeric flag's error names its real limits in plain numbers (cli/numeric_flag.h),
// never CLI11's "0.000000 to 1797693134862315..." nor a type's sentinel such as 2147483647:
// a few flags by their exact message, then every numeric option of every subcommand's
// --help given values out of any range.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <cstdio>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/help_subcommands.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace numeric_flags_test {

namespace {

using shelltest::Run;

// `arena ARGS`, input from /dev/null.
Run arena(const std::string& args) { return shelltest::run_arena(args + " </dev/null"); }

// The long flags of a --help text whose value is a number ("  -n,--games INT:from 1 to ...",
// "  --move-time SECONDS:from 0 to 86400", "  --tc BASE+INC").
std::vector<std::string> numeric_flags(const std::string& help) {
  static const std::set<std::string> numeric = {"INT", "UINT", "FLOAT", "NUMBER", "SECONDS", "BASE+INC"};
  std::vector<std::string> flags;
  std::istringstream in(help);
  for (std::string line; std::getline(in, line);) {
    std::size_t i = line.find_first_not_of(" \t");
    if (i == 0 || i == std::string::npos) continue;
    while (line.compare(i, 1, "-") == 0 && i + 2 < line.size() && line[i + 1] != '-' && line[i + 2] == ',')
      i += 3;
    if (line.compare(i, 2, "--") != 0 || i + 2 >= line.size() ||
        !std::islower(static_cast<unsigned char>(line[i + 2])))
      continue;
    const std::size_t end = line.find_first_not_of("abcdefghijklmnopqrstuvwxyz-", i + 2);
    if (end == std::string::npos) continue;
    std::size_t j = end;
    while (line.compare(j, 2, ",-") == 0 && j + 2 < line.size() && line[j + 2] != '-')
      j += 3;  // ",-j" aliases
    const std::size_t type = line.find_first_not_of(" \t", j);
    if (type == j || type == std::string::npos) continue;
    const std::string word = line.substr(type, line.find_first_of(" \t:", type) - type);
    if (numeric.count(word)) flags.push_back(line.substr(i, end - i));
  }
  return flags;
}

bool has_sentinel(const std::string& text) {
  for (const char* s : {"1797693134862", "2147483647", "4294967295", "9223372036854775807",
                        "18446744073709551615", "0.000000", "2.22507"})
    if (text.find(s) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("cli: a numeric flag's error names its real limits", "[cli]") {
  struct Case {
    const char* args;
    const char* message;
  };
  for (const Case& c : std::vector<Case>{
           {"match clump --bot a=x --bot b=x --games 0",
            "--games: must be a whole number from 1 to 100000000, not '0'"},
           {"tournament clump --confidence 2",
            "--confidence: must be a number from 0.5 to 0.999999, not '2'"},
           {"tournament clump --target-ci -5", "--target-ci: must be a number from 0 to 10000, not '-5'"},
           {"show x.pgn --seat 0", "--seat: must be a whole number, 1 or more, not '0'"},
           {"show x.pgn --ply 99999999999", "--ply: '99999999999' is too large"},
           {"match clump --bot a=x --bot b=x --seed -3", "--seed: must be a whole number from 0 to 2^64 - 1"},
           {"check-bot x --game clump --margin 70000", "--margin: must be a whole number from 0 to 60000"},
           {"report x --budget nan", "--budget: must be a number from 0 to 1000000, not 'nan'"},
           {"match clump --bot a=x --move-time 100000",
            "--move-time: '100000' is not a number of seconds from 0 to 86400, to the millisecond"},
           {"tournament clump --startup-time 0",
            "--startup-time: '0' is not a number of seconds from 0.001 to 3600"},
           {"check-bot x --game clump --tc 0+0",
            "--tc: '0+0' is not BASE+INC in seconds (e.g. 10+0.1): each from 0 to 100000000"},
       }) {
    const Run r = arena(c.args);
    INFO(c.args << "\n" << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find(c.message) != std::string::npos);
  }
}

TEST_CASE("cli: no numeric flag of any subcommand prints a sentinel range", "[cli]") {
  const auto subs = clitest::subcommands(arena("--help").out);
  REQUIRE(subs.size() >= 9);
  int checked = 0;
  for (const std::string& sub : subs) {
    for (const std::string& flag : numeric_flags(arena(sub + " --help").out)) {
      for (const char* value : {"-1", "99999999999999999999", "1e999", "-1e999", "x"}) {
        const std::string args = sub + " " + flag + "=" + value;
        const Run r = arena(args);
        INFO("arena " << args << "\n" << r.out);
        CHECK(r.status == 2);
        CHECK(r.out.find(flag) != std::string::npos);
        CHECK_FALSE(has_sentinel(r.out));
      }
      ++checked;
    }
  }
  CHECK(checked >= 40);  // the walk found the numeric flags (a --help format change would hide them)
}

}  // namespace numeric_flags_test

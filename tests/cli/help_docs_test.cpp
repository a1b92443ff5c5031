// Every flag of every subcommand is in an options table of the docs (issue 14): the flags
// of `arena SUBCOMMAND --help`, for every subcommand `arena --help` lists, must each have a
// row in docs/referee.md ("Every option of every subcommand") whose subcommand column names
// that subcommand, and every row of the table must be a real flag of the subcommands it names.
// The run commands (match, tournament, check-bot) take their options from the option table,
// and their docs table is made from it: tests/cli/option_table_test.cpp checks those.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "tests/cli/help_subcommands.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace help_docs_test {

namespace {

using shelltest::run_arena;

// The long flags of the option lines of a --help text ("  -o,--out TEXT  ..."): after the
// indent, any short flags ("-o,"), then the long one.
std::set<std::string> help_flags(const std::string& help) {
  std::set<std::string> flags;
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
    flags.insert(line.substr(i, end == std::string::npos ? std::string::npos : end - i));
  }
  return flags;
}

// A row "| `--flag ...` | subcommands | ...": the flag and the second cell (the first cell may
// hold an escaped pipe, `none\|bwrap`).
void add_table_row(const std::string& line, std::map<std::string, std::string>& rows) {
  if (line.rfind("| `--", 0) != 0 || line.size() < 6 || !std::islower(static_cast<unsigned char>(line[5])))
    return;
  const std::string flag = line.substr(3, line.find_first_not_of("abcdefghijklmnopqrstuvwxyz-", 5) - 3);
  std::size_t bar = 1;
  do bar = line.find('|', bar + 1);
  while (bar != std::string::npos && line[bar - 1] == '\\');
  if (bar == std::string::npos || line.compare(bar, 2, "| ") != 0) return;
  const std::size_t end = line.find(" |", bar + 2);
  if (end == std::string::npos || end == bar + 2) return;
  const std::string cell = line.substr(bar + 2, end - bar - 2);
  if (cell.find_first_not_of("abcdefghijklmnopqrstuvwxyz, -") != std::string::npos) return;
  rows[flag] = cell;
}

// flag -> subcommands column, from the table's rows "| `--flag ...` ... | subcommands | ...".
std::map<std::string, std::string> docs_table() {
  std::ifstream f(std::string(ARENA_SOURCE_DIR) + "/docs/referee.md");
  REQUIRE(f);
  std::map<std::string, std::string> rows;
  bool in_table = false;

  for (std::string line; std::getline(f, line);) {
    if (line.rfind("## Every option of every subcommand", 0) == 0)
      in_table = true;
    else if (in_table && line.rfind("## ", 0) == 0)
      break;
    if (in_table) add_table_row(line, rows);
  }
  return rows;
}

bool names(const std::string& column, const std::string& sub) {
  if (column == "all") return true;
  std::istringstream in(column);
  for (std::string word; std::getline(in, word, ',');) {
    word.erase(0, word.find_first_not_of(' '));
    if (word == sub) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("docs: every flag of every subcommand's --help is in the one options table", "[cli]") {
  const auto table = docs_table();
  REQUIRE(table.size() > 20);
  const auto subs = clitest::subcommands(run_arena("--help").out);
  REQUIRE(subs.size() >= 9);
  std::map<std::string, std::set<std::string>> real;  // flag -> subcommands that have it
  const std::set<std::string> run_commands = {"match", "tournament", "check-bot"};
  for (const std::string& sub : subs) {
    if (run_commands.count(sub)) continue;
    const auto flags = help_flags(run_arena(sub + " --help").out);
    CHECK(flags.count("--help") == 1);
    for (const std::string& flag : flags) {
      real[flag].insert(sub);
      INFO("arena " << sub << " " << flag);
      REQUIRE(table.count(flag) == 1);
      CHECK(names(table.at(flag), sub));
    }
  }
  // And the table claims nothing a subcommand does not have.
  for (const auto& [flag, column] : table)
    for (const std::string& sub : subs) {
      if (run_commands.count(sub)) continue;
      INFO("docs/referee.md says arena " << sub << " has " << flag);
      if (names(column, sub) && column != "all") CHECK(real[flag].count(sub) == 1);
    }
}

}  // namespace help_docs_test

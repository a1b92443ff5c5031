// Every flag of every subcommand is in one options table of the docs (issue 14): the flags
// of `arena SUBCOMMAND --help`, for every subcommand `arena --help` lists, must each have a
// row in docs/referee.md ("Every option of every subcommand") whose subcommand column names
// that subcommand, and every row of the table must be a real flag of the subcommands it names.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

std::string run(const std::string& args) {
  std::string out;
  FILE* p = ::popen((std::string(ARENA_BIN_DIR) + "/arena " + args + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  ::pclose(p);
  return out;
}

// Subcommands listed under "Subcommands:" of `arena --help`.
std::vector<std::string> subcommands() {
  std::vector<std::string> out;
  std::istringstream in(run("--help"));
  bool listing = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Subcommands:", 0) == 0)
      listing = true;
    else if (listing && line.empty())
      break;
    else if (listing)
      out.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  return out;
}

// The long flags of the option lines of a --help text ("  -o,--out TEXT  ...").
std::set<std::string> help_flags(const std::string& help) {
  std::set<std::string> flags;
  static const std::regex option_line(R"(^\s+(?:-\w,)*(--[a-z][a-z-]*))");
  std::istringstream in(help);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, option_line)) flags.insert(m[1]);
  }
  return flags;
}

// flag -> subcommands column, from the table's rows "| `--flag ...` ... | subcommands | ...".
std::map<std::string, std::string> docs_table() {
  std::ifstream f(std::string(ARENA_SOURCE_DIR) + "/docs/referee.md");
  REQUIRE(f);
  std::map<std::string, std::string> rows;
  bool in_table = false;
  // The first cell may hold an escaped pipe (`none\|bwrap`).
  static const std::regex row(R"(^\| `(--[a-z][a-z-]*)(?:\\\||[^|])*\| ([a-z, -]+) \|)");
  for (std::string line; std::getline(f, line);) {
    if (line.rfind("## Every option of every subcommand", 0) == 0)
      in_table = true;
    else if (in_table && line.rfind("## ", 0) == 0)
      break;
    std::smatch m;
    if (in_table && std::regex_search(line, m, row)) rows[m[1]] = m[2];
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
  const auto subs = subcommands();
  REQUIRE(subs.size() >= 9);
  std::map<std::string, std::set<std::string>> real;  // flag -> subcommands that have it
  for (const std::string& sub : subs) {
    const auto flags = help_flags(run(sub + " --help"));
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
      INFO("docs/referee.md says arena " << sub << " has " << flag);
      if (names(column, sub) && column != "all") CHECK(real[flag].count(sub) == 1);
    }
}

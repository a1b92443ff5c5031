// The one table of run options (tournaments/option_table.h) is the only place a run option is
// defined: every option `arena match|tournament|check-bot --help` shows is a row of it and the
// other way round; every row's flag sets its own field, which tournament.json writes under the
// row's key and reads back; and docs/referee.md's table is the table's own rendering.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "cli/option_flags.h"
#include "tests/shell_run.h"
#include "tournaments/config.h"
#include "tournaments/value_check.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace option_table_test {

namespace {

using namespace arena;

constexpr RunCommand kCommands[] = {RunCommand::kMatch, RunCommand::kTournament, RunCommand::kCheckBot,
                                    RunCommand::kLeagueNew, RunCommand::kLeagueRun};

// The long flags of a --help text's option lines ("  -o,--out PATH  ...", "  --watch{1} INT").
std::set<std::string> help_flags(const std::string& help) {
  std::set<std::string> flags;
  std::istringstream in(help);
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find("--");
    const std::size_t first = line.find_first_not_of(' ');
    if (first == 0 || first == std::string::npos || line[first] != '-' || at == std::string::npos) continue;
    const std::size_t end = line.find_first_not_of("abcdefghijklmnopqrstuvwxyz-", at + 2);
    flags.insert(line.substr(at, end - at));
  }
  flags.erase("--help");
  return flags;
}

// A valid value of `row` that no command starts from (so giving it must change the field).
std::vector<std::string> sample(const OptionRow& row) {
  switch (row.kind) {
    case OptionKind::kWhole:
    case OptionKind::kDecimal:
    case OptionKind::kSeconds:
      return {row.max < row.min ? std::string("7") : plain_number(row.max)};
    case OptionKind::kSeed:
      return {"123456789"};
    case OptionKind::kClock:
      return {"7+0.25"};
    case OptionKind::kSprt:
      return {"elo0=0,elo1=5,alpha=0.05,beta=0.05"};
    case OptionKind::kChoice:
      return {std::string(row.choices.substr(row.choices.rfind('|') + 1))};
    case OptionKind::kBot:
      return {"a=./a", "b=./b"};
    case OptionKind::kPath:
    case OptionKind::kPaths:
      return {"/tmp/option-table-sample"};
    default:
      return {"sample-text"};
  }
}

std::vector<std::string> with_sample(const OptionRow& row, std::vector<std::string> args) {
  const std::string flag = row.positional() ? "" : "--" + std::string(row.name());
  if (row.kind == OptionKind::kSwitch || row.kind == OptionKind::kNoSwitch) return args.push_back(flag), args;
  for (const std::string& v : sample(row)) args.push_back(flag.empty() ? v : flag + "=" + v);
  return args;
}

// argv for `command`: what it requires (in the table's order, positionals too) and `row`
// (nullptr: none) with its sample value.
std::vector<std::string> argv_for(const OptionRow* row, RunCommand command) {
  std::vector<std::string> args = {"x"};
  for (const OptionRow& r : option_table()) {
    if (!r.takes(command)) continue;
    if (&r == row) {
      args = with_sample(r, args);
    } else if (r.required) {
      if (!r.positional()) args.push_back("--" + std::string(r.name()));
      args.push_back(sample(r)[0]);
    }
  }
  return args;
}

// The settings a settings file keeps of `s`: the values of the rows with a key.
RunSettings kept(const RunSettings& s, RunCommand command) {
  RunSettings out = default_settings(command);
  for (const OptionRow& row : option_table())
    if (row.takes(command) && !row.key.empty()) {
      row.field.clear(out);
      for (const std::string& v : row.field.values(s)) row.field.add(out, v);
    }
  return out;
}

RunSettings parse_flags(RunCommand command, std::vector<std::string> args) {
  CLI::App app;
  cli::TableFlags flags(app, command);
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  app.parse(static_cast<int>(argv.size()), argv.data());
  return flags.settings();
}

}  // namespace

TEST_CASE("option table: every option of the run commands' --help is a row, and every row an option",
          "[cli][options]") {
  for (RunCommand command : kCommands) {
    std::set<std::string> rows;
    for (const OptionRow& row : option_table())
      if (row.takes(command) && !row.flags.empty() && !row.positional())
        rows.insert("--" + std::string(row.name()));
    const std::string help = shelltest::run_arena(std::string(run_command_name(command)) + " --help").out;
    INFO(help);
    CHECK(help_flags(help) == rows);
  }
}

TEST_CASE("option table: a command has each flag and each key once", "[cli][options]") {
  for (RunCommand command : kCommands) {
    std::set<std::string> names, keys;
    for (const OptionRow& row : option_table()) {
      if (!row.takes(command)) continue;
      INFO(run_command_name(command) << " " << row.flags << " " << row.key);
      CHECK(names.insert(std::string(row.name())).second);
      CHECK((row.key.empty() || keys.insert(std::string(row.key)).second));
      CHECK_FALSE(row.help.empty());
    }
  }
}

TEST_CASE("option table: every row's flag sets its field, and tournament.json keeps it under its key",
          "[cli][options]") {
  int tried = 0;
  for (RunCommand command : kCommands)
    for (const OptionRow& row : option_table()) {
      if (!row.takes(command) || row.flags.empty()) continue;
      INFO(run_command_name(command) << " " << row.flags);
      const RunSettings after = parse_flags(command, argv_for(&row, command));
      if (row.required) {
        CHECK(row.field.values(after) == sample(row));
      } else {
        const RunSettings before = parse_flags(command, argv_for(nullptr, command));
        CHECK(row.field.values(after) != row.field.values(before));
        RunSettings only_this = before;  // the flag changed its own field and nothing else
        row.field.clear(only_this);
        for (const std::string& v : row.field.values(after)) row.field.add(only_this, v);
        CHECK(only_this == after);
      }
      if (keeps_settings(command) && !row.key.empty()) {
        const std::string json = config_to_json(after, command);
        CHECK(json.find("\"" + std::string(row.key) + "\":") != std::string::npos);
        CHECK(parse_config(json, "t.json", command) == kept(after, command));
      }
      ++tried;
    }
  CHECK(tried > 60);
}

TEST_CASE("option table: a value out of a row's range is refused by the flag and by tournament.json alike",
          "[cli][options]") {
  for (const OptionRow& row : option_table()) {
    if (!row.takes(RunCommand::kTournament) || row.key.empty() || row.kind != OptionKind::kWhole) continue;
    INFO(row.key);
    const std::string too_big = std::to_string(static_cast<long long>(row.max) + 1);
    const std::string why = option_problem(row, too_big);
    REQUIRE_FALSE(why.empty());
    CHECK_THROWS_WITH(parse_flags(RunCommand::kTournament, {"x", "--" + std::string(row.name()), too_big}),
                      Catch::Contains(why));
    CHECK_THROWS_WITH(parse_config("{\"" + std::string(row.key) + "\": " + too_big + "}", "t.json"),
                      "t.json: " + std::string(row.key) + ": " + why);
  }
}

TEST_CASE("option table: docs/referee.md's run options table is the table's own rendering",
          "[cli][options]") {
  std::ifstream f(std::string(ARENA_SOURCE_DIR) + "/docs/referee.md");
  REQUIRE(f);
  std::stringstream text;
  text << f.rdbuf();
  const std::string docs = text.str(), table = options_markdown();
  const std::string begin = "<!-- options table: made by tournaments/option_table.cpp -->\n";
  const std::size_t at = docs.find(begin);
  REQUIRE(at != std::string::npos);
  const std::string shown = docs.substr(at + begin.size(), table.size());
  if (shown != table) std::ofstream(std::string(ARENA_BIN_DIR) + "/../options_table.md") << table;
  INFO("the table as it should read is in the build folder's options_table.md");
  CHECK(shown == table);
}

}  // namespace option_table_test

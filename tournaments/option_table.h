// The one table of run options, in the spirit of fastchess's single config: every setting of
// `arena match`, `arena tournament` and `arena check-bot` is one row, naming its flag, its
// tournament.json key, its kind and range, its help and the commands that take it. The flags
// (cli/option_flags.h), the tournament.json reader and writer (tournaments/config.h), every
// value check and the options table of docs/referee.md (`arena options --markdown`) all come
// from it: a setting added here appears everywhere, and nowhere else defines one
// (tests/cli/option_table_test.cpp).
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tournaments/run_settings.h"

namespace arena {

// The commands that take run options (a bit each).
enum class RunCommand : unsigned { kMatch = 1, kTournament = 2, kCheckBot = 4, kLeagueNew = 8, kLeagueRun = 16 };
// Whether `command` keeps its settings in a file (tournament.json, a league's store): its
// rows with a key are written there, and its paths are made absolute.
constexpr bool keeps_settings(RunCommand command) {
  return command == RunCommand::kTournament || command == RunCommand::kLeagueNew;
}
constexpr unsigned operator|(RunCommand a, RunCommand b) {
  return static_cast<unsigned>(a) | static_cast<unsigned>(b);
}
constexpr unsigned operator|(unsigned a, RunCommand b) { return a | static_cast<unsigned>(b); }
const char* run_command_name(RunCommand command);

// What a value is, which decides how it is typed, checked, stored and written.
enum class OptionKind {
  kText,      // any text
  kPath,      // a file or folder; a flag's is made absolute (tournament.json keeps it)
  kPaths,     // repeatable kPath
  kTexts,     // repeatable text (a flag may also separate values by commas: see `delimited`)
  kWhole,     // an integer from `min` to `max`
  kSeed,      // an integer from 0 to 2^64 - 1
  kDecimal,   // a number from `min` to `max`
  kSeconds,   // seconds to the millisecond, from `min` to `max` seconds
  kClock,     // BASE+INC seconds
  kSprt,      // elo0=..,elo1=..,alpha=..,beta=..
  kSwitch,    // a flag without value sets it; true or false in tournament.json
  kNoSwitch,  // a flag without value clears it (--no-legal); true or false in tournament.json
  kChoice,    // one of `choices`
  kBot,       // repeatable NAME=COMMAND; an array of {name, command, args, workdir} in JSON
};

// How a row reads and writes its field of RunSettings, as text (made by the table's
// own template; see option_table.cpp).
struct OptionField {
  void (*add)(RunSettings&, std::string_view text);  // sets the field, or appends to a list
  void (*clear)(RunSettings&);                       // empties a list (a flag replaces the file's)
  std::vector<std::string> (*values)(const RunSettings&);
};

struct OptionRow {
  std::string_view flags;  // CLI11's spelling, "--concurrency,-j,-k"; a bare name is positional
  std::string_view key;    // tournament.json key; "" if none
  OptionKind kind{};
  unsigned commands = 0;  // RunCommand bits
  OptionField field{};
  std::string_view help;
  double min = 0, max = 0;         // kWhole, kDecimal, kSeconds; max < min: no upper bound
  std::string_view choices;        // kChoice: "none|bwrap"
  std::string_view initial;        // this command's default, where it is not RunSettings' own
  std::string_view shown_default;  // a default in words ("random, printed"), for help and docs
  std::string_view implicit;       // a flag given without value means this ("--watch": 1)
  bool required = false;           // the command needs it
  bool delimited = false;          // kTexts: a flag's value may hold several, comma-separated

  // The table's words (option_table.cpp): opt(...).range(1, 1024).needed().
  constexpr OptionRow range(double lo, double hi) const {
    return with([&](OptionRow& r) { r.min = lo, r.max = hi; });
  }
  constexpr OptionRow one_of(std::string_view c) const {
    return with([&](OptionRow& r) { r.choices = c; });
  }
  constexpr OptionRow starts_at(std::string_view v) const {
    return with([&](OptionRow& r) { r.initial = v; });
  }
  constexpr OptionRow shown(std::string_view v) const {
    return with([&](OptionRow& r) { r.shown_default = v; });
  }
  constexpr OptionRow alone_means(std::string_view v) const {
    return with([&](OptionRow& r) { r.implicit = v; });
  }
  constexpr OptionRow needed() const {
    return with([](OptionRow& r) { r.required = true; });
  }
  constexpr OptionRow comma_separated() const {
    return with([](OptionRow& r) { r.delimited = true; });
  }

  bool takes(RunCommand c) const { return (commands & static_cast<unsigned>(c)) != 0; }
  bool positional() const { return !flags.empty() && flags[0] != '-'; }
  bool repeatable() const {
    return kind == OptionKind::kTexts || kind == OptionKind::kPaths || kind == OptionKind::kBot;
  }
  // The first long name without dashes ("concurrency"), the positional's name, or the key.
  std::string_view name() const;
  // What --help shows for the value: "INT:from 1 to 1024", "SECONDS:from 0 to 86400".
  std::string value_name() const;

 private:
  template <typename F>
  constexpr OptionRow with(F change) const {
    OptionRow r = *this;
    change(r);
    return r;
  }
};

std::span<const OptionRow> option_table();
// The row of `command` whose flag is `--name` or whose key is `name`; nullptr if none.
const OptionRow* find_option(RunCommand command, std::string_view name);

// "" when `text` is a good value of `row`, else why not ("must be a whole number from 1 to
// 1024, not '0'"); the caller names the flag or key.
std::string option_problem(const OptionRow& row, std::string_view text);
// The default of `row` in `command`, as help and the docs show it ("" if none).
std::string option_default(const OptionRow& row, RunCommand command);

// The settings `command` starts from: RunSettings' own defaults, then the rows' `initial`
// (check-bot's 10 games).
RunSettings default_settings(RunCommand command);

// The options table of docs/referee.md, one row per option: flag, key, commands, default,
// range and meaning.
std::string options_markdown();

}  // namespace arena

// The flags of `arena match`, `arena tournament` and `arena check-bot`, made from the option
// table (tournaments/option_table.h): each row of the command becomes one CLI11 option with
// the row's check, type and default in its help. No command defines a run option of its own.
#pragma once

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "tournaments/option_table.h"

namespace arena::cli {

class TableFlags {
 public:
  // Adds every row of `command` to `cmd`.
  TableFlags(CLI::App& cmd, RunCommand command);
  TableFlags(const TableFlags&) = delete;
  TableFlags& operator=(const TableFlags&) = delete;

  // The flags given, over `s` (a list given replaces the list of `s`). In a tournament, paths
  // that tournament.json keeps are made absolute, so --resume finds them from any folder.
  void apply(RunSettings& s) const;
  // Whether the option named `name` (its long flag without dashes, or its positional name) was given.
  bool given(std::string_view name) const;
  // The settings of the command from its defaults and the flags given.
  RunSettings settings() const;

 private:
  struct Slot {
    const OptionRow* row = nullptr;
    std::string one;
    std::vector<std::string> many;
    bool on = false;
    CLI::Option* option = nullptr;
  };
  void add(CLI::App& cmd, Slot& slot);
  RunCommand command_;
  std::vector<Slot> slots_;
};

}  // namespace arena::cli

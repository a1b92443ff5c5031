#include "cli/option_flags.h"

#include <filesystem>

namespace arena::cli {

namespace {

std::string help_of(const OptionRow& row, RunCommand command) {
  std::string help(row.help);
  if (const std::string d = option_default(row, command); !d.empty()) help += " (default " + d + ")";
  return help;
}

CLI::Validator row_check(const OptionRow& row, std::string description) {
  const OptionRow* r = &row;  // rows live as long as the program
  return CLI::Validator([r](std::string& text) { return option_problem(*r, text); }, std::move(description));
}

}  // namespace

TableFlags::TableFlags(CLI::App& cmd, RunCommand command) : command_(command) {
  for (const OptionRow& row : option_table())
    if (row.takes(command) && !row.flags.empty()) slots_.emplace_back().row = &row;
  for (Slot& slot : slots_) add(cmd, slot);  // CLI11 keeps pointers into slots_: no more push_back
}

void TableFlags::add(CLI::App& cmd, Slot& slot) {
  const OptionRow& row = *slot.row;
  const std::string flags(row.flags), help = help_of(row, command_);
  if (row.kind == OptionKind::kSwitch || row.kind == OptionKind::kNoSwitch) {
    slot.option = cmd.add_flag(flags, slot.on, help);
    return;
  }
  const std::string value = row.value_name();
  const std::size_t colon = value.find(':');
  CLI::Option* o = !row.implicit.empty()
                       ? cmd.add_flag(flags + "{" + std::string(row.implicit) + "}", slot.one, help)
                   : row.repeatable() ? cmd.add_option(flags, slot.many, help)
                                      : cmd.add_option(flags, slot.one, help);
  o->check(row_check(row, colon == std::string::npos ? "" : value.substr(colon + 1)));
  o->type_name(value.substr(0, colon));
  if (row.delimited) o->delimiter(',');
  if (row.required) o->required();
  slot.option = o;
}

void TableFlags::apply(RunSettings& s) const {
  for (const Slot& slot : slots_) {
    if (slot.option->count() == 0) continue;
    const OptionRow& row = *slot.row;
    if (row.kind == OptionKind::kSwitch || row.kind == OptionKind::kNoSwitch) {
      row.field.add(s, row.kind == OptionKind::kSwitch ? "true" : "false");
      continue;
    }
    const bool kept_path = keeps_settings(command_) && !row.key.empty() &&
                           (row.kind == OptionKind::kPath || row.kind == OptionKind::kPaths);
    row.field.clear(s);
    for (const std::string& text : row.repeatable() ? slot.many : std::vector<std::string>{slot.one})
      row.field.add(
          s, kept_path && !text.empty() ? std::filesystem::absolute(text).lexically_normal().string() : text);
  }
}

bool TableFlags::given(std::string_view name) const {
  for (const Slot& slot : slots_)
    if (slot.row->name() == name) return slot.option->count() > 0;
  return false;
}

RunSettings TableFlags::settings() const {
  RunSettings s = default_settings(command_);
  apply(s);
  return s;
}

}  // namespace arena::cli

// Turns a bot command as typed by a user ("python3 bots/my bot.py --depth 3") into argv,
// with shell-like quoting ('...', "...", backslash) but no shell: nothing is expanded.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arena {

// Throws a UserError for an unterminated quote or an empty command, its message starting
// with "WHAT: " when `what` names the command (e.g. "bot 'alpha'").
std::vector<std::string> split_command_line(std::string_view text, std::string_view what = "");
// `word` written so that split_command_line reads it back as one word (quoted if it must be).
std::string quote_command_word(std::string_view word);

// "NAME=CMD" as given to --bot: name and command; throws a UserError starting "--bot" and
// naming what is missing. Names follow process/bot_name.h.
struct NamedCommand {
  std::string name;
  std::string command;
};
NamedCommand parse_named_command(std::string_view text);
// The same check without throwing: "" or what is wrong with `text` (without the flag's name).
std::string named_command_problem(std::string_view text);

}  // namespace arena

#include "process/command_line.h"

#include <cctype>

#include "engine/core/user_error.h"
#include "process/bot_name.h"

namespace arena {

std::string quote_command_word(std::string_view word) {
  bool plain = !word.empty();
  for (char c : word)
    plain = plain && (std::isalnum(static_cast<unsigned char>(c)) ||
                      std::string_view("/._-+=:,@%").find(c) != std::string_view::npos);
  if (plain) return std::string(word);
  std::string out = "\"";
  for (char c : word) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

std::vector<std::string> split_command_line(std::string_view text, std::string_view what) {
  const std::string where = what.empty() ? "" : std::string(what) + ": ";
  std::vector<std::string> argv;
  std::string cur;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote) {
      if (c == quote) {
        quote = 0;
      } else if (c == '\\' && quote == '"' && i + 1 < text.size()) {
        cur += text[++i];
      } else {
        cur += c;
      }
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == '\\' && i + 1 < text.size()) {
      cur += text[++i];
      in_word = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (in_word) argv.push_back(std::move(cur));
      cur.clear();
      in_word = false;
    } else {
      cur += c;
      in_word = true;
    }
  }
  if (quote)
    throw UserError(where + "unterminated " + std::string(1, quote) + " quote in '" + std::string(text) +
                    "'");
  if (in_word) argv.push_back(std::move(cur));
  if (argv.empty()) throw UserError(where + "empty command");
  return argv;
}

std::string named_command_problem(std::string_view text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos)
    return "'" + std::string(text) + "' is not NAME=COMMAND (e.g. alpha=./bots/alpha)";
  const std::string name(text.substr(0, eq));
  if (std::string why = bot_name_problem(name); !why.empty()) return why;
  try {
    split_command_line(text.substr(eq + 1), "bot " + name);  // empty or badly quoted commands
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

NamedCommand parse_named_command(std::string_view text) {
  if (const std::string why = named_command_problem(text); !why.empty()) throw UserError("--bot: " + why);
  const std::size_t eq = text.find('=');
  return {std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
}

}  // namespace arena

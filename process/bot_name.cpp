#include "process/bot_name.h"

#include "protocol/bot_text.h"

namespace arena {

std::string bot_name_problem(const std::string& name) {
  if (name.empty()) return "a bot name cannot be empty";
  if (name.size() > kMaxBotNameBytes)
    return "bot name '" + protocol::printable(name, 40) + "' is " + std::to_string(name.size()) +
           " bytes long; at most " + std::to_string(kMaxBotNameBytes) + " are allowed";
  // printable() leaves valid text without control bytes unchanged, and nothing else.
  if (protocol::printable(name, name.size()) != name || name.find('\t') != std::string::npos)
    return "bot name " + protocol::quoted(name, 64) + " holds control characters or invalid UTF-8";
  if (name.find('=') != std::string::npos)
    return "bot name '" + name + "' holds '=' (it ends a name in NAME=COMMAND)";
  if (name.front() == ' ' || name.back() == ' ' || name.front() == '\t' || name.back() == '\t')
    return "bot name '" + name + "' starts or ends with a space";
  return "";
}

std::string reported_text_problem(std::string_view field, std::string_view text, std::size_t max_bytes) {
  // printable() leaves valid text without control bytes unchanged, and nothing else.
  const bool unprintable =
      protocol::printable(text, text.size()) != text || text.find('\t') != std::string_view::npos;
  const bool too_long = text.size() > max_bytes;
  if (!unprintable && !too_long) return "";
  std::string s = "the " + std::string(field) + " " + protocol::quoted(text, 60);
  if (unprintable)
    s += " holds control characters (terminal escapes, tabs) or invalid UTF-8 (shown as \\xHH)";
  if (too_long)
    s += std::string(unprintable ? " and" : "") + " is " + std::to_string(text.size()) + " bytes long";
  return s + "; a " + std::string(field) + " must be printable UTF-8 text of at most " +
         std::to_string(max_bytes) + " bytes";
}

}  // namespace arena

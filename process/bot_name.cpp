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
  if (name.find('=') != std::string::npos) return "bot name '" + name + "' holds '=' (it ends a name in NAME=COMMAND)";
  if (name.front() == ' ' || name.back() == ' ' || name.front() == '\t' || name.back() == '\t')
    return "bot name '" + name + "' starts or ends with a space";
  return "";
}

}  // namespace arena

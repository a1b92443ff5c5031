#include "referee/exit_report.h"

#include "process/bot_process.h"

namespace arena {

std::string ended_text(const BotProcess& process) {
  return (process.killed_by_signal() ? "the bot was " : "the bot ") + process.exit_description();
}

std::string stderr_lines_text(const BotProcess& process) {
  const std::string tail = process.stderr_tail(kStderrLinesReported);
  if (tail.empty()) return "; it wrote nothing to its standard error";
  std::string s;
  for (std::size_t pos = 0; pos <= tail.size();) {
    std::size_t end = tail.find('\n', pos);
    if (end == std::string::npos) end = tail.size();
    s += "\n  stderr: ";
    s.append(tail, pos, end - pos);
    pos = end + 1;
  }
  return s;
}

}  // namespace arena

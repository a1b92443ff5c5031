// How a bot process ended and what it last wrote to its standard error, in the words of a
// fault's detail (docs/protocol.md, "Faults and their verdicts"): a crash in a game, a bot
// that died before 'ready'. Read once the process is reaped (BotProcess::when_ended()).
#pragma once

#include <string>

namespace arena {

class BotProcess;

inline constexpr int kStderrLinesReported = 10;

// "the bot exited with code 1", "the bot was killed by signal 6 (SIGABRT)".
std::string ended_text(const BotProcess& process);

// "\n  stderr: LINE" for each of the last kStderrLinesReported lines of its standard error
// (escaped, 300 bytes at most each), or "; it wrote nothing to its standard error".
std::string stderr_lines_text(const BotProcess& process);

}  // namespace arena

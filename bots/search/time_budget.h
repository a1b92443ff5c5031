// How long a searching bot thinks, from the numbers of the `go` line (docs/protocol.md,
// "Time"). Conservative on purpose: the referee's deadline is hard, and on a loaded machine
// the time between the referee's clock starting and the search starting is not ours.
#pragma once

#include <chrono>
#include <cstdint>

namespace arena::search {

// remaining / increment / movetime in milliseconds as sent (-1: none). `fraction` scales
// the result (the bot's --time-fraction). Never more than a quarter of the time that is
// left, nor half of a per-move cap; never less than 1 ms.
std::chrono::milliseconds think_time(std::int64_t remaining_ms, std::int64_t increment_ms,
                                     std::int64_t movetime_ms, double fraction);

}  // namespace arena::search

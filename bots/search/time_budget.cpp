#include "bots/search/time_budget.h"

#include <algorithm>

namespace arena::search {

namespace {

constexpr std::int64_t kOverheadMs = 25;  // reading the request, rebuilding the state, answering
constexpr std::int64_t kNoLimit = 60'000;

}  // namespace

std::chrono::milliseconds think_time(std::int64_t remaining_ms, std::int64_t increment_ms,
                                     std::int64_t movetime_ms, double fraction) {
  std::int64_t budget = kNoLimit;
  if (remaining_ms >= 0) {
    // About 25 more moves of our own, plus most of the increment; never a quarter of the clock.
    budget = remaining_ms / 25 + std::max<std::int64_t>(increment_ms, 0) * 3 / 4;
    budget = std::min(budget, remaining_ms / 4);
  }
  if (movetime_ms >= 0) budget = std::min(budget, movetime_ms / 4);
  budget = static_cast<std::int64_t>(static_cast<double>(budget) * fraction) - kOverheadMs;
  return std::chrono::milliseconds(std::max<std::int64_t>(budget, 1));
}

}  // namespace arena::search

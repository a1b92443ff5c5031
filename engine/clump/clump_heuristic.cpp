// Clump's heuristic_value: a group wins by spanning from one side to the other, so a
// position is as good as the own widest group's span (rows for Red, columns for Blue) less
// the opponent's. Simple and slow (a flood fill per call): only one-ply bots use it.
#include <algorithm>
#include <vector>

#include "engine/clump/clump_state.h"

namespace arena::clump {
namespace {

// Largest span (in rows for Red, columns for Blue) of one group of `colour`.
int span(const ClumpState& s, std::int8_t colour) {
  const int n = s.size();
  std::vector<char> seen(n * n, 0);
  std::vector<int> stack;
  int best = 0;
  for (int start = 0; start < n * n; ++start) {
    if (seen[start] || s.at(start) != colour) continue;
    int lo = n, hi = -1;
    stack.assign(1, start);
    seen[start] = 1;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      const int coord = colour == kRed ? c / n : c % n;
      lo = std::min(lo, coord);
      hi = std::max(hi, coord);
      const int r = c / n, col = c % n;
      const int nbr[4][2] = {{r + 1, col}, {r - 1, col}, {r, col + 1}, {r, col - 1}};
      for (const auto& rc : nbr) {
        if (rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n) continue;
        const int d = rc[0] * n + rc[1];
        if (!seen[d] && s.at(d) == colour) {
          seen[d] = 1;
          stack.push_back(d);
        }
      }
    }
    best = std::max(best, hi - lo + 1);
  }
  return best;
}

}  // namespace

double ClumpState::heuristic_value(int seat) const {
  const auto mine = static_cast<std::int8_t>(seat - 1), theirs = static_cast<std::int8_t>(2 - seat);
  return span(*this, mine) - span(*this, theirs);
}

}  // namespace arena::clump

// Flume's heuristic_value: stones count, plus the extra placements waiting on empty points
// with 3+ occupied neighbours, since whoever moves next gets to use them.
#include "engine/flume/flume_state.h"

namespace arena::flume {

double FlumeState::heuristic_value(int seat) const {
  const auto mine = static_cast<std::int8_t>(seat - 1), theirs = static_cast<std::int8_t>(2 - seat);
  int bonus_cells = 0;
  for (int cell = 0; cell < size() * size(); ++cell)
    if (at(cell) == kEmpty && occupied_neighbours(cell) >= 3) ++bonus_cells;
  const double tempo = current_player() == seat ? 1 : -1;
  return stones(mine) - stones(theirs) + tempo * (1 + 0.5 * bonus_cells);
}

}  // namespace arena::flume

// FlumeGame (the size, the early end, the rare situations) and the registry entry.
#include "engine/flume/flume_game.h"

#include <string>
#include <vector>

#include "engine/core/rare_situation.h"
#include "engine/flume/flume_state.h"
#include "engine/grid/square_coords.h"

namespace arena::flume {

namespace {
std::vector<std::string> move_names_of(int size) {
  std::vector<std::string> names;
  for (int cell = 0; cell < size * size; ++cell) names.push_back(grid::cell_name(cell, size));
  names.push_back("swap");
  return names;
}
}  // namespace

FlumeGame::FlumeGame(const GameInfo& info, Params params)
    : Game(info, std::move(params)),
      move_names_(move_names_of(static_cast<int>(this->params().integer("size")))) {
  size_ = static_cast<int>(this->params().integer("size"));
  early_end_ = this->params().boolean("early_end");
  // Odd sizes give an odd number of points, so a full board cannot be tied.
  if (size_ % 2 == 0) throw SpecError("flume: size must be odd (got " + std::to_string(size_) + ")");
}

std::unique_ptr<State> FlumeGame::new_initial_state() const { return std::make_unique<FlumeState>(*this); }

const std::vector<RareSituation>& FlumeGame::rare_situations() const {
  static const std::vector<RareSituation> list = {
      {"extra_placement", "a further placement in the same turn", 0, seat_acts_again},
      {"swap", "the pie-rule decision (swap is legal)", 0,
       [](const State& s) { return has_legal_move(s, "swap"); }},
  };
  return list;
}

}  // namespace arena::flume

namespace arena {

const GameEntry& flume_entry() {
  static const GameEntry entry{
      GameInfo{"flume",
               "Flume (Mark Steere)",
               2,
               2,
               {int_param("size", 7, 5, 25, "playable board width and height", "odd"),
                bool_param("early_end", false, "end as soon as one side holds more than half of the points")},
               "size=5"},
      [](const GameInfo& info, const Params& params) -> std::unique_ptr<Game> {
        return std::make_unique<flume::FlumeGame>(info, params);
      }};
  return entry;
}

}  // namespace arena

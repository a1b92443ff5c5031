// ClumpGame (the size, the safety cap, every move's name) and the registry entry.
#include "engine/clump/clump_game.h"

#include <string>
#include <vector>

#include "engine/clump/clump_state.h"
#include "engine/grid/square_coords.h"

namespace arena::clump {

namespace {

// The safety cap, in swaps per cell. Random games on every size end in well under 1
// swap per cell (tests/engine/clump_test.cpp measures it); no game is known to reach
// this, but a referee must never loop forever.
constexpr int kCapPerCell = 20;

// The text of every move code of a size x size board ("c3-c4"), "" for a direction off it.
std::vector<std::string> move_names_of(int size) {
  std::vector<std::string> names(static_cast<std::size_t>(4 * size * size));
  for (int from = 0; from < size * size; ++from) {
    const int r = from / size, c = from % size;
    const int to[4] = {r > 0 ? from - size : -1, c > 0 ? from - 1 : -1, c + 1 < size ? from + 1 : -1,
                       r + 1 < size ? from + size : -1};
    for (int dir = 0; dir < 4; ++dir)
      if (to[dir] >= 0)
        names[from * 4 + dir] = grid::cell_name(from, size) + "-" + grid::cell_name(to[dir], size);
  }
  return names;
}

}  // namespace

ClumpGame::ClumpGame(const GameInfo& info, Params params)
    : Game(info, std::move(params)),
      move_names_(move_names_of(static_cast<int>(this->params().integer("size")))) {
  size_ = static_cast<int>(this->params().integer("size"));
  if (size_ % 2 != 0) throw SpecError("clump: size must be even (got " + std::to_string(size_) + ")");
  length_cap_ = kCapPerCell * size_ * size_;
  initial_swaps_ = ClumpState::starting_swaps(size_);
}

std::unique_ptr<State> ClumpGame::new_initial_state() const { return std::make_unique<ClumpState>(*this); }

}  // namespace arena::clump

namespace arena {

const GameEntry& clump_entry() {
  static const GameEntry entry{GameInfo{"clump",
                                        "Clump (Mark Steere)",
                                        2,
                                        2,
                                        {int_param("size", 8, 4, 26, "board width and height", "even")},
                                        "size=6"},
                               [](const GameInfo& info, const Params& params) -> std::unique_ptr<Game> {
                                 return std::make_unique<clump::ClumpGame>(info, params);
                               }};
  return entry;
}

}  // namespace arena

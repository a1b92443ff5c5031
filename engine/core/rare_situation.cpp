#include "engine/core/rare_situation.h"

#include <bit>
#include <cstdint>

#include "engine/core/game.h"

namespace arena {

bool seat_acts_again(const State& state) {
  const auto& h = state.history();
  for (auto it = h.rbegin(); it != h.rend(); ++it)
    if (it->actor != kChance) return it->actor == state.current_player();
  return false;
}

bool seat_acts_early(const State& state) {
  const int seat = state.current_player();
  std::uint64_t others = 0;  // bit per seat that acted since this seat's last action
  const auto& h = state.history();
  for (auto it = h.rbegin(); it != h.rend(); ++it) {
    if (it->actor == kChance || it->actor < 1 || it->actor > 64) continue;
    if (it->actor == seat) return std::popcount(others) < state.game().num_players() - 1;
    others |= std::uint64_t{1} << (it->actor - 1);
  }
  return false;
}

bool has_legal_move(const State& state, std::string_view notation) {
  for (Move m : state.legal_moves())
    if (state.move_to_string(m) == notation) return true;
  return false;
}

bool has_legal_move_prefix(const State& state, std::string_view prefix) {
  for (Move m : state.legal_moves())
    if (state.move_to_string(m).starts_with(prefix)) return true;
  return false;
}

}  // namespace arena

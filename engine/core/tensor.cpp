#include "engine/core/tensor.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace arena {

bool has_learning_view(const Game& game) {
  return game.num_distinct_actions() > 0 && !game.observation_shape().empty();
}

void require_learning_view(const Game& game) {
  if (!has_learning_view(game))
    throw UserError(game.spec() + " has no learning view (no observation tensor or action space)");
}

int observation_size(const Game& game) {
  int size = 1;
  for (int d : game.observation_shape()) size *= d;
  return game.observation_shape().empty() ? 0 : size;
}

void State::write_observation(int seat, std::span<float> out) const {
  if (seat < 1 || seat > game().num_players())
    throw UserError(game().spec() + ": no seat " + std::to_string(seat) + " (seats are 1.." +
                    std::to_string(game().num_players()) + ")");
  do_write_observation(seat, out);
}

void State::action_indices(std::span<const Move> moves, std::span<int> out) const {
  for (std::size_t i = 0; i < moves.size(); ++i) out[i] = action_index(moves[i]);
}

void State::do_write_observation(int /*seat*/, std::span<float> /*out*/) const {
  require_learning_view(game());
}

void write_legal_mask(const State& state, std::span<std::uint8_t> mask, std::vector<Move>& scratch) {
  const int actions = state.game().num_distinct_actions();
  if (static_cast<int>(mask.size()) != actions)
    throw UserError(state.game().spec() + ": the legal-move mask has " + std::to_string(mask.size()) +
                    " entries, the game's action space " + std::to_string(actions));
  std::fill(mask.begin(), mask.end(), std::uint8_t{0});
  if (state.is_chance() || state.is_terminal()) return;
  state.legal_moves(scratch);
  for (Move m : scratch) mask[state.action_index(m)] = 1;
}

void write_rewards(const State& state, std::span<float> out) {
  const int n = state.game().num_players();
  if (static_cast<int>(out.size()) != n)
    throw UserError(state.game().spec() + ": the rewards buffer has " + std::to_string(out.size()) +
                    " entries for " + std::to_string(n) + " seats");
  std::fill(out.begin(), out.end(), 0.0f);
  if (!state.is_terminal()) return;
  const std::vector<SeatResult> results = state.results();
  // A team's rank is its seats' (results() gives partners one rank); count each team once.
  auto first_of_team = [&](int i) {
    for (int j = 0; j < i; ++j)
      if (results[j].team == results[i].team) return false;
    return true;
  };
  int teams = 0;
  for (int i = 0; i < n; ++i) teams += first_of_team(i);
  if (teams < 2) return;
  for (int i = 0; i < n; ++i) {
    int below = 0, above = 0;
    for (int j = 0; j < n; ++j) {
      if (!first_of_team(j) || results[j].team == results[i].team) continue;
      below += results[j].rank > results[i].rank;
      above += results[j].rank < results[i].rank;
    }
    out[i] = static_cast<float>(below - above) / static_cast<float>(teams - 1);
  }
}

TensorWriter::TensorWriter(const Game& game, std::span<float> out, int size) : out_(out) {
  if (static_cast<int>(out.size()) != size)
    throw UserError(game.spec() + ": the observation buffer has " + std::to_string(out.size()) +
                    " floats, the game's observation " + std::to_string(size));
  std::fill(out.begin(), out.end(), 0.0f);
}

void TensorWriter::past_end() {
  throw std::logic_error("observation tensor: a block past the end of the game's size");
}

void TensorWriter::short_of_size() {
  throw std::logic_error("observation tensor: the game wrote less than its size");
}

}  // namespace arena

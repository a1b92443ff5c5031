#include "bindings/batch/game_batch.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "engine/core/tensor.h"

namespace arena {

namespace {

template <class T>
void check_size(const Game& game, std::span<T> buffer, std::size_t expected, const char* what) {
  if (buffer.size() != expected)
    throw UserError(game.spec() + ": the batch's " + what + " array has " + std::to_string(buffer.size()) +
                    " entries, " + std::to_string(expected) + " expected");
}

}  // namespace

GameBatch::GameBatch(std::shared_ptr<const Game> game, int games, std::uint64_t seed, int threads)
    : game_(std::move(game)),
      initial_((require_learning_view(*game_), game_->new_initial_state())),
      observation_size_(arena::observation_size(*game_)),
      num_actions_(game_->num_distinct_actions()),
      pool_(threads < 1 ? 1 : std::min(threads, std::max(games, 1))) {
  if (games < 1) throw UserError("a batch needs at least one game (got " + std::to_string(games) + ")");
  if (threads < 1) throw UserError("a batch needs at least one thread (got " + std::to_string(threads) + ")");
  rows_.resize(games);
  for (int i = 0; i < games; ++i) {
    Row& row = rows_[i];
    row.state = initial_->clone();
    row.chance = Rng(derive_seed(seed, 2 * static_cast<std::uint64_t>(i)));
    row.policy = Rng(derive_seed(seed, 2 * static_cast<std::uint64_t>(i) + 1));
  }
}

std::int64_t GameBatch::finished_games() const {
  std::int64_t total = 0;
  for (const Row& row : rows_) total += row.finished;
  return total;
}

std::int64_t GameBatch::actions_played() const {
  std::int64_t total = 0;
  for (const Row& row : rows_) total += row.actions;
  return total;
}

void GameBatch::bind(const BatchBuffers& b) {
  const std::size_t n = rows_.size();
  check_size(*game_, b.observations, n * observation_size_, "observations");
  check_size(*game_, b.masks, n * num_actions_, "masks");
  check_size(*game_, b.rewards, n * players(), "rewards");
  check_size(*game_, b.dones, n, "dones");
  check_size(*game_, b.seats, n, "seats");
  buffers_ = b;
  bound_ = true;
}

void GameBatch::require_bound() const {
  if (!bound_) throw UserError(game_->spec() + ": the batch has no arrays to write to (bind them first)");
}

void GameBatch::reset() {
  require_bound();
  std::fill(buffers_.masks.begin(), buffers_.masks.end(), std::uint8_t{0});
  for (Row& row : rows_) row.indices.clear();
  pool_.run(
      size(), [](void* self, int begin, int end) { static_cast<GameBatch*>(self)->start_rows(begin, end); },
      this);
}

void GameBatch::step(std::span<const std::int32_t> actions) {
  require_bound();
  check_size(*game_, actions, rows_.size(), "actions");
  for (int i = 0; i < size(); ++i) {
    Row& row = rows_[i];
    const auto at = std::find(row.indices.begin(), row.indices.end(), actions[i]);
    if (at == row.indices.end())
      throw UserError(game_->spec() + ": action " + std::to_string(actions[i]) + " is not legal in game " +
                      std::to_string(i) + " of the batch (seat " +
                      std::to_string(row.state->current_player()) + " has " +
                      std::to_string(row.indices.size()) + " legal actions)");
    row.chosen = static_cast<int>(at - row.indices.begin());
  }
  pool_.run(
      size(), [](void* self, int begin, int end) { static_cast<GameBatch*>(self)->advance_rows(begin, end); },
      this);
}

void GameBatch::sample_actions(std::span<std::int32_t> out) {
  require_bound();
  check_size(*game_, out, rows_.size(), "actions");
  for (int i = 0; i < size(); ++i) {
    Row& row = rows_[i];
    out[i] = row.indices[row.policy.below(row.indices.size())];
  }
}

void GameBatch::start_rows(int begin, int end) {
  for (int i = begin; i < end; ++i) {
    rows_[i].state->assign(*initial_);
    settle(i);
  }
}

void GameBatch::advance_rows(int begin, int end) {
  for (int i = begin; i < end; ++i) {
    Row& row = rows_[i];
    row.state->apply(row.legal[row.chosen]);
    ++row.actions;
    settle(i);
  }
}

int GameBatch::resolve_chance(Row& row) {
  int seat = row.state->current_player();
  while (seat == kChance) {
    row.state->apply(sample_chance(*row.state, row.chance));
    ++row.actions;
    seat = row.state->current_player();
  }
  return seat;
}

void GameBatch::settle(int i) {
  Row& row = rows_[i];
  const std::span<float> rewards =
      buffers_.rewards.subspan(static_cast<std::size_t>(i) * players(), players());
  std::fill(rewards.begin(), rewards.end(), 0.0f);
  buffers_.dones[i] = 0;
  int seat = resolve_chance(row);
  if (seat == kTerminal) {
    write_rewards(*row.state, rewards);
    buffers_.dones[i] = 1;
    ++row.finished;
    row.state->assign(*initial_);
    seat = resolve_chance(row);
    // Every game has a decision before its end; the batch shows rows at decisions only.
    if (seat == kTerminal) throw std::logic_error(game_->spec() + ": a game ended before its first decision");
  }
  write_row(i, seat);
}

void GameBatch::write_row(int i, int seat) {
  Row& row = rows_[i];
  const State& state = *row.state;
  buffers_.seats[i] = seat;
  state.write_observation(seat, buffers_.observations.subspan(static_cast<std::size_t>(i) * observation_size_,
                                                              observation_size_));
  std::uint8_t* mask = buffers_.masks.data() + static_cast<std::size_t>(i) * num_actions_;
  // A small mask is cleared whole (one memset); a wide one (Flush's) only where it was set.
  if (num_actions_ <= kClearWhole)
    std::memset(mask, 0, num_actions_);
  else
    for (int index : row.indices) mask[index] = 0;
  state.legal_moves(row.legal);
  row.indices.resize(row.legal.size());
  state.action_indices(row.legal, row.indices);
  for (int index : row.indices) mask[index] = 1;
}

}  // namespace arena

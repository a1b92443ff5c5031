// What the samplers of the card games share (Flush: flush_sample.cpp; flume-cards:
// flume_cards_sample.cpp). A seat's views are taken one stretch of the game at a time (a
// round, a hand): the game reads the stretch from the views, draws the cards the seat never
// saw, and the stretch is replayed through the rules with them, every action checked (its
// actor, its legality, the view it shows). A check fails only for views no game produces,
// so the few further draws are a safety net. The cost is about one replay of the game.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>

#include "engine/core/game.h"
#include "engine/core/sampled_state.h"
#include "engine/core/user_error.h"

namespace arena {

// One stretch as the game read it: the index in the views just after it, and how many
// actions its replay makes (each is one action of the views, from the stretch's first on).
struct Stretch {
  std::size_t end = 0;
  std::size_t moves = 0;
};

// G: the game, S: its state (built from the game).
template <typename G, typename S>
class StretchSampler {
 public:
  // The words of the errors: what a stretch is called ("round") and what is said when an
  // action comes after the end of the game.
  struct Words {
    const char* stretch;
    const char* game_over;
  };

  StretchSampler(const G& game, int seat, std::span<const SeenAction> seen, Words words)
      : game_(game), seat_(seat), seen_(seen), state_(std::make_unique<S>(game)), words_(words) {}
  virtual ~StretchSampler() = default;

  // A state showing the seat its views; throws UserError naming the first action that no
  // draw fits.
  std::unique_ptr<State> run(Rng& rng) {
    if (seen_.empty()) return std::move(state_);
    start();
    for (std::size_t i = 1; i < seen_.size();) {
      if (state_->is_terminal()) fail(i, words_.game_over);
      const Stretch stretch = read_stretch(i);
      draw_and_replay(i, stretch.moves, rng);
      i = stretch.end;
    }
    return std::move(state_);
  }

 protected:
  // Applies the views' first action (who starts), or fails.
  virtual void start() = 0;
  // Reads the stretch whose first action is seen_[first]; fails on views no game shows.
  virtual Stretch read_stretch(std::size_t first) = 0;
  // Draws the hidden cards of the stretch just read; false when no draw fits its views.
  virtual bool draw(Rng& rng) = 0;
  // The k-th move of the stretch, with drawn cards where the seat saw none (-1: none fits).
  virtual Move next_move(std::size_t k) = 0;
  // Whether `m` can be action i: the actor seen, a legal move, and the view seen.
  virtual bool fits(std::size_t i, Move m) = 0;

  [[noreturn]] void fail(std::size_t at, const std::string& why) const {
    fail_sampling(game_, seat_, seen_, at, why);
  }

  const G& game_;
  int seat_;
  std::span<const SeenAction> seen_;
  std::unique_ptr<S> state_;

 private:
  // Draws tried per stretch before the views are called impossible.
  static constexpr int kDraws = 8;

  void draw_and_replay(std::size_t first, std::size_t moves, Rng& rng) {
    const std::size_t before = state_->history().size();
    for (int attempt = 0; attempt < kDraws; ++attempt) {
      if (!draw(rng))
        fail(first, std::string("no deal of the unseen cards fits this ") + words_.stretch + "'s views");
      if (replay(first, moves)) return;
      rewind(before);
    }
    fail(failed_at_, "not a legal action of any deal that fits the views");
  }

  bool replay(std::size_t first, std::size_t moves) {
    for (std::size_t k = 0; k < moves; ++k) {
      const Move m = next_move(k);
      if (!fits(first + k, m)) {
        failed_at_ = first + k;
        return false;
      }
      state_->apply(m);
    }
    return true;
  }

  // Back to the state after the first `actions` actions: replayed from the history, on the
  // rare path of a failed check, so the common path keeps no copy.
  void rewind(std::size_t actions) {
    auto fresh = std::make_unique<S>(game_);
    const std::vector<Action>& done = state_->history();
    for (std::size_t k = 0; k < actions; ++k) fresh->apply(done[k].move);
    state_ = std::move(fresh);
  }

  Words words_;
  std::size_t failed_at_ = 0;
};

// Game::sample_state with a StretchSampler: the seat checked, errors named with the spec.
template <typename Sampler, typename G>
std::unique_ptr<State> sample_by_stretches(const G& game, int seat, std::span<const SeenAction> seen,
                                           Rng& rng) {
  if (seat < 1 || seat > game.num_players())
    throw UserError(game.spec() + ": there is no seat " + std::to_string(seat) + " to sample for");
  Sampler sampler(game, seat, seen);
  return sampler.run(rng);
}

}  // namespace arena

#include "engine/core/sampled_state.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/core/random.h"
#include "engine/core/user_error.h"

namespace arena {

std::vector<SeenAction> seen_by(const Game& game, int seat, const std::vector<Action>& history) {
  std::vector<SeenAction> seen;
  auto state = game.new_initial_state();
  for (const Action& a : history) {
    std::string view = state->action_view(seat, a.move);
    if (!view.empty()) seen.push_back({a.actor, std::move(view)});
    state->apply(a.move);
  }
  return seen;
}

void fail_sampling(const Game& game, int seat, std::span<const SeenAction> seen, std::size_t at,
                   std::string_view why) {
  throw UserError(game.spec() + ": no state shows seat " + std::to_string(seat) + " these " +
                  std::to_string(seen.size()) + " actions (action " + std::to_string(at + 1) + ", '" +
                  seen[at].view + "': " + std::string(why) + ")");
}

std::unique_ptr<State> Game::sample_state(int seat, std::span<const SeenAction> seen, Rng& rng) const {
  return sample_by_search(*this, seat, seen, rng);
}

namespace {

// A step where more than one action shows the seat the same view: the state before it, and
// the actions still to try there, the next one last.
struct ChoicePoint {
  std::unique_ptr<State> before;
  std::size_t next_seen;  // index of the seen action the step is to match
  std::vector<Move> untried;
};

// The actions of `state` that can stand for seen[i] (or, with an empty view, come unseen
// before it), in the order to try them: random, chance outcomes weighted by probability
// (the last element is tried first).
std::vector<Move> candidates(const State& state, int seat, const SeenAction& want, Rng& rng) {
  std::vector<Move> out;
  if (!state.is_chance()) {
    // A view that is a move's full notation names that move (the fast path of public moves).
    ParsedMove p = state.parse_move(want.view);
    if (p.ok() && state.current_player() == want.actor && state.move_to_string(p.move) == want.view &&
        state.action_view(seat, p.move) == want.view)
      return {p.move};
  }
  std::vector<std::pair<double, Move>> keyed;
  std::vector<std::pair<Move, double>> weighted;
  if (state.is_chance()) {
    weighted = state.chance_outcomes();
  } else {
    for (Move m : state.legal_moves()) weighted.push_back({m, 1.0});
  }
  for (auto [m, p] : weighted) {
    if (p <= 0) continue;
    const std::string view = state.action_view(seat, m);
    const bool fits = view.empty() || (view == want.view && state.current_player() == want.actor);
    // Weighted order without replacement: the largest u^(1/p) goes first.
    if (fits) keyed.push_back({std::pow(rng.unit(), 1.0 / p), m});
  }
  std::sort(keyed.begin(), keyed.end());
  for (auto& [key, m] : keyed) out.push_back(m);
  return out;
}

[[noreturn]] void no_state(const Game& game, int seat, std::size_t reached, std::size_t total, bool budget) {
  throw UserError(game.spec() + ": no state shows seat " + std::to_string(seat) + " these " +
                  std::to_string(total) + " actions" +
                  (budget ? " (search budget spent; reached action " + std::to_string(reached + 1) + ")"
                          : " (action " + std::to_string(reached + 1) + " fits nothing)"));
}

}  // namespace

std::unique_ptr<State> sample_by_search(const Game& game, int seat, std::span<const SeenAction> seen,
                                        Rng& rng, std::size_t budget) {
  if (budget == 0) budget = 20 * seen.size() + 1000;
  auto state = game.new_initial_state();
  std::vector<ChoicePoint> stack;
  std::size_t i = 0, tried = 0, furthest = 0;
  while (i < seen.size()) {
    furthest = std::max(furthest, i);
    std::vector<Move> options;
    if (!state->is_terminal()) options = candidates(*state, seat, seen[i], rng);
    if (options.size() > 1) stack.push_back({state->clone(), i, options});
    while (options.empty()) {  // dead end: back to the last step with an untried action
      if (stack.empty()) no_state(game, seat, furthest, seen.size(), false);
      ChoicePoint& back = stack.back();
      back.untried.pop_back();
      if (back.untried.empty()) {
        stack.pop_back();
        continue;
      }
      state->assign(*back.before);
      i = back.next_seen;
      options = back.untried;
    }
    if (++tried > budget) no_state(game, seat, furthest, seen.size(), true);
    const Move m = options.back();
    const bool shown = !state->action_view(seat, m).empty();
    state->apply(m);
    if (shown) ++i;
  }
  return state;
}

}  // namespace arena

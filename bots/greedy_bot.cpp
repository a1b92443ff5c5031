// Greedy bot for the two-player board games: tries every legal move one ply deep with
// the engine and keeps the best by a simple evaluation. Clump: how far the best group
// of each colour spans towards its two sides; Flume: stones on the board. A move that
// wins at once is always taken. Other games: a winning move if there is one, else
// random. Ties are broken by the game's seed, so games repeat exactly.
#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "engine/clump/clump.h"
#include "engine/core/random.h"
#include "engine/flume/flume.h"
#include "protocol/arena_bot.hpp"

namespace {

// Largest span (in rows for Red, columns for Blue) of one group of `colour`.
int clump_span(const arena::clump::ClumpState& s, std::int8_t colour) {
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
      const int coord = colour == arena::clump::kRed ? c / n : c % n;
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

// Evaluation of `state` for `seat` (higher is better); only called on live states.
double evaluate(const arena::State& state, int seat) {
  const auto mine = static_cast<std::int8_t>(seat - 1), theirs = static_cast<std::int8_t>(2 - seat);
  if (auto* c = dynamic_cast<const arena::clump::ClumpState*>(&state))
    return clump_span(*c, mine) - clump_span(*c, theirs);
  if (auto* f = dynamic_cast<const arena::flume::FlumeState*>(&state)) {
    // Stones, plus the extra placements waiting on cells with 3+ occupied neighbours:
    // whoever moves next gets to use them.
    int bonus_cells = 0;
    for (int cell = 0; cell < f->size() * f->size(); ++cell)
      if (f->at(cell) == arena::flume::kEmpty && f->occupied_neighbours(cell) >= 3) ++bonus_cells;
    const double tempo = f->current_player() == seat ? 1 : -1;
    return f->stones(mine) - f->stones(theirs) + tempo * (1 + 0.5 * bonus_cells);
  }
  return 0;
}

class GreedyBot : public arena::bot::Bot {
 public:
  std::string name() const override { return "greedy"; }
  std::string author() const override { return "Arena sample bots"; }
  void new_game(const arena::bot::Turn& t) override {
    rng_ = arena::Rng(t.seed);
    game_ = t.game();
  }
  std::string choose(const arena::bot::Turn& t) override {
    // One-ply lookahead needs the full position and a two-seat evaluation. Where the
    // events hide something this seat cannot replay (another hand's cards), or there are
    // more seats, the bot plays a random legal move, as the random bot does.
    std::unique_ptr<arena::State> state;
    if (game_->num_players() == 2) {
      try {
        state = t.replay(*game_);
      } catch (const std::exception&) {
        state.reset();
      }
    }
    if (!state) {
      if (!t.legal.empty()) return t.legal[rng_.below(t.legal.size())];
      throw std::runtime_error("greedy: cannot rebuild this game's position and no legal moves were sent");
    }
    const auto legal = state->legal_moves();
    std::vector<arena::Move> best;
    double best_value = -std::numeric_limits<double>::infinity();
    auto child = state->clone();
    for (arena::Move m : legal) {
      child->assign(*state);
      child->apply(m);
      double value;
      if (child->is_terminal()) {
        const auto r = child->results();
        const int other = 3 - t.seat;
        value = r[t.seat - 1].rank < r[other - 1].rank   ? 1e9
                : r[t.seat - 1].rank > r[other - 1].rank ? -1e9
                                                         : 0;
      } else {
        value = evaluate(*child, t.seat);
      }
      if (value > best_value) {
        best_value = value;
        best.clear();
      }
      if (value == best_value) best.push_back(m);
    }
    return state->move_to_string(best[rng_.below(best.size())]);
  }

 private:
  arena::Rng rng_{0};
  std::unique_ptr<arena::Game> game_;
};

}  // namespace

int main() { return GreedyBot().run(); }

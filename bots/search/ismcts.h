// Monte Carlo tree search for every Arena game, through the engine's Game/State API only.
// One algorithm covers all five games: single-observer information-set MCTS (Cowling,
// Powley, Whitehouse 2012). Each iteration starts from a *determinization*, a full state
// consistent with what the searching seat knows (the real state in a perfect-information
// game), walks a tree whose edges are moves, and plays the rest at random. A child is
// scored only against the iterations in which it was legal (availability counts), so one
// tree gathers statistics over many possible hidden states. Chance outcomes are edges
// too, sampled by their probabilities. Rewards are per seat in [0, 1]: the share of other
// sides the seat finished ahead of (ties half), so 2..6 seats and teams need no special case.
// Known weaknesses (docs/bots.md): strategy fusion (the tree cannot play differently in
// hidden states the seat cannot tell apart, which is right, but its value estimates
// average over them) and non-locality (opponents' earlier choices are not used to weigh
// which hidden states are likely).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/random.h"

namespace arena::search {

struct SearchOptions {
  double exploration = 0.7;  // UCB constant, rewards in [0, 1]
  long max_iterations = 0;   // 0: until the deadline
  int playout_cap = 0;       // actions per playout at most (0: the game's maximum length)
  // Playout policy: with this probability a playout move is the one with the best average
  // reward so far for its mover (MAST, Finnsson and Björnsson 2008), else uniform.
  double mast_greedy = 0.5;
  // Playout policy, tried first: up to this many random legal moves are looked at one ply
  // ahead and the first that leaves the mover to act again (an extra placement) is played.
  // Game-independent, cheap, and the single strongest playout feature in games with extra
  // turns (Flume's multiple placements); 0 disables it.
  int keep_turn_tries = 0;
  // Playout policy, first of all: with this probability only the legal moves of the highest
  // State::playout_hint are considered (the game's at-a-glance judgement; every move alike
  // in games that give none).
  double hint_greedy = 0.9;
  // Below the root, the tree considers only the moves of the highest hint.
  bool tree_hints = true;
};

struct SearchResult {
  Move move = -1;
  long iterations = 0;
  long playout_actions = 0;
  double best_value = 0;  // mean reward of the chosen move for the searching seat
};

// One root move after a search: its visits, the iterations in which it was legal, and its mean
// reward for the searching seat (0 when never visited).
struct RootMove {
  Move move = -1;
  int visits = 0, available = 0;
  double value = 0;
};

// Fills `into` with one determinization (assign() into it; no allocation once warm).
using Determinizer = std::function<void(State& into, Rng& rng)>;

class Ismcts {
 public:
  explicit Ismcts(SearchOptions options) : options_(options) {}

  // Searches from the states `sample` produces until `deadline` (or max_iterations) and
  // returns the most visited move among `legal` (the searching seat's legal moves now).
  SearchResult search(const State& shape, const Determinizer& sample, const std::vector<Move>& legal,
                      int seat, std::chrono::steady_clock::time_point deadline, Rng& rng);

  // Tree reuse between a bot's own moves (perfect-information games): keeps the subtree the
  // last search reached through `moves` (every action since its root, chance included) as
  // the tree the next search() starts from, with its statistics. False, and a fresh tree
  // next time, when the path leaves the tree. Visits of the new root (its kept work).
  bool advance(const std::vector<Move>& moves);
  int root_visits() const { return nodes_.empty() ? 0 : nodes_[0].visits; }
  // The statistics of each of `legal` at the root after search(), in `legal`'s order: what the
  // choice was made from, for callers that weigh every move (the Python binding).
  std::vector<RootMove> root_moves(const std::vector<Move>& legal, int seat) const;

 private:
  static constexpr int kMaxSeats = 6;
  struct Node {
    Move move = -1;
    int parent = -1, first_child = -1, next_sibling = -1;
    int visits = 0, available = 0;
    float reward[kMaxSeats] = {};  // summed rewards of the iterations through this node
  };

  void reroot(int node);
  int add_child(int parent, Move m);
  int find_child(int parent, Move m) const;
  int select_or_expand(State& det, Rng& rng, bool& expanded);
  void playout(State& det, Rng& rng);
  void backpropagate(int node, const State& det, std::size_t root_ply);
  Move playout_move(const State& det, Rng& rng);
  void keep_best_hinted(const State& det);
  std::size_t mast_slot(int seat, Move m) const;
  double ucb(const Node& child, int seat) const;

  SearchOptions options_;
  std::vector<Node> nodes_;
  std::vector<Move> legal_, untried_;
  bool hints_ = false;  // the game gives playout hints (seen at the root)
  float rewards_[kMaxSeats] = {};
  long playout_actions_ = 0;
  // MAST: reward sums and counts per (seat, move), hashed into a fixed table.
  static constexpr std::size_t kMastSlots = 1 << 16;
  std::vector<float> mast_sum_, mast_count_;
  std::unique_ptr<State> lookahead_;
  bool keep_tree_ = false;  // advance() found the path: search() goes on from the kept tree
};

// Per seat (0-based), in [0, 1]: the share of other sides the seat finished ahead of, a tie
// counting half. Writes results().size() values.
void seat_rewards(const std::vector<SeatResult>& results, float* out);

}  // namespace arena::search

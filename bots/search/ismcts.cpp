#include "bots/search/ismcts.h"

#include <cmath>

namespace arena::search {

void seat_rewards(const std::vector<SeatResult>& results, float* out) {
  const std::size_t n = results.size();
  for (std::size_t s = 0; s < n; ++s) {
    double beaten = 0;
    int others = 0;
    for (std::size_t o = 0; o < n; ++o) {
      if (results[o].team == results[s].team) continue;
      ++others;
      beaten += results[o].rank > results[s].rank ? 1.0 : results[o].rank == results[s].rank ? 0.5 : 0.0;
    }
    out[s] = others ? static_cast<float>(beaten / others) : 0.5f;
  }
}

int Ismcts::add_child(int parent, Move m) {
  Node child;
  child.move = m;
  child.parent = parent;
  child.next_sibling = nodes_[parent].first_child;
  nodes_.push_back(child);
  const int id = static_cast<int>(nodes_.size()) - 1;
  nodes_[parent].first_child = id;
  return id;
}

int Ismcts::find_child(int parent, Move m) const {
  for (int c = nodes_[parent].first_child; c >= 0; c = nodes_[c].next_sibling)
    if (nodes_[c].move == m) return c;
  return -1;
}

double Ismcts::ucb(const Node& child, int seat) const {
  const double mean = child.reward[seat - 1] / child.visits;
  return mean +
         options_.exploration * std::sqrt(std::log(static_cast<double>(child.available)) / child.visits);
}

// Walks down from the root applying moves to `det`: chance outcomes sampled, a move not yet
// in the tree added (then `expanded`), else the best child by UCB among those legal in
// `det`. Returns the node reached.
int Ismcts::select_or_expand(State& det, Rng& rng, bool& expanded) {
  int node = 0;
  expanded = false;
  while (!det.is_terminal()) {
    if (det.is_chance()) {
      const Move m = sample_chance(det, rng);
      const int child = find_child(node, m);
      node = child >= 0 ? child : add_child(node, m);
      det.apply(m);
      continue;
    }
    const int seat = det.current_player();
    det.legal_moves(legal_);
    // Below the root the tree follows the game's hints as the playouts do: otherwise every
    // reply is tried once before any is tried twice, and a move that hands the opponent an
    // obvious gain looks fine because most replies ignore it.
    if (hints_ && node != 0 && options_.tree_hints) keep_best_hinted(det);
    untried_.clear();
    int best = -1;
    double best_value = -1;
    for (Move m : legal_) {
      const int child = find_child(node, m);
      if (child < 0) {
        untried_.push_back(m);
        continue;
      }
      Node& c = nodes_[child];
      ++c.available;
      if (!untried_.empty()) continue;  // an untried move will be expanded instead
      const double value = ucb(c, seat);
      if (value > best_value) best_value = value, best = child;
    }
    if (!untried_.empty()) {
      const Move m = untried_[rng.below(untried_.size())];
      node = add_child(node, m);
      nodes_[node].available = 1;
      det.apply(m);
      expanded = true;
      return node;
    }
    node = best;
    det.apply(nodes_[node].move);
  }
  return node;
}

std::size_t Ismcts::mast_slot(int seat, Move m) const {
  std::uint64_t h =
      (static_cast<std::uint64_t>(static_cast<std::uint32_t>(m)) << 3 | static_cast<unsigned>(seat)) *
      0x9E3779B97F4A7C15ull;
  return static_cast<std::size_t>(h >> 48) & (kMastSlots - 1);
}

// Keeps in legal_ only the moves of the highest playout hint, in their order.
void Ismcts::keep_best_hinted(const State& det) {
  int best = -1;
  std::size_t kept = 0;
  for (Move m : legal_) {
    const int h = det.playout_hint(m);
    if (h < best) continue;
    if (h > best) best = h, kept = 0;
    legal_[kept++] = m;
  }
  legal_.resize(kept);
}

Move Ismcts::playout_move(const State& det, Rng& rng) {
  if (det.is_chance()) return sample_chance(det, rng);
  det.legal_moves(legal_);
  if (hints_ && legal_.size() > 1 && rng.unit() < options_.hint_greedy) keep_best_hinted(det);
  const int seat = det.current_player();
  for (int t = 0; t < options_.keep_turn_tries && legal_.size() > 1; ++t) {
    const Move m = legal_[rng.below(legal_.size())];
    lookahead_->assign(det);
    lookahead_->apply(m);
    if (lookahead_->current_player() == seat) return m;
  }
  if (rng.unit() >= options_.mast_greedy) return legal_[rng.below(legal_.size())];
  Move best = legal_[rng.below(legal_.size())];
  float best_mean = -1;
  for (Move m : legal_) {
    const std::size_t k = mast_slot(seat, m);
    const float mean = mast_count_[k] > 0 ? mast_sum_[k] / mast_count_[k] : 0.5f;
    if (mean > best_mean) best_mean = mean, best = m;
  }
  return best;
}

void Ismcts::playout(State& det, Rng& rng) {
  const int cap = options_.playout_cap > 0 ? options_.playout_cap : det.game().max_game_length();
  int actions = 0;
  while (!det.is_terminal() && static_cast<int>(det.history().size()) < det.game().max_game_length() &&
         actions < cap) {
    det.apply(playout_move(det, rng));
    ++actions;
  }
  playout_actions_ += actions;
}

void Ismcts::backpropagate(int node, const State& det, std::size_t root_ply) {
  const int n = det.game().num_players();
  if (det.is_terminal()) {
    seat_rewards(det.results(), rewards_);
  } else {
    for (int s = 0; s < n; ++s) rewards_[s] = 0.5f;  // cut off: nobody is known to be ahead
  }
  const auto& history = det.history();
  for (std::size_t i = root_ply; i < history.size(); ++i) {
    if (history[i].actor <= 0) continue;
    const std::size_t k = mast_slot(history[i].actor, history[i].move);
    mast_sum_[k] += rewards_[history[i].actor - 1];
    mast_count_[k] += 1;
  }
  for (; node >= 0; node = nodes_[node].parent) {
    Node& x = nodes_[node];
    ++x.visits;
    for (int s = 0; s < n; ++s) x.reward[s] += rewards_[s];
  }
}

std::vector<RootMove> Ismcts::root_moves(const std::vector<Move>& legal, int seat) const {
  std::vector<RootMove> out;
  for (Move m : legal) {
    RootMove r;
    r.move = m;
    const int child = nodes_.empty() ? -1 : find_child(0, m);
    if (child >= 0) {
      r.visits = nodes_[child].visits;
      r.available = nodes_[child].available;
      r.value = r.visits > 0 ? nodes_[child].reward[seat - 1] / r.visits : 0.0;
    }
    out.push_back(r);
  }
  return out;
}

bool Ismcts::advance(const std::vector<Move>& moves) {
  int node = nodes_.empty() ? -1 : 0;
  for (std::size_t i = 0; i < moves.size() && node >= 0; ++i) node = find_child(node, moves[i]);
  keep_tree_ = node >= 0;
  if (keep_tree_) reroot(node);
  return keep_tree_;
}

// Copies the subtree under `node` to the front of a fresh node vector, children in the same
// order, and makes it the tree (its root has no move and no parent).
void Ismcts::reroot(int node) {
  std::vector<Node> kept;
  kept.reserve(nodes_.capacity());
  kept.push_back(nodes_[node]);
  kept[0].move = -1;
  kept[0].parent = kept[0].first_child = kept[0].next_sibling = -1;
  std::vector<std::pair<int, int>> todo{{node, 0}};  // (old index, new index)
  while (!todo.empty()) {
    const auto [from, to] = todo.back();
    todo.pop_back();
    int previous = -1;
    for (int c = nodes_[from].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const int copy = static_cast<int>(kept.size());
      kept.push_back(nodes_[c]);
      kept[copy].parent = to;
      kept[copy].first_child = kept[copy].next_sibling = -1;
      (previous < 0 ? kept[to].first_child : kept[previous].next_sibling) = copy;
      previous = copy;
      todo.push_back({c, copy});
    }
  }
  nodes_.swap(kept);
}

SearchResult Ismcts::search(const State& shape, const Determinizer& sample, const std::vector<Move>& legal,
                            int seat, std::chrono::steady_clock::time_point deadline, Rng& rng) {
  if (!keep_tree_) {
    nodes_.clear();
    nodes_.reserve(1 << 16);
    nodes_.emplace_back();
    mast_sum_.assign(kMastSlots, 0.0f);
    mast_count_.assign(kMastSlots, 0.0f);
  }
  keep_tree_ = false;
  playout_actions_ = 0;
  hints_ = shape.game().playout_hints() && options_.hint_greedy > 0;
  std::unique_ptr<State> det = shape.clone();
  lookahead_ = shape.clone();
  SearchResult result;
  for (long it = 0;; ++it) {
    if (options_.max_iterations > 0 ? it >= options_.max_iterations
                                    : std::chrono::steady_clock::now() >= deadline)
      break;
    sample(*det, rng);
    const std::size_t root_ply = det->history().size();
    bool expanded = false;
    const int node = select_or_expand(*det, rng, expanded);
    if (expanded) playout(*det, rng);
    backpropagate(node, *det, root_ply);
    result.iterations = it + 1;
  }
  // The most visited of the moves legal now; with no statistics, the first legal move.
  int best_visits = -1;
  result.move = legal.empty() ? -1 : legal.front();
  for (Move m : legal) {
    const int child = find_child(0, m);
    if (child < 0 || nodes_[child].visits <= best_visits) continue;
    best_visits = nodes_[child].visits;
    result.move = m;
    result.best_value = nodes_[child].reward[seat - 1] / nodes_[child].visits;
  }
  result.playout_actions = playout_actions_;
  return result;
}

}  // namespace arena::search

#include "engine/core/perft.h"

#include <memory>

namespace arena {

namespace {

// One pre-allocated state and move buffer per ply, so the walk allocates (almost)
// nothing once warmed up.
struct PerftStack {
  std::vector<std::unique_ptr<State>> states;
  std::vector<std::vector<Move>> moves;
  PerftStack(const State& root, int depth) {
    for (int i = 0; i <= depth; ++i) states.push_back(root.clone());
    moves.resize(depth + 1);
  }
};

std::uint64_t walk(PerftStack& st, int ply, int depth) {
  const State& s = *st.states[ply];
  if (s.is_terminal()) return 0;
  auto& moves = st.moves[ply];
  s.legal_moves(moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  State& child = *st.states[ply + 1];
  for (Move m : moves) {
    child.assign(s);
    child.apply(m);
    total += walk(st, ply + 1, depth - 1);
  }
  return total;
}

}  // namespace

std::uint64_t perft(const State& state, int depth) {
  if (depth <= 0) return 1;
  PerftStack st(state, depth);
  return walk(st, 0, depth);
}

std::vector<std::pair<std::string, std::uint64_t>> perft_divide(const State& state, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  if (depth <= 0 || state.is_terminal()) return out;
  for (Move m : state.legal_moves()) {
    auto child = state.clone();
    child->apply(m);
    out.emplace_back(state.move_to_string(m), perft(*child, depth - 1));
  }
  return out;
}

}  // namespace arena

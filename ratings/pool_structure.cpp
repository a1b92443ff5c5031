#include "ratings/pool_structure.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <utility>

namespace arena::ratings_detail {

namespace {

// (from << 32 | to): `from` finished at least level with `to` in some game, as opponents.
using Arc = std::uint64_t;
Arc make_arc(int from, int to) { return (static_cast<Arc>(from) << 32) | static_cast<std::uint32_t>(to); }
int arc_from(Arc a) { return static_cast<int>(a >> 32); }
int arc_to(Arc a) { return static_cast<int>(a & 0xffffffffu); }

int find_root(std::vector<int>& parent, int x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

// Who met whom (union-find over the seats of a game), who played, and the arcs, sorted
// and without repeats.
struct Meetings {
  std::vector<int> parent;
  std::vector<bool> present;
  std::vector<Arc> arcs;
};

Meetings collect_meetings(const std::vector<IndexedGame>& games, const std::vector<int>& chosen, int n) {
  Meetings m;
  m.parent.resize(n);
  std::iota(m.parent.begin(), m.parent.end(), 0);
  m.present.assign(n, false);
  // Most pools are small enough for a bit per ordered pair, which spares sorting millions of
  // repeated arcs.
  std::vector<char> seen_arc(n <= 4096 ? static_cast<std::size_t>(n) * n : 0, 0);
  for (int gi : chosen) {
    const IndexedGame& ig = games[gi];
    const RatedGame& g = *ig.game;
    for (std::size_t a = 0; a < ig.seats.size(); ++a) {
      m.present[ig.seats[a]] = true;
      m.parent[find_root(m.parent, ig.seats[a])] = find_root(m.parent, ig.seats[0]);
      for (std::size_t b = 0; b < ig.seats.size(); ++b) {
        if (a == b || team_of(g, a) == team_of(g, b) || g.ranks[a] > g.ranks[b]) continue;
        if (!seen_arc.empty())
          seen_arc[static_cast<std::size_t>(ig.seats[a]) * n + ig.seats[b]] = 1;
        else
          m.arcs.push_back(make_arc(ig.seats[a], ig.seats[b]));
      }
    }
  }
  if (!seen_arc.empty()) {
    // Read back in key order: no sort needed.
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if (seen_arc[static_cast<std::size_t>(a) * n + b]) m.arcs.push_back(make_arc(a, b));
  } else {
    std::sort(m.arcs.begin(), m.arcs.end());
    m.arcs.erase(std::unique(m.arcs.begin(), m.arcs.end()), m.arcs.end());
  }
  return m;
}

// Connected parts numbered in order of their smallest root.
void label_components(Meetings& m, int n, PoolStructure& st) {
  st.component.assign(n, -1);
  std::map<int, int> root_index;
  for (int i = 0; i < n; ++i) {
    if (!m.present[i]) continue;
    auto [it, inserted] = root_index.emplace(find_root(m.parent, i), static_cast<int>(root_index.size()));
    st.component[i] = it->second;
  }
  st.components = static_cast<int>(root_index.size());
  st.component_size.assign(st.components, 0);
  for (int i = 0; i < n; ++i)
    if (st.component[i] >= 0) ++st.component_size[st.component[i]];
}

// The arcs forward and backward, compressed sparse rows.
struct Adjacency {
  std::vector<int> out_off, in_off, out, in;
};

Adjacency build_adjacency(const std::vector<Arc>& arcs, int n) {
  Adjacency g;
  g.out_off.assign(n + 1, 0);
  g.in_off.assign(n + 1, 0);
  for (Arc a : arcs) ++g.out_off[arc_from(a) + 1], ++g.in_off[arc_to(a) + 1];
  for (int i = 0; i < n; ++i) g.out_off[i + 1] += g.out_off[i], g.in_off[i + 1] += g.in_off[i];
  g.out.resize(arcs.size());
  g.in.resize(arcs.size());
  std::vector<int> po(g.out_off.begin(), g.out_off.end() - 1), pi(g.in_off.begin(), g.in_off.end() - 1);
  for (Arc a : arcs) {
    g.out[po[arc_from(a)]++] = arc_to(a);
    g.in[pi[arc_to(a)]++] = arc_from(a);
  }
  return g;
}

// +1 for a player who was never beaten nor tied, -1 for one who never beat nor tied anyone.
void mark_edges(const Adjacency& g, const std::vector<bool>& present, int n, PoolStructure& st) {
  st.edge.assign(n, 0);
  for (int i = 0; i < n; ++i) {
    if (!present[i]) continue;
    const bool has_out = g.out_off[i + 1] > g.out_off[i], has_in = g.in_off[i + 1] > g.in_off[i];
    if (has_out && !has_in) st.edge[i] = +1;
    if (has_in && !has_out) st.edge[i] = -1;
  }
}

// Kosaraju, iterative: finish order on the forward graph, then sweeps of the reverse graph.
void strongly_connected(const Adjacency& g, const std::vector<bool>& present, int n, PoolStructure& st) {
  std::vector<int> order;
  order.reserve(n);
  std::vector<char> seen(n, 0);
  std::vector<std::pair<int, int>> stack;
  for (int s = 0; s < n; ++s) {
    if (seen[s] || !present[s]) continue;
    seen[s] = 1;
    stack.emplace_back(s, g.out_off[s]);
    while (!stack.empty()) {
      auto& [v, next] = stack.back();
      if (next < g.out_off[v + 1]) {
        const int w = g.out[next++];
        if (!seen[w]) seen[w] = 1, stack.emplace_back(w, g.out_off[w]);
      } else {
        order.push_back(v);
        stack.pop_back();
      }
    }
  }
  st.scc.assign(n, -1);
  int sccs = 0;
  std::vector<int> todo;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (st.scc[*it] >= 0) continue;
    todo.push_back(*it);
    st.scc[*it] = sccs;
    while (!todo.empty()) {
      const int v = todo.back();
      todo.pop_back();
      for (int k = g.in_off[v]; k < g.in_off[v + 1]; ++k)
        if (st.scc[g.in[k]] < 0) st.scc[g.in[k]] = sccs, todo.push_back(g.in[k]);
    }
    ++sccs;
  }
}

// A part needs the prior when it holds more than one strongly connected component.
void mark_one_sided_parts(const std::vector<bool>& present, int n, PoolStructure& st) {
  st.needs_prior.assign(st.components, false);
  std::vector<int> first_scc(st.components, -1);
  for (int i = 0; i < n; ++i) {
    if (!present[i]) continue;
    const int c = st.component[i];
    if (first_scc[c] < 0)
      first_scc[c] = st.scc[i];
    else if (first_scc[c] != st.scc[i])
      st.needs_prior[c] = true;
  }
}

// Every unordered pair of opponents, once.
void collect_opponent_pairs(const std::vector<Arc>& arcs, PoolStructure& st) {
  for (Arc a : arcs) {
    const int u = arc_from(a), v = arc_to(a);
    if (u < v || !std::binary_search(arcs.begin(), arcs.end(), make_arc(v, u)))
      st.opponent_pairs.push_back(make_arc(std::min(u, v), std::max(u, v)));
  }
  std::sort(st.opponent_pairs.begin(), st.opponent_pairs.end());
  st.opponent_pairs.erase(std::unique(st.opponent_pairs.begin(), st.opponent_pairs.end()),
                          st.opponent_pairs.end());
}

}  // namespace

PoolStructure analyse_pool(const std::vector<IndexedGame>& games, const std::vector<int>& chosen, int n) {
  PoolStructure st;
  Meetings m = collect_meetings(games, chosen, n);
  label_components(m, n, st);
  const Adjacency g = build_adjacency(m.arcs, n);
  mark_edges(g, m.present, n, st);
  strongly_connected(g, m.present, n, st);
  mark_one_sided_parts(m.present, n, st);
  collect_opponent_pairs(m.arcs, st);
  return st;
}

}  // namespace arena::ratings_detail

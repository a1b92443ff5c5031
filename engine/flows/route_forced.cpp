// A necessary condition for a route system that the cut condition misses: forced wires.
//
// Contract every empty hex to a vertex, every wire to an edge, and every board side to a
// terminal (its ports are edges to it). A route is then a trail from its start terminal to
// its goal terminal, and the routes of a system use disjoint edges. A wire that every trail
// of route r crosses (a bridge between r's terminals) is used by r in every system, so no
// other route may use it; removing it from the others' graphs can make more wires forced
// for them, or cut one of them off, which proves that no system exists. The cut condition
// cannot see this when the ports of one route's side lie next to another route's ports: its
// single max-flow lets one route's start feed another's goal (two lone wires, into the
// north-west corner and into the south, each needed by one route and the third route
// needing one of them, cost the frontier sweep 40,000 states per placement).
// Straight crossings are ignored, so this only ever proves positions blocked.
#include <algorithm>

#include "engine/flows/route_solver.h"

namespace arena::flows {

void RouteSolver::build_forced_graph() {
  forced_head_.fill(-1);
  forced_arcs_ = 0;
  auto add_arc = [&](int u, int v) {
    forced_to_[forced_arcs_] = static_cast<std::int8_t>(v);
    forced_next_[forced_arcs_] = forced_head_[u];
    forced_head_[u] = static_cast<std::int16_t>(forced_arcs_++);
  };
  // Arcs 2e and 2e+1 are the two directions of edge e.
  for (int x = 0; x < kSlots; ++x) {
    if (!empty_[x / 6]) continue;
    const int w = wire_[x];
    if (w < 0) {
      add_arc(x / 6, kCells + port_end_owner(w));
      add_arc(kCells + port_end_owner(w), x / 6);
    } else if (x < w && w / 6 != x / 6) {  // a wire back into its own hex never helps a trail
      add_arc(x / 6, w / 6);
      add_arc(w / 6, x / 6);
    }
  }
}

// Breadth-first from route r's start terminal to its goal terminal over the edges not in
// `banned` and other than `skip`, through hexes only (a route ends at the first port it
// reaches). On success the path is in forced_path_ (edge ids), goal first.
bool RouteSolver::forced_reach(int r, const EdgeSet& banned, int skip) {
  const int from = kCells + routes_[r].start, to = kCells + routes_[r].goal;
  std::array<std::int16_t, kCells + kBoardSides> via;
  via.fill(-1);
  std::array<std::int8_t, kCells + kBoardSides> queue;
  int head = 0, tail = 0;
  queue[tail++] = static_cast<std::int8_t>(from);
  via[from] = -2;
  while (head < tail) {
    const int u = queue[head++];
    for (int a = forced_head_[u]; a >= 0; a = forced_next_[a]) {
      const int v = forced_to_[a], e = a / 2;
      if (via[v] != -1 || e == skip || (banned[e / 64] >> (e % 64) & 1)) continue;
      via[v] = static_cast<std::int16_t>(a);
      if (v == to) {
        forced_path_len_ = 0;
        for (int n = to; n != from; n = forced_to_[via[n] ^ 1]) forced_path_[forced_path_len_++] = via[n] / 2;
        return true;
      }
      if (v < kCells) queue[tail++] = static_cast<std::int8_t>(v);
    }
  }
  return false;
}

bool RouteSolver::forced_wires_allow() {
  build_forced_graph();
  std::array<EdgeSet, 3> forced{};
  for (bool changed = true; changed;) {
    changed = false;
    for (int r = 0; r < nroutes_; ++r) {
      EdgeSet banned{};
      for (int q = 0; q < nroutes_; ++q)
        if (q != r)
          for (int k = 0; k < 4; ++k) banned[k] |= forced[q][k];
      if (!forced_reach(r, banned, -1)) return false;
      // Every forced edge lies on any path: test the edges of this one.
      std::array<std::int16_t, kCells + 2> path;
      const int len = forced_path_len_;
      std::copy(forced_path_.begin(), forced_path_.begin() + len, path.begin());
      for (int i = 0; i < len; ++i) {
        const int e = path[i];
        if ((forced[r][e / 64] >> (e % 64) & 1) || forced_reach(r, banned, e)) continue;
        forced[r][e / 64] |= std::uint64_t{1} << (e % 64);
        changed = true;
      }
    }
  }
  return true;
}

}  // namespace arena::flows

// A necessary condition for a route system, checked before any search: the cut
// condition of multi-commodity flow. Contract every empty hex to a vertex and every wire
// (a chain of placed-tile paths) to an edge of capacity 1 between hexes. For every set Q
// of routes and every way of putting one end of each on the source side, a maximum flow
// from the ports of the source sides to the ports of the sink sides must carry |Q| units:
// otherwise some cut is crossed by fewer edges than routes that must cross it. A route
// ends at the first port it reaches, so ports are only ever the first or last arc of a
// flow path, never a way through (board sides are not vertices a flow may cross: a hex
// whose free sides all lead to ports is a dead end, not a bridge). Straight crossings are
// ignored, so this only ever proves positions blocked; it settles most blocked positions
// in microseconds, where a search would have to exhaust the trails of every open region.
#include "engine/flows/route_solver.h"

namespace arena::flows {

namespace {
constexpr int kSource = kCells + 6;  // 43 (37..42 unused)
constexpr int kSink = kCells + 7;    // 44
constexpr int kNodes = kCells + 8;
}  // namespace

void RouteSolver::build_cut_graph() {
  cut_head_.fill(-1);
  for (auto& p : cut_ports_) p.fill(0);
  cut_arcs_ = 0;
  auto add_edge = [&](int u, int v, int cap) {
    cut_to_[cut_arcs_] = static_cast<std::int16_t>(v);
    cut_cap0_[cut_arcs_] = static_cast<std::int8_t>(cap);
    cut_next_[cut_arcs_] = cut_head_[u];
    cut_head_[u] = static_cast<std::int16_t>(cut_arcs_++);
    cut_to_[cut_arcs_] = static_cast<std::int16_t>(u);
    cut_cap0_[cut_arcs_] = static_cast<std::int8_t>(cap);
    cut_next_[cut_arcs_] = cut_head_[v];
    cut_head_[v] = static_cast<std::int16_t>(cut_arcs_++);
  };
  for (int x = 0; x < kSlots; ++x) {
    if (!empty_[x / 6] || slot_used(x)) continue;  // only what the routes so far left free
    const int w = wire_[x];
    if (w >= 0 && slot_used(w)) continue;
    if (w < 0)
      ++cut_ports_[x / 6][port_end_owner(w)];
    else if (x < w && w / 6 != x / 6)
      add_edge(x / 6, w / 6, 1);
  }
  cut_fixed_arcs_ = cut_arcs_;
}

bool RouteSolver::max_flow_at_least(std::uint8_t source_sides, std::uint8_t sink_sides, int need) {
  // Terminal arcs go after the fixed graph; they are rebuilt for every query.
  cut_arcs_ = cut_fixed_arcs_;
  auto head = cut_head_;
  auto add_arc = [&](int u, int v, int cap) {
    for (int a : {0, 1}) {
      int from = a ? v : u, to = a ? u : v;
      cut_to_[cut_arcs_] = static_cast<std::int16_t>(to);
      cut_cap0_[cut_arcs_] = static_cast<std::int8_t>(a ? 0 : cap);
      cut_next_[cut_arcs_] = head[from];
      head[from] = static_cast<std::int16_t>(cut_arcs_++);
    }
  };
  // One directed arc per hex and side of the board: from the source into the hex for the
  // ports of source sides, out of the hex to the sink for those of sink sides.
  for (int c = 0; c < kCells; ++c)
    for (int k = 0; k < kBoardSides; ++k) {
      const int ports = cut_ports_[c][k];
      if (ports == 0) continue;
      if (source_sides >> k & 1) add_arc(kSource, c, ports);
      if (sink_sides >> k & 1) add_arc(c, kSink, ports);
    }
  std::array<std::int8_t, kCutArcs> cap;
  for (int a = 0; a < cut_arcs_; ++a) cap[a] = cut_cap0_[a];
  int flow = 0;
  std::array<std::int16_t, kNodes> via;
  std::array<std::int16_t, kNodes> queue;
  while (flow < need) {
    via.fill(-1);
    int qh = 0, qt = 0;
    queue[qt++] = kSource;
    via[kSource] = -2;
    while (qh < qt && via[kSink] == -1) {
      int u = queue[qh++];
      for (int a = head[u]; a >= 0; a = cut_next_[a]) {
        int v = cut_to_[a];
        if (cap[a] > 0 && via[v] == -1) {
          via[v] = static_cast<std::int16_t>(a);
          queue[qt++] = static_cast<std::int16_t>(v);
        }
      }
    }
    if (via[kSink] == -1) return false;
    for (int v = kSink; v != kSource;) {
      int a = via[v];
      --cap[a];
      ++cap[a ^ 1];  // arcs come in pairs: a and a^1 are each other's reverse
      v = cut_to_[a ^ 1];
    }
    ++flow;
  }
  return true;
}

bool RouteSolver::cut_condition_holds(int first_route) {
  build_cut_graph();
  // Every non-empty set of the routes still to build, every choice of ends (the first
  // route's fixed: the graph is undirected).
  for (int subset = 1; subset < (1 << nroutes_); ++subset) {
    if (subset & ((1 << first_route) - 1)) continue;
    int members[3], n = 0;
    for (int r = 0; r < nroutes_; ++r)
      if (subset >> r & 1) members[n++] = r;
    for (int flip = 0; flip < (1 << (n - 1)); ++flip) {
      std::uint8_t src = 0, dst = 0;
      for (int i = 0; i < n; ++i) {
        const Route& route = routes_[members[i]];
        bool flipped = i > 0 && (flip >> (i - 1) & 1);
        src |= static_cast<std::uint8_t>(1u << (flipped ? route.goal : route.start));
        dst |= static_cast<std::uint8_t>(1u << (flipped ? route.start : route.goal));
      }
      if (!max_flow_at_least(src, dst, n)) return false;
    }
  }
  return true;
}

}  // namespace arena::flows

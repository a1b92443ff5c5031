// The SAT fallback of the route solver: asks CaDiCaL for a filling of the empty hexes.
//
//  y(c,{s,t}) empty hex c pairs sides s and t. Each side lies in exactly one pair and the
//             three straights are excluded: exactly the 14 tile pairings.
//  r(a,x)     the flow from route a's start side enters empty-hex side x. It needs a
//             support: x is wired (through placed tiles) to a start port, or it is wired
//             to side t of an empty hex whose side s is entered (r(a,s)) and paired to t.
//  goal(a)    some entered side r(a,x) paired with a side wired to a goal port.
// A support chain follows the filled paths backwards from the goal port. That path ends
// at a port, so it is no cycle, and its other end must be a start port: every model is a
// real filling joining each route, and every such filling is a model. The encoding is
// exact.
#include <cadical.hpp>
#include <chrono>

#include "engine/core/native_work.h"
#include "engine/flows/route_solver.h"

namespace arena::flows {

namespace {

constexpr int kPairIndex[6][6] = {{-1, 0, 1, 2, 3, 4},   {0, -1, 5, 6, 7, 8},    {1, 5, -1, 9, 10, 11},
                                  {2, 6, 9, -1, 12, 13}, {3, 7, 10, 12, -1, 14}, {4, 8, 11, 13, 14, -1}};

using Route = RouteSolver::Route;

// Encodes "the empty hexes of the board given by `wire`/`empty` can be filled joining
// every route" into `sat`; pair_base[c] is the first pairing variable of empty cell c.
void encode_filling(CaDiCaL::Solver& sat, const std::int16_t* wire, const std::int8_t* empty,
                    const Route* routes, int nroutes, std::array<int, kCells>& pair_base,
                    std::vector<int>& goal_lits) {
  int next_var = 1;
  auto y = [&](int c, int s, int t) { return pair_base[c] + kPairIndex[s][t]; };
  auto clause2 = [&](int a, int b) {
    sat.add(a);
    sat.add(b);
    sat.add(0);
  };
  for (int c = 0; c < kCells; ++c) {
    if (!empty[c]) continue;
    pair_base[c] = next_var;
    next_var += 15;
    for (int s = 0; s < 6; ++s) {
      for (int t = 0; t < 6; ++t)
        if (t != s) sat.add(y(c, s, t));
      sat.add(0);
      for (int t = 0; t < 6; ++t)
        for (int u = t + 1; u < 6; ++u)
          if (t != s && u != s) clause2(-y(c, s, t), -y(c, s, u));
    }
    sat.add(-y(c, 0, 3));
    sat.add(-y(c, 1, 4));
    sat.add(-y(c, 2, 5));
    sat.add(0);
  }
  for (int r = 0; r < nroutes; ++r) {
    const int start = routes[r].start, goal = routes[r].goal;
    const int reach_base = next_var;
    next_var += kSlots;
    auto reach = [&](int x) { return reach_base + x; };
    for (int x = 0; x < kSlots; ++x) {
      if (!empty[x / 6]) continue;
      const int w = wire[x];
      if (w < 0) {
        // Wired to a port: entered by the start side's flow, or by no flow of this route.
        sat.add(port_end_owner(w) == start ? reach(x) : -reach(x));
        sat.add(0);
        continue;
      }
      // Entering x = leaving hex w/6 through side w%6, having entered it by another side.
      const int pc = w / 6, pt = w % 6;
      const int aux_base = next_var;
      next_var += 5;
      sat.add(-reach(x));
      for (int i = 0; i < 5; ++i) sat.add(aux_base + i);
      sat.add(0);
      int aux = aux_base;
      for (int s = 0; s < 6; ++s) {
        if (s == pt) continue;
        clause2(-aux, reach(pc * 6 + s));
        clause2(-aux, y(pc, s, pt));
        // Redundant forward direction (flows do spread): lets unit propagation trace
        // flows, which shortens the refutations of blocked positions a lot.
        sat.add(-reach(pc * 6 + s));
        sat.add(-y(pc, s, pt));
        sat.add(reach(x));
        sat.add(0);
        ++aux;
      }
    }
    goal_lits.clear();
    for (int x = 0; x < kSlots; ++x) {
      const int c = x / 6, s = x % 6;
      if (!empty[c]) continue;
      for (int t = 0; t < 6; ++t) {
        const int w = wire[c * 6 + t];
        if (t == s || w >= 0 || port_end_owner(w) != goal) continue;
        const int g = next_var++;
        clause2(-g, reach(x));
        clause2(-g, y(c, s, t));
        goal_lits.push_back(g);
      }
    }
    for (int g : goal_lits) sat.add(g);
    sat.add(0);  // empty when no side leads to the goal: unsatisfiable, as it should be
  }
}

// Reads the filling of a model; cells that are not empty keep `placed`.
void read_filling(CaDiCaL::Solver& sat, const std::int8_t* empty, const std::int8_t* placed,
                  const std::array<int, kCells>& pair_base, Board& filled) {
  for (int c = 0; c < kCells; ++c) {
    filled.pairing[c] = placed[c];
    if (!empty[c]) continue;
    Mates m{};
    for (int s = 0; s < 6; ++s)
      for (int t = 0; t < 6; ++t)
        if (t != s && sat.val(pair_base[c] + kPairIndex[s][t]) > 0) m[s] = static_cast<std::int8_t>(t);
    for (int p = 0; p < kPairings; ++p)
      if (pairing_mates(p) == m) filled.pairing[c] = static_cast<std::int8_t>(p);
  }
}

}  // namespace

bool RouteSolver::fill_exists(Board& filled) {
  count_native_work();
  CaDiCaL::Solver sat;
  std::array<int, kCells> pair_base{};
  encode_filling(sat, wire_.data(), empty_.data(), routes_, nroutes_, pair_base, goal_lits_);
  if (sat.solve() != 10) return false;
  read_filling(sat, empty_.data(), placed_.data(), pair_base, filled);
  return true;
}

void RouteSolver::settle_open(const Board& board, std::uint8_t needed, int type,
                              std::array<std::uint8_t, kCells * 6>& open, int open_count,
                              std::array<std::uint8_t, kCells * 6>& legal_at) {
  count_native_work();
  build_wires(board);
  conflict_.fill(0);
  CaDiCaL::Solver sat;
  std::array<int, kCells> pair_base{};
  encode_filling(sat, wire_.data(), empty_.data(), routes_, nroutes_, pair_base, goal_lits_);
  int next_var = sat.vars() + 1;
  // choose(x): placement x lies on its cell (implies the three pairs of its pairing).
  std::array<int, kCells * 6> choose{};
  for (int x = 0; x < kCells * 6; ++x) {
    if (!open[x]) continue;
    choose[x] = next_var++;
    const Mates& m = pairing_mates(tile_pairing(type, x % 6));
    for (int s = 0; s < 6; ++s)
      if (s < m[s]) {
        sat.add(-choose[x]);
        sat.add(pair_base[x / 6] + kPairIndex[s][m[s]]);
        sat.add(0);
      }
  }
  Board filled;
  while (open_count > 0) {
    // "Some open placement holds", switched on by a fresh literal so that it can be
    // retired once a model has settled some of them.
    const int act = next_var++;
    sat.add(-act);
    for (int x = 0; x < kCells * 6; ++x)
      if (open[x]) sat.add(choose[x]);
    sat.add(0);
    sat.assume(act);
    ++stats_.sat_calls;
    const auto t0 = std::chrono::steady_clock::now();
    const int result = sat.solve();
    stats_.sat_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (result != 10) return;  // no open placement leaves routes: all illegal
    read_filling(sat, empty_.data(), placed_.data(), pair_base, filled);
    mate_.fill(-1);
    add_filling_witness(filled, needed);
    const Witness& w = witnesses_.back();
    for (int x = 0; x < kCells * 6; ++x) {
      if (!open[x] || !(w.fit[x / 6] >> tile_pairing(type, x % 6) & 1)) continue;
      open[x] = 0;
      legal_at[x] = 1;
      --open_count;
    }
    sat.add(-act);
    sat.add(0);
  }
}

}  // namespace arena::flows

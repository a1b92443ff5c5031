#include "engine/flows/route_frontier.h"

#include <algorithm>

#include "engine/flows/board.h"

namespace arena::flows {

namespace {

constexpr int kMaxFrontier = 24;  // 5 bits a wire in two 60-bit halves
// Wire codes: 0 unused; 1+r anchored at a start port of route r; 4+r anchored at a goal
// port of route r; 7+p floating, its other end is frontier wire p.
constexpr int kStartCode = 1, kGoalCode = 4, kFloatCode = 7;

// Partial matchings of a hex's six sides with at most one straight (two straights force
// the three-straights pairing, which no tile has), grouped by the sides they use.
struct Matchings {
  struct M {
    std::array<std::int8_t, 6> mate;
    std::uint16_t fit;  // pairings that contain it
  };
  std::vector<M> all;
  std::array<std::vector<std::uint8_t>, 64> by_support;
  Matchings() {
    std::array<std::int8_t, 6> mate;
    mate.fill(-1);
    add(mate, 0);
  }
  void add(std::array<std::int8_t, 6>& mate, int from) {
    int s = from;
    while (s < 6 && mate[s] != -1) ++s;
    if (s == 6) {
      record(mate);
      return;
    }
    add(mate, s + 1);  // side s unused
    for (int t = s + 1; t < 6; ++t) {
      if (mate[t] != -1) continue;
      mate[s] = static_cast<std::int8_t>(t);
      mate[t] = static_cast<std::int8_t>(s);
      add(mate, s + 1);
      mate[s] = mate[t] = -1;
    }
  }
  void record(const std::array<std::int8_t, 6>& mate) {
    int straights = 0, support = 0;
    for (int s = 0; s < 6; ++s) {
      if (mate[s] < 0) continue;
      support |= 1 << s;
      straights += mate[s] == opposite(s) && s < 3;
    }
    if (straights > 1) return;
    M m{mate, 0};
    for (int p = 0; p < kPairings; ++p) {
      bool contains = true;
      for (int s = 0; s < 6; ++s) contains &= mate[s] < 0 || pairing_mates(p)[s] == mate[s];
      if (contains) m.fit |= static_cast<std::uint16_t>(1u << p);
    }
    by_support[support].push_back(static_cast<std::uint8_t>(all.size()));
    all.push_back(m);
  }
};

const Matchings& matchings() {
  static const Matchings m;
  return m;
}

int code_at(const std::uint64_t lo, const std::uint64_t hi, int p) {
  return static_cast<int>((p < 12 ? lo >> (5 * p) : hi >> (5 * (p - 12))) & 31);
}

std::uint64_t hash_key(std::uint64_t lo, std::uint64_t hi) {
  // splitmix64's finaliser over both halves: every key bit reaches the low (index) bits.
  std::uint64_t h = lo ^ (hi * 0x9E3779B97F4A7C15ull);
  h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ull;
  h = (h ^ (h >> 27)) * 0x94D049BB133111EBull;
  return h ^ (h >> 31);
}

}  // namespace

void FrontierSweep::Layer::clear() {
  keys.clear();
  if (table.size() != 64)
    table.assign(64, 0);
  else
    std::fill(table.begin(), table.end(), 0);
  alive.clear();
  edges.clear();
}

int FrontierSweep::Layer::insert(const Key& k) {
  // A slot holds the key's hash in its high half and index + 1 in its low half (0: empty),
  // so probes compare hashes in the table and read a key only when the hashes agree.
  auto slot_of = [](std::uint64_t h, std::size_t j) { return (h & ~std::uint64_t{0xFFFFFFFF}) | (j + 1); };
  if (2 * (keys.size() + 1) > table.size()) {  // keep the table at most half full
    table.assign(table.size() * 2, 0);
    const std::size_t mask = table.size() - 1;
    for (std::size_t j = 0; j < keys.size(); ++j) {
      const std::uint64_t h = hash_key(keys[j].lo, keys[j].hi);
      std::size_t i = h & mask;
      while (table[i] != 0) i = (i + 1) & mask;
      table[i] = slot_of(h, j);
    }
  }
  const std::size_t mask = table.size() - 1;
  const std::uint64_t h = hash_key(k.lo, k.hi);
  std::size_t i = h & mask;
  for (; table[i] != 0; i = (i + 1) & mask) {
    const std::uint64_t e = table[i];
    if ((e ^ h) >> 32 == 0 && keys[(e & 0xFFFFFFFF) - 1] == k) return static_cast<int>((e & 0xFFFFFFFF) - 1);
  }
  table[i] = slot_of(h, keys.size());
  keys.push_back(k);
  return static_cast<int>(keys.size() - 1);
}

void FrontierSweep::prepare(int i, const Key& from, Prepared& pr) const {
  const auto& side = side_[i];
  const auto& remap = remap_[i];
  const int n0 = frontier_size_[i];
  int in_side[kMaxFrontier];
  for (int s = 0; s < 6; ++s)
    if (side[s].kind == kIn) in_side[side[s].arg] = s;
  std::uint64_t lo = 0, hi = 0;
  pr.starts = pr.goals = 0;
  pr.done = static_cast<int>(from.hi >> 60);
  auto put = [&](int q, int c) {
    if (q < 12)
      lo |= static_cast<std::uint64_t>(c) << (5 * q);
    else
      hi |= static_cast<std::uint64_t>(c) << (5 * (q - 12));
  };
  // Wires that stay in the frontier keep their codes (positions renumbered); a floating
  // piece whose other end arrives here is left 0 for the matching's walk to set.
  for (int p = 0; p < n0; ++p) {
    const int q = remap[p];
    if (q < 0) continue;
    const int c = code_at(from.lo, from.hi, p);
    if (c == 0) continue;
    if (c < kFloatCode) {
      put(q, c);
      if (c >= kGoalCode)
        pr.goals |= 1 << (c - kGoalCode);
      else
        pr.starts |= 1 << (c - kStartCode);
    } else if (remap[c - kFloatCode] >= 0) {
      put(q, kFloatCode + remap[c - kFloatCode]);
    }
  }
  pr.lo = lo;
  pr.hi = hi;
  pr.required = 0;
  pr.free_sides = 0;
  for (int s = 0; s < 6; ++s) {
    const SideInfo& si = side[s];
    switch (si.kind) {
      case kBlocked:
        pr.beyond[s] = -1;
        break;
      case kAnchor:
        pr.beyond[s] = 100 + si.arg;
        pr.free_sides |= 1 << s;
        break;
      case kOut:
        pr.beyond[s] = 132 + si.arg;
        pr.free_sides |= 1 << s;
        break;
      case kSelf:
        pr.beyond[s] = si.arg;
        pr.free_sides |= 1 << s;
        break;
      case kIn: {
        const int c = code_at(from.lo, from.hi, si.arg);
        if (c == 0) {
          pr.beyond[s] = -1;
          break;
        }
        pr.required |= 1 << s;
        if (c < kFloatCode) {
          pr.beyond[s] = 100 + c;
        } else {
          const int q = c - kFloatCode;
          pr.beyond[s] = remap[q] >= 0 ? 132 + remap[q] : in_side[q];
        }
        break;
      }
    }
  }
}

bool FrontierSweep::step(int i, const Prepared& pr, int m, Key& to) const {
  const auto& mate = matchings().all[static_cast<std::size_t>(m)].mate;
  std::uint64_t lo = pr.lo, hi = pr.hi;
  int starts = pr.starts, goals = pr.goals, done = pr.done;
  auto put = [&](int q, int c) {
    if (q < 12)
      lo |= static_cast<std::uint64_t>(c) << (5 * q);
    else
      hi |= static_cast<std::uint64_t>(c) << (5 * (q - 12));
  };
  // A route has one start and one goal port: at most one piece anchored at each, none
  // once the route is complete.
  auto anchor = [&](int q, int c) {
    const bool is_goal = c >= kGoalCode;
    const int r = c - (is_goal ? kGoalCode : kStartCode);
    int& seen = is_goal ? goals : starts;
    if (seen >> r & 1) return false;
    seen |= 1 << r;
    put(q, c);
    return true;
  };
  int visited = 0;
  for (int s0 = 0; s0 < 6; ++s0) {
    if (mate[s0] < 0 || (visited >> s0 & 1)) continue;
    // Direction A: across the hex first.
    int end_a = -1;
    for (int cur = s0;;) {
      visited |= 1 << cur;
      const int t = mate[cur];
      visited |= 1 << t;
      const int b = pr.beyond[t];
      if (b >= 100) {
        end_a = b;
        break;
      }
      if (b == s0) return false;  // a closed loop
      cur = b;
    }
    // Direction B: out of s0 first.
    int end_b = pr.beyond[s0];
    while (end_b < 100) {
      const int u = end_b;
      visited |= 1 << u;
      const int t = mate[u];
      visited |= 1 << t;
      end_b = pr.beyond[t];
    }
    if (end_a < 132 && end_b < 132) {
      const int a = end_a - 100, b = end_b - 100;
      const int lo_code = a < b ? a : b, hi_code = a < b ? b : a;
      // A start and a goal of one route: that route is complete (once).
      if (lo_code >= kGoalCode || hi_code < kGoalCode || hi_code - kGoalCode != lo_code - kStartCode)
        return false;
      const int r = lo_code - kStartCode;
      if (done >> r & 1) return false;
      done |= 1 << r;
    } else if (end_a < 132 || end_b < 132) {
      const int a = (end_a < 132 ? end_a : end_b) - 100, f = (end_a < 132 ? end_b : end_a) - 132;
      if (!anchor(f, a)) return false;
    } else {
      const int f = end_a - 132, g = end_b - 132;
      put(f, kFloatCode + g);
      put(g, kFloatCode + f);
    }
  }
  // Pieces anchored for a complete route can never finish (starts and goals count the
  // anchored pieces of the next frontier exactly: survivors plus the ones set above).
  if ((starts | goals) & done) return false;
  // A route still open needs a start piece now or a start port still ahead, and a goal
  // likewise; states without one can never finish, so they are dropped here rather than
  // carried (with everything they fan out to) until the backward pass.
  const int open_routes = ~done & ((1 << nroutes_) - 1);
  if ((open_routes & ~starts & ~start_ahead_[i]) | (open_routes & ~goals & ~goal_ahead_[i])) return false;
  hi |= static_cast<std::uint64_t>(done) << 60;
  to = {lo, hi};
  return true;
}

bool FrontierSweep::run(const std::int16_t* wire, const std::int8_t* empty, const RouteEnds* routes,
                        int nroutes, long max_states, std::array<std::uint16_t, kCells>& fit) {
  fit.fill(0);
  if (!plan(wire, empty, routes, nroutes)) return false;
  if (forward(max_states) < 0) return false;
  const Matchings& ms = matchings();
  const std::uint64_t all_done = (std::uint64_t{1} << nroutes) - 1;
  Layer& last = layers_[static_cast<std::size_t>(steps_)];
  last.alive.assign(last.keys.size(), 0);
  for (std::size_t j = 0; j < last.keys.size(); ++j) last.alive[j] = (last.keys[j].hi >> 60) == all_done;
  for (int i = steps_ - 1; i >= 0; --i) {
    Layer& cur = layers_[static_cast<std::size_t>(i)];
    const Layer& nxt = layers_[static_cast<std::size_t>(i + 1)];
    cur.alive.assign(cur.keys.size(), 0);
    std::uint16_t& cell_fit = fit[static_cast<std::size_t>(cell_of_step_[i])];
    for (const Layer::Edge& e : cur.edges) {
      if (!nxt.alive[static_cast<std::size_t>(e.to)]) continue;
      cur.alive[static_cast<std::size_t>(e.from)] = 1;
      cell_fit |= ms.all[e.matching].fit;
    }
  }
  return true;
}

bool FrontierSweep::exists(const std::int16_t* wire, const std::int8_t* empty, const RouteEnds* routes,
                           int nroutes, long max_states, bool& found) {
  found = false;
  if (!plan(wire, empty, routes, nroutes)) return false;
  const int outcome = search(max_states);
  if (outcome < 0) return false;
  found = outcome > 0;
  return true;
}

bool FrontierSweep::plan(const std::int16_t* wire, const std::int8_t* empty, const RouteEnds* routes,
                         int nroutes) {
  nroutes_ = nroutes;
  states_ = 0;
  std::array<int, kCells> step_of{};
  choose_order(wire, empty, step_of);
  if (!assign_sides(wire, routes, nroutes, step_of)) return false;
  find_self_consistent_supports();
  find_anchors_ahead();
  return true;
}

// The number of states grows about exponentially with the frontier's width, so the visiting
// order matters most: greedy orders (next the hex that leaves the narrowest frontier) from
// every start, keeping the one with the narrowest widest frontier.
void FrontierSweep::choose_order(const std::int16_t* wire, const std::int8_t* empty,
                                 std::array<int, kCells>& step_of) {
  std::array<std::int8_t, kCells> order{}, best{};
  int best_max = 1 << 30, best_sum = 1 << 30, count = 0;
  for (int c = 0; c < kCells; ++c) count += empty[c] != 0;
  for (int first = 0; first < kCells; ++first) {
    if (!empty[first]) continue;
    std::array<std::int8_t, kCells> visited{};
    int width = 0, widest = 0, sum = 0;
    // Change of the frontier's width when cell c is visited.
    auto delta = [&](int c) {
      int d = 0;
      for (int s = 0; s < 6; ++s) {
        const int w = wire[c * 6 + s];
        if (w < 0 || w / 6 == c) continue;
        d += visited[w / 6] ? -1 : 1;
      }
      return d;
    };
    int cur = first;
    for (int k = 0; k < count; ++k) {
      if (k > 0) {
        int best_d = 1 << 30;
        for (int c = 0; c < kCells; ++c)
          if (empty[c] && !visited[c]) {
            const int d = delta(c);
            if (d < best_d) best_d = d, cur = c;
          }
      }
      width += delta(cur);
      visited[cur] = 1;
      order[k] = static_cast<std::int8_t>(cur);
      widest = width > widest ? width : widest;
      sum += width;
      if (widest > best_max) break;
    }
    if (widest < best_max || (widest == best_max && sum < best_sum)) {
      best_max = widest;
      best_sum = sum;
      best = order;
    }
  }
  step_of.fill(-1);
  for (int k = 0; k < count; ++k) {
    cell_of_step_[k] = best[k];
    step_of[best[k]] = k;
  }
  steps_ = count;
}

// What each side of each step's hex touches: a frontier slot coming in, a new one going out,
// the hex itself, a route's anchor port, or nothing. False when the frontier grows too wide.
bool FrontierSweep::assign_sides(const std::int16_t* wire, const RouteEnds* routes, int nroutes,
                                 const std::array<int, kCells>& step_of) {
  // The frontier as the slots at the unvisited ends of its wires.
  std::array<std::int16_t, 64> frontier{}, next{};
  int n = 0;
  for (int i = 0; i < steps_; ++i) {
    const int c = cell_of_step_[i];
    frontier_size_[i] = static_cast<std::int8_t>(n);
    int m = 0;
    for (int p = 0; p < n; ++p) {
      if (frontier[p] / 6 == c) {
        remap_[i][p] = -1;
        side_[i][frontier[p] % 6] = {kIn, static_cast<std::int8_t>(p)};
      } else {
        remap_[i][p] = static_cast<std::int8_t>(m);
        next[m++] = frontier[p];
      }
    }
    for (int s = 0; s < 6; ++s) {
      const int w = wire[c * 6 + s];
      if (w < 0) {
        const int owner = port_end_owner(w);
        side_[i][s] = {kBlocked, 0};
        for (int r = 0; r < nroutes; ++r) {
          if (routes[r].start == owner) side_[i][s] = {kAnchor, static_cast<std::int8_t>(kStartCode + r)};
          if (routes[r].goal == owner) side_[i][s] = {kAnchor, static_cast<std::int8_t>(kGoalCode + r)};
        }
      } else if (w / 6 == c) {
        side_[i][s] = {kSelf, static_cast<std::int8_t>(w % 6)};
      } else if (step_of[w / 6] > i) {
        if (m >= kMaxFrontier) return false;
        side_[i][s] = {kOut, static_cast<std::int8_t>(m)};
        next[m++] = static_cast<std::int16_t>(w);
      }
    }
    n = m;
    frontier = next;
  }
  frontier_size_[steps_] = 0;
  return true;
}

// A wire from a hex back to itself is used at both ends or at neither: the sides a
// matching may use at step i, as a bit per side set.
void FrontierSweep::find_self_consistent_supports() {
  for (int i = 0; i < steps_; ++i) {
    std::uint64_t ok = 0;
    for (int support = 0; support < 64; ++support) {
      bool consistent = true;
      for (int s = 0; s < 6; ++s)
        if (side_[i][s].kind == kSelf && (support >> s & 1) != (support >> side_[i][s].arg & 1))
          consistent = false;
      if (consistent) ok |= std::uint64_t{1} << support;
    }
    self_consistent_[i] = ok;
  }
}

// Routes whose start (goal) ports lie on hexes after step i.
void FrontierSweep::find_anchors_ahead() {
  for (int i = steps_ - 1, starts = 0, goals = 0; i >= 0; --i) {
    start_ahead_[i] = static_cast<std::int8_t>(starts);
    goal_ahead_[i] = static_cast<std::int8_t>(goals);
    for (int s = 0; s < 6; ++s) {
      if (side_[i][s].kind != kAnchor) continue;
      const int c = side_[i][s].arg;
      if (c >= kGoalCode)
        goals |= 1 << (c - kGoalCode);
      else
        starts |= 1 << (c - kStartCode);
    }
  }
}

int FrontierSweep::successors(int i, const Key& from, Successor* out) const {
  const Matchings& ms = matchings();
  Prepared pr;
  prepare(i, from, pr);
  int n = 0;
  // Every subset of the free sides, joined to the sides the state forces.
  const std::uint64_t self_ok = self_consistent_[i];
  for (int sub = pr.free_sides;; sub = (sub - 1) & pr.free_sides) {
    if (self_ok >> (pr.required | sub) & 1)
      for (std::uint8_t m : ms.by_support[static_cast<std::size_t>(pr.required | sub)])
        if (step(i, pr, m, out[n].to)) out[n++].matching = m;
    if (sub == 0) break;
  }
  return n;
}

void FrontierSweep::reset_layers() {
  if (layers_.size() < static_cast<std::size_t>(steps_ + 1))
    layers_.resize(static_cast<std::size_t>(steps_ + 1));
  for (int i = 0; i <= steps_; ++i) layers_[static_cast<std::size_t>(i)].clear();
  layers_[0].insert(Key{0, 0});
}

int FrontierSweep::forward(long max_states) {
  reset_layers();
  std::array<Successor, kMaxSuccessors> next;
  for (int i = 0; i < steps_; ++i) {
    Layer& cur = layers_[static_cast<std::size_t>(i)];
    Layer& nxt = layers_[static_cast<std::size_t>(i + 1)];
    for (std::size_t j = 0; j < cur.keys.size(); ++j) {
      const int n = successors(i, cur.keys[j], next.data());
      for (int k = 0; k < n; ++k)
        cur.edges.push_back({static_cast<std::int32_t>(j), nxt.insert(next[k].to), next[k].matching});
    }
    states_ += static_cast<long>(nxt.keys.size());
    if (states_ > max_states) return -1;
  }
  return 0;
}

// Depth first, each state expanded once: a route system is usually found after about one
// state per step, where a layer-by-layer pass builds every layer up to the last first. A
// board without a system costs the same either way (every reachable state).
int FrontierSweep::search(long max_states) {
  const std::uint64_t all_done = (std::uint64_t{1} << nroutes_) - 1;
  // A state with every route complete and nothing on its frontier finishes with empty
  // matchings at every hex still ahead: a route system exists.
  const Key complete{0, all_done << 60};
  if (steps_ == 0) return nroutes_ == 0 ? 1 : 0;
  reset_layers();
  stack_.clear();
  stack_.push_back({0, 0});
  std::array<Successor, kMaxSuccessors> next;
  while (!stack_.empty()) {
    const auto [i, j] = stack_.back();
    stack_.pop_back();
    if (i == steps_) continue;  // not complete (that was caught when it was reached)
    const int n =
        successors(i, layers_[static_cast<std::size_t>(i)].keys[static_cast<std::size_t>(j)], next.data());
    Layer& nxt = layers_[static_cast<std::size_t>(i + 1)];
    // The last successor (the one using the fewest free sides: routes that wander less) is
    // expanded first; on game positions that finds systems with fewer states.
    for (int k = 0; k < n; ++k) {
      if (next[k].to == complete) return 1;
      const std::size_t before = nxt.keys.size();
      const int at = nxt.insert(next[k].to);
      if (nxt.keys.size() == before) continue;  // reached before
      if (++states_ > max_states) return -1;
      stack_.push_back({i + 1, at});
    }
  }
  return 0;
}

}  // namespace arena::flows

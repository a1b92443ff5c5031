#include "engine/flows/route_solver.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace arena::flows {

namespace {

constexpr int kMemoBits = 16;
constexpr int kNoHead = kSlots;
constexpr long kDeferredSearchBudget = 2000;
constexpr long kUnbounded = std::numeric_limits<long>::max();

// fit_of_pair[s][t]: the pairings that join sides s and t.
struct PairFit {
  std::uint16_t mask[6][6]{};
  PairFit() {
    for (int p = 0; p < kPairings; ++p)
      for (int s = 0; s < 6; ++s) mask[s][pairing_mates(p)[s]] |= static_cast<std::uint16_t>(1u << p);
  }
};
const PairFit& pair_fit() {
  static const PairFit f;
  return f;
}

constexpr std::uint16_t kFitsAll = (1u << kPairings) - 1;

}  // namespace

RouteSolver::RouteSolver() : memo_(std::size_t{1} << kMemoBits) {
  for (auto& e : memo_) e.gen = 0;
  witnesses_.reserve(64);
}

void RouteSolver::build_wires(const Board& board) {
  for (int c = 0; c < kCells; ++c) {
    empty_[c] = board.empty(c);
    placed_[c] = board.pairing[c];
    for (int s = 0; s < kHexSides; ++s)
      wire_[c * 6 + s] = static_cast<std::int16_t>(empty_[c] ? trace(board, c, s) : kNoHead);
  }
}

void RouteSolver::clear_state() {
  state_.fill(0);
  // Placed cells are never entered; mark them fully used so nothing treats them as free.
  for (int c = 0; c < kCells; ++c)
    if (!empty_[c]) set_bits(c, 0x3F);
  mate_.fill(-1);
}

bool RouteSolver::bfs(int r, int from_slot) {
  const int start = routes_[r].start, goal = routes_[r].goal;
  if (++seen_gen_ == 0) {
    seen_.fill(0);
    seen_gen_ = 1;
  }
  int head = 0, tail = 0;
  if (from_slot >= 0) {
    seen_[from_slot] = seen_gen_;
    parent_[from_slot] = -1;
    queue_[tail++] = static_cast<std::int16_t>(from_slot);
  } else {
    for (int x = 0; x < kSlots; ++x) {
      int w = wire_[x];
      if (!empty_[x / 6] || w >= 0 || port_end_owner(w) != start || slot_used(x)) continue;
      seen_[x] = seen_gen_;
      parent_[x] = -1;
      queue_[tail++] = static_cast<std::int16_t>(x);
    }
  }
  while (head < tail) {
    int x = queue_[head++], c = x / 6, s = x % 6, b = bits(c);
    for (int t = 0; t < 6; ++t) {
      if (t == s || (b >> t & 1) || (t == opposite(s) && (b & 64))) continue;
      int w = wire_[c * 6 + t];
      if (w < 0) {
        if (port_end_owner(w) == goal) {
          path_end_slot_ = x;
          path_end_exit_ = t;
          return true;
        }
        continue;
      }
      if (seen_[w] == seen_gen_ || slot_used(w)) continue;
      seen_[w] = seen_gen_;
      parent_[w] = static_cast<std::int16_t>(x);
      parent_exit_[w] = static_cast<std::int8_t>(t);
      queue_[tail++] = static_cast<std::int16_t>(w);
    }
  }
  return false;
}

bool RouteSolver::commit_path(bool check) {
  // Rebuild the path found by bfs() from its end, then mark it.
  int n = 0;
  for (int x = path_end_slot_; x >= 0; x = parent_[x]) path_[n++] = static_cast<std::int16_t>(x);
  for (int i = n - 1; i >= 0; --i) {
    int x = path_[i], c = x / 6, s = x % 6;
    int t = i > 0 ? parent_exit_[path_[i - 1]] : path_end_exit_;
    int b = bits(c);
    bool straight = t == opposite(s);
    if (check) {
      if ((b >> s & 1) || (b >> t & 1) || (straight && (b & 64))) return false;
    } else if ((mate_[c * 6 + s] >= 0 && mate_[c * 6 + s] != t) ||
               (mate_[c * 6 + t] >= 0 && mate_[c * 6 + t] != s)) {
      conflict_[c] = 1;
    }
    set_bits(c, b | 1 << s | 1 << t | (straight ? 64 : 0));
    mate_[c * 6 + s] = static_cast<std::int8_t>(t);
    mate_[c * 6 + t] = static_cast<std::int8_t>(s);
  }
  return true;
}

void RouteSolver::add_witness(std::uint8_t axes) {
  Witness w;
  w.axes = axes;
  const PairFit& pf = pair_fit();
  for (int c = 0; c < kCells; ++c) {
    std::uint16_t fit = kFitsAll;
    if (empty_[c]) {
      if (conflict_[c]) fit = 0;
      for (int s = 0; s < 6; ++s)
        if (mate_[c * 6 + s] >= 0) fit &= pf.mask[s][mate_[c * 6 + s]];
    }
    w.fit[c] = fit;
  }
  // Routes found with a tile tried on a cell hold only while that very tile lies there.
  if (fixed_cell_ >= 0) w.fit[fixed_cell_] = static_cast<std::uint16_t>(1u << fixed_pairing_);
  witnesses_.push_back(w);
}

bool RouteSolver::greedy(const int* order, int n) {
  clear_state();
  for (int i = 0; i < n; ++i) {
    if (!bfs(order[i], -1)) return false;
    if (!commit_path(true)) return false;
  }
  return true;
}

bool RouteSolver::solve(std::uint8_t needed, Legality legality, bool allow_greedy) {
  ++stats_.solves;
  nroutes_ = 0;
  for (int a = 0; a < 3; ++a)
    if (needed >> a & 1) routes_[nroutes_++] = {a, a + 3};
  conflict_.fill(0);
  if (nroutes_ == 0) {
    clear_state();
    add_witness(0);
    return true;
  }
  if (legality == Legality::kIndependent) {
    bool ok = true;
    for (int r = 0; r < nroutes_; ++r) {
      clear_state();
      conflict_.fill(0);
      if (!bfs(r, -1)) {
        ok = false;
        continue;
      }
      commit_path(false);
      add_witness(static_cast<std::uint8_t>(1u << routes_[r].start));
    }
    return ok;
  }
  if (allow_greedy) {
    int order[3] = {0, 1, 2};
    do {
      if (greedy(order, nroutes_)) {
        ++stats_.greedy_hits;
        add_witness(needed);
        return true;
      }
    } while (std::next_permutation(order, order + nroutes_));
  }
  return exact(needed);
}

bool RouteSolver::exact(std::uint8_t needed) {
  ++stats_.exact_searches;
  clear_state();  // the cut graph is built on what is free
  if (!cut_condition_holds(0)) {
    ++stats_.cut_refutations;
    return false;
  }
  if (!forced_wires_allow()) {
    ++stats_.forced_refutations;
    return false;
  }
  if (greedy_only_) {
    deferred_ = true;  // legal_placements() settles it with the decision's other open placements
    return false;
  }
  // Distance (in empty cells) from each empty cell to each route's goal: orders the search
  // so that it tries the most promising exits first.
  for (int r = 0; r < nroutes_; ++r) {
    auto& d = dist_[r];
    d.fill(100);
    bool changed = true;
    while (changed) {
      changed = false;
      for (int c = 0; c < kCells; ++c) {
        if (!empty_[c]) continue;
        int best = d[c];
        for (int t = 0; t < 6; ++t) {
          int w = wire_[c * 6 + t];
          int v = w < 0 ? (port_end_owner(w) == routes_[r].goal ? 0 : 100) : d[w / 6] + 1;
          best = std::min(best, v);
        }
        if (best < d[c]) {
          d[c] = static_cast<std::int8_t>(best);
          changed = true;
        }
      }
    }
  }
  clear_state();
  if (++memo_gen_ == 0) {
    for (auto& e : memo_) e.gen = 0;
    memo_gen_ = 1;
  }
  // The search is exact and quick on tight positions, but can wander through the many
  // trails of an open region; past a node budget a SAT solver settles the question.
  // When a SAT refutation is shared by the decision's open placements, a long search per
  // placement costs more than it saves.
  budget_ = defer_sat_ ? std::min(search_budget_, kDeferredSearchBudget) : search_budget_;
  auto t0 = std::chrono::steady_clock::now();
  bool found = dfs_start(0);
  auto t1 = std::chrono::steady_clock::now();
  stats_.search_seconds += std::chrono::duration<double>(t1 - t0).count();
  if (found) {
    add_witness(needed);
    return true;
  }
  if (budget_ >= 0) return false;
  if (defer_sat_) {
    deferred_ = true;  // legal_placements() settles it with the decision's other open placements
    return false;
  }
  ++stats_.sat_calls;
  conflict_.fill(0);
  clear_state();
  Board filled;
  found = fill_exists(filled);
  stats_.sat_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count();
  if (!found) return false;
  add_filling_witness(filled, needed);
  return true;
}

void RouteSolver::add_filling_witness(const Board& filled, std::uint8_t needed) {
  // Witness: the routes through the filling the SAT solver found.
  const Geometry& geo = geometry();
  for (int r = 0; r < nroutes_; ++r)
    for (int port : geo.ports[routes_[r].start]) {
      int c = port / 6, s = port % 6, steps = 0;
      bool reached = false;
      while (true) {
        const int t = pairing_mates(filled.pairing[c])[s];
        path_[steps++] = static_cast<std::int16_t>(c * 6 + s);
        const int n = geo.neighbour[c][t];
        if (n < 0) {
          reached = geo.port_owner[c][t] == routes_[r].goal;
          break;
        }
        c = n;
        s = opposite(t);
      }
      if (!reached) continue;
      for (int i = 0; i < steps; ++i) {
        const int pc = path_[i] / 6, ps = path_[i] % 6;
        if (!empty_[pc]) continue;
        const int pt = pairing_mates(filled.pairing[pc])[ps];
        mate_[pc * 6 + ps] = static_cast<std::int8_t>(pt);
        mate_[pc * 6 + pt] = static_cast<std::int8_t>(ps);
      }
      break;
    }
  add_witness(needed);
}

bool RouteSolver::dfs_start(int ri) {
  if (ri == nroutes_) return true;
  const int tag = ri * (kSlots + 1) + kNoHead;
  if (memo_failed(tag)) return false;
  for (int r = ri; r < nroutes_; ++r)
    if (!bfs(r, -1)) {
      memo_store(tag);
      return false;
    }
  if (ri > 0 && !cut_condition_holds(ri)) {
    memo_store(tag);
    return false;
  }
  int starts[kPortsPerSide], order[kPortsPerSide], n = 0;
  for (int x = 0; x < kSlots; ++x) {
    int w = wire_[x];
    if (empty_[x / 6] && w < 0 && port_end_owner(w) == routes_[ri].start && !slot_used(x)) starts[n++] = x;
  }
  for (int i = 0; i < n; ++i) order[i] = i;
  std::sort(order, order + n,
            [&](int a, int b) { return dist_[ri][starts[a] / 6] < dist_[ri][starts[b] / 6]; });
  for (int i = 0; i < n; ++i) {
    int x = starts[order[i]], c = x / 6;
    int b = bits(c);
    set_bits(c, b | 1 << (x % 6));
    if (dfs_step(ri, x)) return true;
    set_bits(c, b);
    if (budget_ < 0) return false;
  }
  memo_store(tag);
  return false;
}

bool RouteSolver::dfs_step(int ri, int slot) {
  ++stats_.exact_nodes;
  if (--budget_ < 0) return false;
  const int tag = ri * (kSlots + 1) + slot;
  if (memo_failed(tag)) return false;
  if (!bfs(ri, slot)) {
    memo_store(tag);
    return false;
  }
  for (int r = ri + 1; r < nroutes_; ++r)
    if (!bfs(r, -1)) {
      memo_store(tag);
      return false;
    }
  const int c = slot / 6, s = slot % 6, goal = routes_[ri].goal;
  int exits[6], keys[6], n = 0;
  for (int t = 0; t < 6; ++t) {
    if (t == s) continue;
    int w = wire_[c * 6 + t];
    if (w < 0 && port_end_owner(w) != goal) continue;
    exits[n] = t;
    keys[n] = w < 0 ? -1 : dist_[ri][w / 6];
    ++n;
  }
  for (int i = 1; i < n; ++i)  // insertion sort by distance to goal
    for (int j = i; j > 0 && keys[j] < keys[j - 1]; --j) {
      std::swap(keys[j], keys[j - 1]);
      std::swap(exits[j], exits[j - 1]);
    }
  for (int i = 0; i < n; ++i) {
    const int t = exits[i], b = bits(c);
    const bool straight = t == opposite(s);
    if ((b >> t & 1) || (straight && (b & 64))) continue;
    set_bits(c, b | 1 << t | (straight ? 64 : 0));
    mate_[c * 6 + s] = static_cast<std::int8_t>(t);
    mate_[c * 6 + t] = static_cast<std::int8_t>(s);
    const int w = wire_[c * 6 + t];
    bool found = false;
    if (w < 0) {
      found = dfs_start(ri + 1);
    } else if (!slot_used(w)) {
      const int wc = w / 6, wb = bits(wc);
      set_bits(wc, wb | 1 << (w % 6));
      found = dfs_step(ri, w);
      if (!found) set_bits(wc, wb);
    }
    if (found) return true;
    set_bits(c, b);
    mate_[c * 6 + s] = -1;
    mate_[c * 6 + t] = -1;
    if (budget_ < 0) return false;
  }
  memo_store(tag);
  return false;
}

namespace {
std::size_t memo_hash(const std::array<std::uint64_t, 5>& st, int tag) {
  std::uint64_t h = static_cast<std::uint64_t>(tag) * 0x9E3779B97F4A7C15ull;
  for (std::uint64_t w : st) {
    h ^= w + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
    h *= 0xBF58476D1CE4E5B9ull;
  }
  return static_cast<std::size_t>(h ^ (h >> 31));
}
}  // namespace

bool RouteSolver::memo_failed(int tag) const {
  std::size_t mask = memo_.size() - 1, i = memo_hash(state_, tag) & mask;
  for (int probe = 0; probe < 4; ++probe, i = (i + 1) & mask) {
    const MemoEntry& e = memo_[i];
    if (e.gen == memo_gen_ && e.tag == tag && e.state == state_) return true;
  }
  return false;
}

void RouteSolver::memo_store(int tag) {
  std::size_t mask = memo_.size() - 1, i = memo_hash(state_, tag) & mask, target = i;
  for (int probe = 0; probe < 4; ++probe, i = (i + 1) & mask)
    if (memo_[i].gen != memo_gen_) {
      target = i;
      break;
    }
  memo_[target] = {state_, memo_gen_, tag};
}

bool RouteSolver::wins(const Board& /*board*/, int cell, int pairing, std::uint8_t axes) const {
  const Mates& m = pairing_mates(pairing);
  // Where the path through side `a` of the new tile ends, following the tile itself when
  // placed tiles lead back into it.
  auto follow = [&](int a) {
    int e = base_wire_[cell * 6 + a];
    for (int guard = 0; guard < 6; ++guard) {
      if (e < 0 || e / 6 != cell) return e;
      e = base_wire_[cell * 6 + m[e % 6]];
    }
    return 0;  // a closed loop: ends nowhere
  };
  for (int a = 0; a < 6; ++a) {
    int b = m[a];
    if (b < a) continue;
    int ea = follow(a), eb = follow(b);
    if (ea >= 0 || eb >= 0) continue;
    int oa = port_end_owner(ea), ob = port_end_owner(eb);
    if (oa != ob && oa % 3 == ob % 3 && (axes >> (oa % 3) & 1)) return true;
  }
  return false;
}

bool RouteSolver::routes_exist(const Board& board, std::uint8_t axes, Legality legality) {
  build_wires(board);
  witnesses_.clear();
  return solve(static_cast<std::uint8_t>(axes & ~joined_axes(board, axes)), legality, true);
}

bool RouteSolver::routes_exist_exact(const Board& board, std::uint8_t axes, Legality legality) {
  build_wires(board);
  witnesses_.clear();
  return solve(static_cast<std::uint8_t>(axes & ~joined_axes(board, axes)), legality, false);
}

struct RouteSolver::PlacementPass {
  const Board& board;
  std::uint8_t axes, needed;
  Legality legality;
  int type;
  bool distinct;
  Board next;  // the board with the placement being tried
  // Placements the quick checks leave open, settled together later.
  std::array<std::uint8_t, kCells * 6> open{};
  int open_count = 0;
  std::array<std::uint8_t, kCells * 6> legal_at{};
  FrontierSweep::RouteEnds ends[3]{};
};

// Tries one placement alone; `stage` 0: wins, witnesses, greedy routes and the cut
// condition only (distinct), 1: also the bounded exact search. Unsettled placements go to `open`.
void RouteSolver::try_placement(PlacementPass& pass, int cell, int rot, int stage) {
  const int pairing = tile_pairing(pass.type, rot);
  bool legal = wins(pass.board, cell, pairing, pass.axes);
  if (!legal) {
    std::uint8_t axes_covered = 0;
    for (const Witness& w : witnesses_)
      if (w.fit[cell] >> pairing & 1) axes_covered |= w.axes;
    legal = (axes_covered & pass.needed) == pass.needed;
    if (legal) ++stats_.witness_hits;
  }
  if (!legal) {
    pass.next.pairing[cell] = static_cast<std::int8_t>(pairing);
    build_wires(pass.next);
    fixed_cell_ = cell;
    fixed_pairing_ = pairing;
    greedy_only_ = pass.distinct && stage == 0;
    defer_sat_ = pass.distinct;
    deferred_ = false;
    legal = solve(pass.needed, pass.legality, true);
    greedy_only_ = defer_sat_ = false;
    fixed_cell_ = -1;
    pass.next.pairing[cell] = kNoTile;
  }
  pass.legal_at[cell * 6 + rot] = legal;
  pass.open[cell * 6 + rot] = deferred_ && !legal;
  pass.open_count += pass.open[cell * 6 + rot];
}

// Asks of each open placement's board (the tile laid) whether any route system exists: a
// depth-first sweep, which stops at the first system found, so a legal placement usually
// costs about one state per empty hex; an illegal one costs every reachable state, few when
// the tile blocks a route. Each sweep has its own budget (`per_placement`, all of them
// together `total`); placements whose sweep passes it stay open for the next stage.
void RouteSolver::sweep_each_open(PlacementPass& pass, long per_placement, long total) {
  for (int x = 0; x < kCells * 6 && total > 0; ++x) {
    if (!pass.open[x]) continue;
    pass.next.pairing[x / 6] = static_cast<std::int8_t>(tile_pairing(pass.type, x % 6));
    build_wires(pass.next);
    pass.next.pairing[x / 6] = kNoTile;
    bool found = false;
    ++stats_.sweeps;
    ++stats_.placement_sweeps;
    const auto t0 = std::chrono::steady_clock::now();
    const bool settled = sweep_.exists(wire_.data(), empty_.data(), pass.ends, nroutes_,
                                       std::min(per_placement, total), found);
    stats_.sweep_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    stats_.sweep_states += sweep_.states_last_run();
    total -= sweep_.states_last_run();
    if (!settled) continue;
    pass.legal_at[x] = found;
    pass.open[x] = 0;
    --pass.open_count;
  }
}

// One sweep of the board before the placement settles every open placement exactly; when
// it is too wide, the bounded search per placement (then SAT) does.
void RouteSolver::sweep_all_open(PlacementPass& pass) {
  build_wires(pass.board);
  std::array<std::uint16_t, kCells> fit;
  ++stats_.sweeps;
  const auto t0 = std::chrono::steady_clock::now();
  const bool swept = sweep_.run(wire_.data(), empty_.data(), pass.ends, nroutes_, sweep_limit_, fit);
  stats_.sweep_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  stats_.sweep_states += sweep_.states_last_run();
  if (swept) {
    for (int x = 0; x < kCells * 6; ++x)
      if (pass.open[x]) pass.legal_at[x] = fit[x / 6] >> tile_pairing(pass.type, x % 6) & 1;
    pass.open_count = 0;
    return;
  }
  ++stats_.sweep_overflows;
}

void RouteSolver::legal_placements(const Board& board, std::uint8_t axes, Legality legality, int type,
                                   std::vector<std::int32_t>& out) {
  out.clear();
  const std::uint8_t needed = static_cast<std::uint8_t>(axes & ~joined_axes(board, axes));
  build_wires(board);
  base_wire_ = wire_;
  witnesses_.clear();
  const bool distinct = legality == Legality::kDistinct;
  const int first_stage = distinct && sweep_limit_ > 0 ? 0 : 1;
  // Witnesses of the board before the placement. When the sweep settles what stays open,
  // a search (and SAT) here would only duplicate its work: greedy routes only.
  greedy_only_ = defer_sat_ = first_stage == 0;
  solve(needed, legality, true);
  greedy_only_ = defer_sat_ = false;
  PlacementPass pass{board, axes, needed, legality, type, distinct, board};
  for (int r = 0; r < nroutes_; ++r) pass.ends[r] = {routes_[r].start, routes_[r].goal};
  const RotationList& rotations = canonical_rotations(type);
  for (int cell = 0; cell < kCells; ++cell) {
    if (!board.empty(cell)) continue;
    for (int i = 0; i < rotations.count; ++i) {
      deferred_ = false;
      try_placement(pass, cell, rotations.rotation[i], first_stage);
    }
  }
  // Open placements: each alone within a budget, then one sweep of the whole board within its
  // limit, then each alone without a bound (exact); SAT only where no sweep can run.
  if (pass.open_count > 0 && first_stage == 0) sweep_each_open(pass, each_open_states_, each_open_total_);
  if (pass.open_count > 0 && first_stage == 0) sweep_all_open(pass);
  if (pass.open_count > 0 && first_stage == 0) sweep_each_open(pass, kUnbounded, kUnbounded);
  if (pass.open_count > 0) settle_open(board, needed, type, pass.open, pass.open_count, pass.legal_at);
  for (int x = 0; x < kCells * 6; ++x)
    if (pass.legal_at[x]) out.push_back(x);
}

}  // namespace arena::flows

// Exact legality of every placement of a decision in one sweep (frontier dynamic
// programming, the method used to count paths in grid graphs).
//
// The empty hexes are visited one at a time. At each one the sweep chooses which of its
// sides the routes pair (a partial matching, never two straights). Wires between a visited
// and an unvisited hex form the frontier; a state records, for each frontier wire, whether
// it is unused, carries a route piece anchored at a start or goal port of route r, or ends
// a floating piece whose other end is another frontier wire; plus which routes are already
// complete. Equal states merge, so the work grows with the number of distinct frontiers, not
// with the number of trails. A forward pass collects the states, a backward pass keeps those
// that can still finish with every route complete, and the matchings chosen on surviving
// transitions give, per hex, every tile pairing some route system is consistent with: that is
// exactly the set of legal placements there (a placement is legal iff some route system of
// the current board uses its hex only as the tile's paths do).
//
// Routes may be assumed free of closed loops and of second copies (dropping them keeps a
// system valid and only frees hex sides), so pieces that would close a loop are refused.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/flows/geometry.h"
#include "engine/flows/tiles.h"

namespace arena::flows {

class FrontierSweep {
 public:
  struct RouteEnds {
    int start, goal;  // board sides
  };
  // `wire[x]` for every side x of an empty hex (`empty[c]`): the empty-hex side or port
  // (negative, as trace()) it is joined to through placed tiles. On success `fit[c]` holds,
  // for each empty hex c, the pairings (bit p) that some route system survives; all zero
  // when no route system exists. Returns false, leaving `fit` undefined, when the number of
  // states passes `max_states` (the caller then needs another exact method).
  bool run(const std::int16_t* wire, const std::int8_t* empty, const RouteEnds* routes, int nroutes,
           long max_states, std::array<std::uint16_t, kCells>& fit);

  // Whether a route system exists at all (`found`), without the per-hex fits: a depth-first
  // walk of the same states (each expanded once), stopping at the first with every route
  // complete, so a board that has a system costs about one state per empty hex. Cheaper
  // than run() when one board is asked one question (a placement tried on it). Returns false, leaving
  // `found` false, when the number of states passes `max_states`.
  bool exists(const std::int16_t* wire, const std::int8_t* empty, const RouteEnds* routes, int nroutes,
              long max_states, bool& found);

  long states_last_run() const { return states_; }

 private:
  struct Key {
    std::uint64_t lo, hi;  // 5 bits per frontier wire; hi's top bits: completed routes
    bool operator==(const Key&) const = default;
  };
  struct Layer {
    std::vector<Key> keys;
    std::vector<std::uint64_t> table;  // open addressing over keys (see insert())
    std::vector<std::uint8_t> alive;
    struct Edge {
      std::int32_t from, to;  // states of this layer and the next
      std::uint8_t matching;
    };
    std::vector<Edge> edges;  // transitions to the next layer
    void clear();
    int insert(const Key& k);  // index of k, added when new
  };
  // What a state looks like from the hex of step i, shared by all its matchings.
  struct Prepared {
    std::uint64_t lo, hi;  // the next frontier's codes that do not depend on the matching
    int starts, goals, done;
    int required, free_sides;  // sides the matching must use; sides it may use
    int beyond[6];             // per side: 100+anchor code, 132+next-frontier position, or a side
  };
  // The visiting order, frontiers and per-step side tables; false when a frontier is too wide.
  bool plan(const std::int16_t* wire, const std::int8_t* empty, const RouteEnds* routes, int nroutes);
  // plan's steps: the visiting order, each step's sides, then tables derived from them.
  void choose_order(const std::int16_t* wire, const std::int8_t* empty, std::array<int, kCells>& step_of);
  bool assign_sides(const std::int16_t* wire, const RouteEnds* routes, int nroutes,
                    const std::array<int, kCells>& step_of);
  void find_self_consistent_supports();
  void find_anchors_ahead();
  // The forward pass of run(), keeping every transition: -1 when the states pass
  // `max_states`, else 0.
  int forward(long max_states);
  // exists()'s depth-first pass: 1 as soon as a state completes every route, 0 when none
  // can, -1 when the states pass `max_states`.
  int search(long max_states);
  void reset_layers();
  // A state's successors at step i (at most one per partial matching with at most one
  // straight: 72 of them); returns their number.
  struct Successor {
    Key to;
    std::uint8_t matching;
  };
  static constexpr int kMaxSuccessors = 76;
  int successors(int i, const Key& from, Successor* out) const;
  void prepare(int i, const Key& from, Prepared& pr) const;
  // Successor at step `i` under matching `m`, or false when the matching closes a loop or
  // breaks a route.
  bool step(int i, const Prepared& pr, int m, Key& to) const;

  int steps_ = 0;
  int nroutes_ = 0;
  std::array<std::int8_t, kCells> cell_of_step_{};
  // Per step and side: what lies beyond it.
  enum Kind : std::int8_t { kBlocked, kAnchor, kSelf, kIn, kOut };
  struct SideInfo {
    Kind kind;
    std::int8_t arg;  // anchor code, the other side (self), or frontier position (in: before, out: after)
  };
  std::array<std::array<SideInfo, 6>, kCells> side_{};
  // Frontier before step i: its size; where each surviving wire goes after the step (-1: it
  // ends at this hex).
  std::array<std::int8_t, kCells + 1> frontier_size_{};
  std::array<std::array<std::int8_t, 32>, kCells> remap_{};
  // Per step: routes (bit r) with a start or goal port on a hex visited after it.
  std::array<std::int8_t, kCells> start_ahead_{}, goal_ahead_{};
  // Per step: bit `support` set when that set of used sides treats every wire from the hex
  // back to itself consistently (both ends used or neither).
  std::array<std::uint64_t, kCells> self_consistent_{};
  std::vector<Layer> layers_;
  std::vector<std::pair<std::int32_t, std::int32_t>> stack_;  // search(): (step, state) to expand
  long states_ = 0;
};

}  // namespace arena::flows

#include "engine/clump/groups.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace arena::clump {

namespace {

using S = GroupScratch;

void build_neighbours(int n, GroupScratch& s) {
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    auto& nb = s.neighbour[cell];
    nb[0] = static_cast<std::int16_t>(r > 0 ? cell - n : S::kOffBoard);
    nb[1] = static_cast<std::int16_t>(c > 0 ? cell - 1 : S::kOffBoard);
    nb[2] = static_cast<std::int16_t>(c + 1 < n ? cell + 1 : S::kOffBoard);
    nb[3] = static_cast<std::int16_t>(r + 1 < n ? cell + n : S::kOffBoard);
    for (int d = 0; d < 4; ++d)
      for (int i = 0, k = 0; i < 4; ++i)
        if (i != d) s.others[cell][d][k++] = nb[i];
    s.edges[cell] = static_cast<std::uint8_t>((r == 0 ? 1 : 0) | (r == n - 1 ? 2 : 0) | (c == 0 ? 4 : 0) |
                                              (c == n - 1 ? 8 : 0));
  }
  // The off-board cell: no colour, and harmless values wherever the evaluation reads it.
  s.board[S::kOffBoard] = S::kNoColour;
  s.label[S::kOffBoard] = 0;
  s.disc[S::kOffBoard] = 0;
  s.neighbours_for = n;
}

// The same-colour neighbours of `cell` as bits by direction: the depth-first search then
// visits only those, instead of testing (and mispredicting) the colour of every neighbour.
inline std::uint8_t same_colour_neighbours(const GroupScratch& s, int cell) {
  const auto& nb = s.neighbour[cell];
  const std::int8_t colour = s.board[cell];
  return static_cast<std::uint8_t>((s.board[nb[0]] == colour) | (s.board[nb[1]] == colour) << 1 |
                                   (s.board[nb[2]] == colour) << 2 | (s.board[nb[3]] == colour) << 3);
}

// Red joins row 1 to the top row, Blue column a to the last column.
inline bool joins_sides(int colour, unsigned edges) {
  const unsigned sides = colour == kRed ? 3u : 12u;
  return (edges & sides) == sides;
}

void reset_tree_cell(GroupScratch& s, int cell, int label, int disc, int parent) {
  s.label[cell] = static_cast<std::int16_t>(label);
  s.disc[cell] = s.low[cell] = static_cast<std::int16_t>(disc);
  s.parent[cell] = static_cast<std::int16_t>(parent);
  s.child_start[cell].fill(S::kNoChild);
  s.child_cut[cell].fill(0);
  s.children[cell] = 0;
  s.split_off[cell] = 0;
}

// Labels the group of `root`, its lowest cell, whose cells are unlabelled (-1) with their
// `pending` set, and builds its depth-first tree (Tarjan's articulation-point bookkeeping),
// iteratively: a 26x26 board would nest 676 calls deep.
void label_group(GroupScratch& s, int root) {
  if (s.pending[root] == 0) {
    // A stone alone, as most are in play from the checkerboard: a one-cell tree. Only on a
    // 1-wide board could one stone join two sides; sizes start at 4.
    reset_tree_cell(s, root, root, 0, -1);
    s.subtree[root] = 1;
    s.size[root] = 1;
    s.group_edges[root] = s.edges[root];
    return;
  }
  std::int16_t counter = 0;
  unsigned edges = 0;
  int top = 0;
  auto discover = [&](int cell, int parent) {
    reset_tree_cell(s, cell, root, counter++, parent);
    if (parent >= 0) {
      const int slot = s.children[parent]++;
      s.child_slot[cell] = static_cast<std::uint8_t>(slot);
      s.child_start[parent][slot] = s.disc[cell];
    }
    s.stack[top++] = static_cast<std::int16_t>(cell);
    edges |= s.edges[cell];
  };
  discover(root, -1);
  while (top > 0) {
    const int v = s.stack[top - 1];
    if (s.pending[v] != 0) {
      const int dir = std::countr_zero(s.pending[v]);
      s.pending[v] = static_cast<std::uint8_t>(s.pending[v] & (s.pending[v] - 1));
      const int w = s.neighbour[v][dir];
      if (s.label[w] < 0) {
        // The tree edge back to v is not a back edge: w need not look at it (directions
        // 0-3 and 1-2 are opposite).
        s.pending[w] = static_cast<std::uint8_t>(s.pending[w] & ~(1u << (3 - dir)));
        discover(w, v);
      } else {
        s.low[v] = std::min(s.low[v], s.disc[w]);
      }
      continue;
    }
    // Every cell of v's subtree was discovered after v and before v finished.
    --top;
    s.subtree[v] = static_cast<std::int16_t>(counter - s.disc[v]);
    const int p = s.parent[v];
    if (p < 0) continue;
    s.low[p] = std::min(s.low[p], s.low[v]);
    // No back edge from v's subtree climbs above p: removing p cuts the subtree off.
    if (s.low[v] >= s.disc[p]) {
      s.child_cut[p][s.child_slot[v]] = s.subtree[v];
      s.split_off[p] = static_cast<std::int16_t>(s.split_off[p] + s.subtree[v]);
    }
  }
  s.size[root] = counter;
  s.group_edges[root] = static_cast<std::uint8_t>(edges);
}

// Labels every group of s.board.
void label(GroupScratch& s) {
  const int cells = s.n * s.n;
  for (int cell = 0; cell < cells; ++cell) s.pending[cell] = same_colour_neighbours(s, cell);
  std::fill(s.label.begin(), s.label.begin() + cells, std::int16_t{-1});
  s.connections[0] = s.connections[1] = 0;
  for (int root = 0; root < cells; ++root) {
    if (s.label[root] >= 0) continue;
    label_group(s, root);
    if (joins_sides(s.board[root], s.group_edges[root])) ++s.connections[s.board[root]];
  }
  s.connected[0] = s.connections[0] > 0;
  s.connected[1] = s.connections[1] > 0;
  s.labelled = true;
}

// Sets `changed` to the cells of the groups holding x, y or one of their neighbours.
void collect_changed(GroupScratch& s, int x, int y) {
  int marked[10], count = 0;
  auto mark = [&](int cell) {
    const int l = s.label[cell];
    if (cell == S::kOffBoard || s.mark[l]) return;
    s.mark[l] = 1;
    marked[count++] = l;
  };
  mark(x);
  mark(y);
  for (int d = 0; d < 4; ++d) {
    mark(s.neighbour[x][d]);
    mark(s.neighbour[y][d]);
  }
  const int cells = s.n * s.n;
  int k = 0;
  for (int cell = 0; cell < cells; ++cell) {
    s.changed[k] = static_cast<std::int16_t>(cell);
    k += s.mark[s.label[cell]];
  }
  s.changed_count = k;
  for (int i = 0; i < count; ++i) s.mark[marked[i]] = 0;
}

// s holds the labelling of the board before the stones on x and y were swapped: swaps them
// and labels again the groups that held x, y or a neighbour (the groups after the swap
// that hold one of them are made of the same cells, and no other group changes).
void relabel_after_swap(GroupScratch& s, int x, int y) {
  collect_changed(s, x, y);
  for (int i = 0; i < s.changed_count; ++i) {
    const int cell = s.changed[i];
    if (s.label[cell] == cell && joins_sides(s.board[cell], s.group_edges[cell]))
      --s.connections[s.board[cell]];
  }
  std::swap(s.board[x], s.board[y]);
  for (int i = 0; i < s.changed_count; ++i) {
    const int cell = s.changed[i];
    s.pending[cell] = same_colour_neighbours(s, cell);
    s.label[cell] = -1;
  }
  // Ascending: each group is reached first at its lowest cell, as in a whole labelling.
  for (int i = 0; i < s.changed_count; ++i) {
    const int cell = s.changed[i];
    if (s.label[cell] >= 0) continue;
    label_group(s, cell);
    if (joins_sides(s.board[cell], s.group_edges[cell])) ++s.connections[s.board[cell]];
  }
  s.connected[0] = s.connections[0] > 0;
  s.connected[1] = s.connections[1] > 0;
}

// One swapped stone: it leaves `from` for `to`. G is its group at `from` before the swap,
// H its group at `to` after it. Only `from` and `to` change colour, so H is the stone plus
// the pieces next to `to` of the stone's colour with `from` removed: other groups whole,
// and G split at `from` into the child subtrees cut off there and the rest. `back` is the
// direction from `to` to `from`.
// Written with selects rather than branches (the outcomes are data-dependent and
// mispredicted), and always inlined: returned out of line, the small struct came back
// through a store-forwarding stall.
// A stone alone (G is the stone): no neighbour of `to` can lie in G, so H is the stone and
// the other groups next to `to`, and G is diminished. Most stones are alone in play from the
// checkerboard; this skips the tree lookups.
[[gnu::always_inline]] inline SwapSide lone_side(const GroupScratch& s, int colour, int to, int back) {
  int key[3], piece[3];
  for (int i = 0; i < 3; ++i) {
    const int y = s.others[to][back][i];
    const bool valid = s.board[y] == colour;
    const int ly = s.label[y];
    key[i] = valid ? ly : -1 - i;
    piece[i] = valid ? s.size[ly] : 0;
  }
  SwapSide r;
  r.before = 1;
  r.after = 1 + piece[0] + (key[1] == key[0] ? 0 : piece[1]) +
            (key[2] == key[0] || key[2] == key[1] ? 0 : piece[2]);
  r.diminished = 1;
  return r;
}

[[gnu::always_inline]] inline SwapSide side(const GroupScratch& s, int from, int to, int back) {
  const int colour = s.board[from];
  const int g = s.label[from];
  if (s.size[g] == 1) return lone_side(s, colour, to, back);
  SwapSide r;
  r.before = s.size[g];
  const int from_disc = s.disc[from];
  const unsigned under_span = static_cast<unsigned>(s.subtree[from] - 1);
  const int rest = r.before - 1 - s.split_off[from];
  const auto& start = s.child_start[from];
  const auto& cut = s.child_cut[from];
  // Each other neighbour of `to` names the piece it belongs to by a key: the start of a cut-off
  // child subtree (< kMaxCells), kMaxCells for the rest of G, kMaxCells + 1 + label for
  // another group, and a negative key for no piece.
  int key[3], piece[3], old[3];
  for (int i = 0; i < 3; ++i) {
    const int y = s.others[to][back][i];
    const bool valid = s.board[y] == colour;
    const int ly = s.label[y], dy = s.disc[y];
    const bool same = ly == g;
    const bool under = static_cast<unsigned>(dy - from_disc - 1) < under_span;
    // Children are in discovery order: y lies under the last one starting at or before it.
    const int child = ((dy >= start[0]) + (dy >= start[1]) + (dy >= start[2]) + (dy >= start[3]) - 1) & 3;
    const int cut_size = under ? cut[child] : 0;
    const int own_key = cut_size ? start[child] : kMaxCells;
    const int own_size = cut_size ? cut_size : rest;
    key[i] = !valid ? -1 - i : same ? own_key : kMaxCells + 1 + ly;
    piece[i] = !valid ? 0 : same ? own_size : s.size[ly];
    old[i] = valid && same ? own_size : 0;
  }
  // A piece reached through two neighbours of `to` counts once.
  r.after = 1 + piece[0];
  int in_old_group = old[0];
  for (int i = 1; i < 3; ++i) {
    const bool repeat = key[i] == key[0] || (i == 2 && key[2] == key[1]);
    r.after += repeat ? 0 : piece[i];
    in_old_group += repeat ? 0 : old[i];
  }
  // G is diminished when it was the stone alone or when some of its other stones are not in
  // H. (A piece of G in H has at least one stone, so in_old_group == 0 means H holds none.)
  r.diminished = in_old_group == 0 || in_old_group < r.before - 1 ? r.before : 0;
  return r;
}

// Whether swapping the stone on `own` with its neighbour in direction `dir` is legal:
// evaluate_swap without the sizes, inlined into the loop that judges many.
[[gnu::always_inline]] inline bool swap_legal(const GroupScratch& s, int own, int dir) {
  const int enemy = s.neighbour[own][dir];
  // Two stones alone: always legal, no sides needed. Every neighbour of a stone alone holds
  // the other colour, and every cell has at least two neighbours (sizes start at 4), so each
  // stone's new place touches a group of its colour besides the other stone's: H > G = 1 for
  // both (condition 1), and the largest diminished group, 1, is smaller (condition 2).
  if (s.size[s.label[own]] == 1 && s.size[s.label[enemy]] == 1) return true;
  return judge_swap(side(s, own, enemy, 3 - dir), side(s, enemy, own, dir)).legal();
}

// The neighbours of `cell` holding the other colour, as bits by direction (none off the board,
// whose cell holds neither colour).
inline unsigned enemy_neighbours(const GroupScratch& s, int cell) {
  const auto& nb = s.neighbour[cell];
  const std::int8_t enemy = static_cast<std::int8_t>(1 - s.board[cell]);
  return static_cast<unsigned>((s.board[nb[0]] == enemy) | (s.board[nb[1]] == enemy) << 1 |
                               (s.board[nb[2]] == enemy) << 2 | (s.board[nb[3]] == enemy) << 3);
}

}  // namespace

void label_board(GroupScratch& s, const std::int8_t* board, int n) {
  if (s.neighbours_for != n) build_neighbours(n, s);
  s.n = n;
  std::memcpy(s.board.data(), board, static_cast<std::size_t>(n) * n);
  label(s);
}

GroupScratch& thread_scratch() {
  thread_local GroupScratch s{};
  return s;
}

const GroupScratch& groups_of(const std::int8_t* board, int n) {
  GroupScratch& s = thread_scratch();
  const std::size_t cells = static_cast<std::size_t>(n) * n;
  if (!(s.labelled && s.n == n && std::memcmp(s.board.data(), board, cells) == 0)) label_board(s, board, n);
  return s;
}

const GroupScratch& groups_after_swap(const std::int8_t* board, int n, int x, int y) {
  GroupScratch& s = thread_scratch();
  const std::size_t cells = static_cast<std::size_t>(n) * n;
  bool before = false;
  if (s.labelled && s.n == n && s.board[x] == board[y] && s.board[y] == board[x]) {
    std::swap(s.board[x], s.board[y]);
    before = std::memcmp(s.board.data(), board, cells) == 0;
    std::swap(s.board[x], s.board[y]);
  }
  if (before) {
    relabel_after_swap(s, x, y);
  } else {
    if (!(s.labelled && s.n == n && std::memcmp(s.board.data(), board, cells) == 0)) label_board(s, board, n);
    collect_changed(s, x, y);
  }
  return s;
}

void update_legal_swaps(const GroupScratch& s, LegalSwaps& legal, bool all) {
  const int cells = s.n * s.n;
  // Cells whose swaps are judged again: those of the changed groups and their neighbours.
  std::array<std::uint8_t, S::kSlots> dirty;
  std::fill(dirty.begin(), dirty.begin() + cells, std::uint8_t{all});
  if (!all) {
    for (int i = 0; i < s.changed_count; ++i) {
      const int cell = s.changed[i];
      dirty[cell] = 1;
      // Off the board lands on the spare slot kOffBoard, never read below.
      for (int d = 0; d < 4; ++d) dirty[s.neighbour[cell][d]] = 1;
    }
  }
  for (int cell = 0; cell < cells; ++cell) {
    if (!dirty[cell]) continue;
    // Enemy neighbours only: a neighbour of the same colour is no swap, and its bit towards
    // this cell is clear already (set only while the two differed; a swap of one of them
    // made them alike, and both are dirty after it).
    unsigned bits = 0;
    for (unsigned dirs = enemy_neighbours(s, cell); dirs != 0; dirs &= dirs - 1) {
      const int d = std::countr_zero(dirs);
      const int other = s.neighbour[cell][d];
      if (dirty[other] && other < cell) {  // judged from the other side already
        bits |= ((legal[other] >> (3 - d)) & 1u) << d;
        continue;
      }
      const bool ok = swap_legal(s, cell, d);
      bits |= static_cast<unsigned>(ok) << d;
      // A clean neighbour keeps its other bits; this one is its side of the same swap.
      const unsigned back = 1u << (3 - d);
      if (!dirty[other])
        legal[other] = static_cast<std::uint8_t>(ok ? legal[other] | back : legal[other] & ~back);
    }
    legal[cell] = static_cast<std::uint8_t>(bits);
  }
}

SwapCheck evaluate_swap(const GroupScratch& s, int own, int dir) {
  const int enemy = s.neighbour[own][dir];
  // `own` lies opposite `dir` seen from `enemy`.
  return judge_swap(side(s, own, enemy, 3 - dir), side(s, enemy, own, dir));
}

}  // namespace arena::clump

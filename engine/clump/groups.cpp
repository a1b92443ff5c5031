#include "engine/clump/groups.h"

#include <algorithm>
#include <cstring>

namespace arena::clump {

namespace {

void build_neighbours(int n, GroupScratch& s) {
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    auto& nb = s.neighbour[cell];
    nb[0] = static_cast<std::int16_t>(r > 0 ? cell - n : -1);
    nb[1] = static_cast<std::int16_t>(c > 0 ? cell - 1 : -1);
    nb[2] = static_cast<std::int16_t>(c + 1 < n ? cell + 1 : -1);
    nb[3] = static_cast<std::int16_t>(r + 1 < n ? cell + n : -1);
    s.edges[cell] = static_cast<std::uint8_t>((r == 0 ? 1 : 0) | (r == n - 1 ? 2 : 0) | (c == 0 ? 4 : 0) |
                                              (c == n - 1 ? 8 : 0));
  }
  s.neighbours_for = n;
}

// Labels the groups of s.board and builds each group's depth-first tree (Tarjan's
// articulation-point bookkeeping), iteratively: a 26x26 board would nest 676 calls deep.
void label(GroupScratch& s) {
  const int cells = s.n * s.n;
  std::fill(s.label.begin(), s.label.begin() + cells, std::int16_t{-1});
  std::fill(s.split_off.begin(), s.split_off.begin() + cells, std::int16_t{0});
  s.connected[0] = s.connected[1] = false;
  std::int16_t next_label = 0, counter = 0;
  for (int root = 0; root < cells; ++root) {
    if (s.label[root] >= 0) continue;
    const std::int8_t colour = s.board[root];
    const std::int16_t first = counter;
    unsigned edges = 0;
    int top = 0;
    auto discover = [&](int cell, int parent) {
      s.label[cell] = next_label;
      s.disc[cell] = s.low[cell] = counter++;
      s.parent[cell] = static_cast<std::int16_t>(parent);
      s.next_dir[cell] = 0;
      s.stack[top++] = static_cast<std::int16_t>(cell);
      edges |= s.edges[cell];
    };
    discover(root, -1);
    while (top > 0) {
      const int v = s.stack[top - 1];
      if (s.next_dir[v] < 4) {
        const int w = s.neighbour[v][s.next_dir[v]++];
        if (w < 0 || s.board[w] != colour) continue;
        if (s.label[w] < 0)
          discover(w, v);
        else if (w != s.parent[v])
          s.low[v] = std::min(s.low[v], s.disc[w]);
        continue;
      }
      // Every cell of v's subtree was discovered after v and before v finished.
      --top;
      s.subtree[v] = static_cast<std::int16_t>(counter - s.disc[v]);
      const int p = s.parent[v];
      if (p < 0) continue;
      s.low[p] = std::min(s.low[p], s.low[v]);
      // No back edge from v's subtree climbs above p: removing p cuts the subtree off.
      if (s.low[v] >= s.disc[p]) s.split_off[p] = static_cast<std::int16_t>(s.split_off[p] + s.subtree[v]);
    }
    s.size[next_label++] = static_cast<std::int16_t>(counter - first);
    // Red joins row 1 to the top row, Blue column a to the last column.
    const unsigned sides = colour == kRed ? 3u : 12u;
    if ((edges & sides) == sides) s.connected[colour] = true;
  }
  s.labelled = true;
}

struct SideResult {
  int before = 0, after = 0, diminished = 0;
};

// One swapped stone: it leaves `from` for `to`. G is its group at `from` before the swap,
// H its group at `to` after it. Only `from` and `to` change colour, so H is the stone plus
// the pieces next to `to` of the stone's colour with `from` removed: other groups whole,
// and G split at `from` into the child subtrees cut off there and the rest.
// Always inlined: returned by value out of line, the small struct came back through a
// store-forwarding stall that cost a third of the swap evaluation.
[[gnu::always_inline]] inline SideResult side(const GroupScratch& s, int from, int to) {
  const std::int8_t colour = s.board[from];
  const int g = s.label[from];
  SideResult r;
  r.before = s.size[g];
  r.after = 1;
  const int rest_size = r.before - 1 - s.split_off[from];
  // Pieces already counted, as keys: a cut-off child's cell, kMaxCells for G's rest,
  // kMaxCells + 1 + label for another group.
  int seen[4], distinct = 0, in_old_group = 0;
  bool touches_old_group = false;
  for (int y : s.neighbour[to]) {
    if (y < 0 || y == from || s.board[y] != colour) continue;
    int key, size;
    if (s.label[y] != g) {
      key = kMaxCells + 1 + s.label[y];
      size = s.size[s.label[y]];
    } else {
      touches_old_group = true;
      key = kMaxCells;
      size = rest_size;
      if (s.disc[y] > s.disc[from] && s.disc[y] < s.disc[from] + s.subtree[from]) {
        // y lies under `from`: find the child subtree holding it.
        for (int c : s.neighbour[from]) {
          if (c < 0 || s.parent[c] != from || s.disc[y] < s.disc[c] || s.disc[y] >= s.disc[c] + s.subtree[c])
            continue;
          if (s.low[c] >= s.disc[from]) {
            key = c;
            size = s.subtree[c];
          }
          break;
        }
      }
    }
    if (std::find(seen, seen + distinct, key) != seen + distinct) continue;
    seen[distinct++] = key;
    r.after += size;
    if (key <= kMaxCells) in_old_group += size;
  }
  // G is diminished when it was the stone alone or when some of its other stones are not in H.
  r.diminished = !touches_old_group || in_old_group < r.before - 1 ? r.before : 0;
  return r;
}

}  // namespace

const GroupScratch& groups_of(const std::int8_t* board, int n) {
  thread_local GroupScratch s{};
  const std::size_t cells = static_cast<std::size_t>(n) * n;
  if (s.labelled && s.n == n && std::memcmp(s.board.data(), board, cells) == 0) return s;
  if (s.neighbours_for != n) build_neighbours(n, s);
  s.n = n;
  std::memcpy(s.board.data(), board, cells);
  label(s);
  return s;
}

SwapCheck evaluate_swap(const GroupScratch& s, int own, int enemy) {
  SideResult a = side(s, own, enemy);
  SideResult b = side(s, enemy, own);
  SwapCheck c;
  c.own_before = a.before;
  c.own_after = a.after;
  c.enemy_before = b.before;
  c.enemy_after = b.after;
  c.largest_diminished = std::max(a.diminished, b.diminished);
  c.condition1 = a.after > a.before || b.after > b.before;
  c.condition2 = c.largest_diminished == 0 || std::max(a.after, b.after) > c.largest_diminished;
  return c;
}

}  // namespace arena::clump

#include "engine/clump/groups.h"

#include <algorithm>

namespace arena::clump {

namespace {

// Orthogonal neighbours of `cell`, written into `out`; returns how many.
inline int neighbours(int cell, int n, int out[4]) {
  int k = 0, r = cell / n, c = cell % n;
  if (r > 0) out[k++] = cell - n;
  if (c > 0) out[k++] = cell - 1;
  if (c + 1 < n) out[k++] = cell + 1;
  if (r + 1 < n) out[k++] = cell + n;
  return k;
}

struct SideResult {
  int before = 0, after = 0, diminished = 0;
};

// One swapped stone: it leaves `from` for `to`. G is its group at `from` before the swap,
// H its group at `to` after it.
SideResult side(const std::int8_t* board, int n, int from, int to, GroupScratch& s) {
  const std::int8_t colour = board[from];
  const int g = s.label[from];
  SideResult r;
  r.before = s.size[g];
  // Groups the stone joins at `to`. Only `from` and `to` change colour, so the other
  // neighbours of `to` keep theirs.
  int nb[4];
  int k = neighbours(to, n, nb);
  int labels[4], distinct = 0;
  bool touches_own_group = false;
  for (int i = 0; i < k; ++i) {
    if (nb[i] == from || board[nb[i]] != colour) continue;
    int l = s.label[nb[i]];
    if (l == g) touches_own_group = true;
    if (std::find(labels, labels + distinct, l) == labels + distinct) labels[distinct++] = l;
  }
  if (!touches_own_group) {
    // H is the stone plus untouched neighbour groups; none of G's other stones are in it,
    // so G is diminished (also when G was the stone alone).
    r.after = 1;
    for (int i = 0; i < distinct; ++i) r.after += s.size[labels[i]];
    r.diminished = r.before;
    return r;
  }
  // The stone stays next to part of its old group, which may or may not hold together
  // without `from`: count H by flood fill on the board after the swap.
  const std::uint32_t mark = s.next_stamp();
  int top = 0, in_old_group = 0;
  s.stack[top++] = static_cast<std::int16_t>(to);
  s.seen[to] = mark;
  s.seen[from] = mark;  // holds the enemy colour after the swap
  while (top > 0) {
    int cell = s.stack[--top];
    ++r.after;
    if (cell != to && s.label[cell] == g) ++in_old_group;
    int m = neighbours(cell, n, nb);
    for (int i = 0; i < m; ++i) {
      int x = nb[i];
      if (s.seen[x] == mark || board[x] != colour) continue;
      s.seen[x] = mark;
      s.stack[top++] = static_cast<std::int16_t>(x);
    }
  }
  r.diminished = in_old_group < r.before - 1 ? r.before : 0;
  return r;
}

}  // namespace

std::uint32_t GroupScratch::next_stamp() {
  if (++stamp == 0) {  // wrapped: forget every old mark
    seen.fill(0);
    stamp = 1;
  }
  return stamp;
}

GroupScratch& group_scratch() {
  thread_local GroupScratch scratch{};
  return scratch;
}

void label_groups(const std::int8_t* board, int n, GroupScratch& s) {
  const int cells = n * n;
  std::fill(s.label.begin(), s.label.begin() + cells, std::int16_t{-1});
  std::int16_t next = 0;
  int nb[4];
  for (int start = 0; start < cells; ++start) {
    if (s.label[start] >= 0) continue;
    const std::int8_t colour = board[start];
    int top = 0, count = 0;
    s.stack[top++] = static_cast<std::int16_t>(start);
    s.label[start] = next;
    while (top > 0) {
      int cell = s.stack[--top];
      ++count;
      int m = neighbours(cell, n, nb);
      for (int i = 0; i < m; ++i) {
        int x = nb[i];
        if (s.label[x] >= 0 || board[x] != colour) continue;
        s.label[x] = next;
        s.stack[top++] = static_cast<std::int16_t>(x);
      }
    }
    s.size[next++] = static_cast<std::int16_t>(count);
  }
}

SwapCheck evaluate_swap(const std::int8_t* board, int n, int own, int enemy, GroupScratch& s) {
  SideResult a = side(board, n, own, enemy, s);
  SideResult b = side(board, n, enemy, own, s);
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

bool has_connection(const std::int8_t* board, int n, std::int8_t colour, GroupScratch& s) {
  // Red runs from row 0 to row n-1, Blue from column 0 to column n-1.
  const std::uint32_t mark = s.next_stamp();
  int top = 0, nb[4];
  for (int i = 0; i < n; ++i) {
    int cell = colour == kRed ? i : i * n;
    if (board[cell] != colour) continue;
    s.seen[cell] = mark;
    s.stack[top++] = static_cast<std::int16_t>(cell);
  }
  while (top > 0) {
    int cell = s.stack[--top];
    if ((colour == kRed ? cell / n : cell % n) == n - 1) return true;
    int m = neighbours(cell, n, nb);
    for (int i = 0; i < m; ++i) {
      int x = nb[i];
      if (s.seen[x] == mark || board[x] != colour) continue;
      s.seen[x] = mark;
      s.stack[top++] = static_cast<std::int16_t>(x);
    }
  }
  return false;
}

}  // namespace arena::clump

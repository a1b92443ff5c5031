// Clump rules (issue 2, docs/rules/clump.md). The engine is checked against a second,
// deliberately naive implementation of the rules written below from the text.
#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <cstdio>
#include <deque>
#include <set>
#include <string>
#include <vector>

#include "engine/clump/clump_state.h"
#include "engine/clump/groups.h"
#include "engine/core/perft.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "engine/grid/square_coords.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace clump_test {

using namespace arena;
using namespace arena::clump;

namespace {

std::unique_ptr<Game> clump_game(int size) { return make_game("clump:size=" + std::to_string(size)); }

const ClumpGame& as_clump(const Game& g) { return static_cast<const ClumpGame&>(g); }

std::string spec_error(const std::string& spec) {
  try {
    make_game(spec);
  } catch (const SpecError& e) {
    return e.what();
  }
  return "no error";
}

// ---------------------------------------------------------------------------------------
// The reference: boards as vectors of 'R'/'B', groups as std::set, every rule spelled out
// literally and recomputed from scratch. Slow and obvious on purpose.
struct RefBoard {
  int n;
  std::vector<char> cell;  // index row * n + column, row 0 = row 1
  char at(int r, int c) const { return cell[r * n + c]; }
};

RefBoard ref_from(const ClumpState& s) {
  RefBoard b{s.size(), {}};
  for (int i = 0; i < s.size() * s.size(); ++i) b.cell.push_back(s.at(i) == kRed ? 'R' : 'B');
  return b;
}

std::vector<int> ref_neighbours(const RefBoard& b, int i) {
  std::vector<int> out;
  int r = i / b.n, c = i % b.n;
  if (r > 0) out.push_back(i - b.n);
  if (c > 0) out.push_back(i - 1);
  if (c + 1 < b.n) out.push_back(i + 1);
  if (r + 1 < b.n) out.push_back(i + b.n);
  return out;
}

std::set<int> ref_group(const RefBoard& b, int start) {
  std::set<int> g{start};
  std::deque<int> todo{start};
  while (!todo.empty()) {
    int i = todo.front();
    todo.pop_front();
    for (int j : ref_neighbours(b, i))
      if (b.cell[j] == b.cell[start] && !g.count(j)) {
        g.insert(j);
        todo.push_back(j);
      }
  }
  return g;
}

bool ref_connected(const RefBoard& b, char colour) {
  for (int k = 0; k < b.n; ++k) {
    int start = colour == 'R' ? k : k * b.n;  // row 1 for Red, column a for Blue
    if (b.cell[start] != colour) continue;
    for (int i : ref_group(b, start))
      if ((colour == 'R' ? i / b.n : i % b.n) == b.n - 1) return true;
  }
  return false;
}

// "A before-group G is diminished when G = {x} or when not all of G's other stones are in H."
bool ref_diminished(const std::set<int>& g, int x, const std::set<int>& h) {
  if (g.size() == 1) return true;
  for (int s : g)
    if (s != x && !h.count(s)) return true;
  return false;
}

bool ref_swap_legal(const RefBoard& b, int x, int y) {
  RefBoard after = b;
  std::swap(after.cell[x], after.cell[y]);
  // Stone from x (mover's) ends on y; stone from y (enemy's) ends on x.
  std::set<int> g1 = ref_group(b, x), h1 = ref_group(after, y);
  std::set<int> g2 = ref_group(b, y), h2 = ref_group(after, x);
  bool condition1 = h1.size() > g1.size() || h2.size() > g2.size();
  size_t largest_diminished = 0;
  if (ref_diminished(g1, x, h1)) largest_diminished = std::max(largest_diminished, g1.size());
  if (ref_diminished(g2, y, h2)) largest_diminished = std::max(largest_diminished, g2.size());
  bool condition2 = largest_diminished == 0 || std::max(h1.size(), h2.size()) > largest_diminished;
  return condition1 && condition2;
}

std::string ref_name(const RefBoard& b, int i) {
  return std::string(1, static_cast<char>('a' + i % b.n)) + std::to_string(i / b.n + 1);
}

// Legal swaps in the engine's documented order: by own stone (a1, b1, ... a2 ...), then by
// the enemy stone's cell.
std::vector<std::string> ref_legal(const RefBoard& b, char mover) {
  std::vector<std::string> out;
  if (ref_connected(b, 'R') || ref_connected(b, 'B')) return out;
  for (int x = 0; x < b.n * b.n; ++x) {
    if (b.cell[x] != mover) continue;
    for (int y : ref_neighbours(b, x))
      if (b.cell[y] != mover && ref_swap_legal(b, x, y)) out.push_back(ref_name(b, x) + "-" + ref_name(b, y));
  }
  return out;
}

std::uint64_t ref_perft(const RefBoard& b, char mover, int depth) {
  std::vector<std::string> moves = ref_legal(b, mover);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (int x = 0; x < b.n * b.n; ++x) {
    if (b.cell[x] != mover) continue;
    for (int y : ref_neighbours(b, x)) {
      if (b.cell[y] == mover || (ref_connected(b, 'R') || ref_connected(b, 'B')) || !ref_swap_legal(b, x, y))
        continue;
      RefBoard next = b;
      std::swap(next.cell[x], next.cell[y]);
      total += ref_perft(next, mover == 'R' ? 'B' : 'R', depth - 1);
    }
  }
  return total;
}

RefBoard ref_initial(int n) {
  RefBoard b{n, std::vector<char>(n * n)};
  for (int i = 0; i < n * n; ++i) b.cell[i] = (i / n + i % n) % 2 == 0 ? 'R' : 'B';
  return b;
}

std::vector<std::string> engine_legal(const State& s) {
  std::vector<std::string> out;
  for (Move m : s.legal_moves()) out.push_back(s.move_to_string(m));
  return out;
}

// The swap evaluation as the engine did it before it kept depth-first trees of its groups:
// label groups by flood fill, then count each after-group H by a flood fill on the board
// after the swap. Kept as a second opinion on every SwapCheck field.
struct FloodFill {
  int n;
  std::vector<std::int8_t> board;  // kRed / kBlue per cell
  std::vector<int> label, size;

  explicit FloodFill(const ClumpState& s) : n(s.size()), board(n * n), label(n * n, -1) {
    for (int i = 0; i < n * n; ++i) board[i] = s.at(i);
    for (int start = 0; start < n * n; ++start) {
      if (label[start] >= 0) continue;
      std::vector<int> todo{start};
      label[start] = static_cast<int>(size.size());
      int count = 0;
      while (!todo.empty()) {
        int c = todo.back();
        todo.pop_back();
        ++count;
        for (int x : neighbours(c))
          if (label[x] < 0 && board[x] == board[start]) {
            label[x] = label[start];
            todo.push_back(x);
          }
      }
      size.push_back(count);
    }
  }

  std::vector<int> neighbours(int c) const {
    std::vector<int> out;
    if (c >= n) out.push_back(c - n);
    if (c % n > 0) out.push_back(c - 1);
    if (c % n + 1 < n) out.push_back(c + 1);
    if (c + n < n * n) out.push_back(c + n);
    return out;
  }

  SwapSide side(int from, int to) const {
    const std::int8_t colour = board[from];
    const int g = label[from];
    SwapSide r{size[g], 0, 0};
    std::vector<bool> seen(n * n, false);
    seen[from] = true;  // holds the other colour after the swap
    seen[to] = true;
    std::vector<int> todo{to};
    int in_old_group = 0;
    while (!todo.empty()) {
      int c = todo.back();
      todo.pop_back();
      ++r.after;
      if (c != to && label[c] == g) ++in_old_group;
      for (int x : neighbours(c))
        if (!seen[x] && board[x] == colour) {
          seen[x] = true;
          todo.push_back(x);
        }
    }
    r.diminished = r.before == 1 || in_old_group < r.before - 1 ? r.before : 0;
    return r;
  }

  SwapCheck check(int own, int enemy) const {
    // The conditions are combined as the engine does; the sizes are what is checked.
    return judge_swap(side(own, enemy), side(enemy, own));
  }

  bool connected(std::int8_t colour) const {
    for (int k = 0; k < n; ++k) {
      int start = colour == kRed ? k : k * n;
      if (board[start] != colour) continue;
      for (int i = 0; i < n * n; ++i)
        if (label[i] == label[start] && (colour == kRed ? i / n : i % n) == n - 1) return true;
    }
    return false;
  }
};

// Compares every candidate swap of both colours on `s` with the flood-fill evaluation, and
// the legal list and connections; returns the number of swaps compared.
int cross_check(const ClumpState& s, const std::string& where) {
  const FloodFill ref(s);
  const int n = s.size();
  int compared = 0;
  std::vector<std::string> ref_moves;
  for (int from = 0; from < n * n; ++from)
    for (int to : ref.neighbours(from)) {
      if (s.at(from) == s.at(to)) continue;
      SwapCheck want = ref.check(from, to), got = s.check_swap(from, to);
      ++compared;
      bool same = got.own_before == want.own_before && got.own_after == want.own_after &&
                  got.enemy_before == want.enemy_before && got.enemy_after == want.enemy_after &&
                  got.largest_diminished == want.largest_diminished && got.condition1 == want.condition1 &&
                  got.condition2 == want.condition2;
      if (!same) {
        FAIL_CHECK(where << ": swap " << from << "-" << to << " own " << got.own_before << "->"
                         << got.own_after << " (want " << want.own_before << "->" << want.own_after
                         << "), enemy " << got.enemy_before << "->" << got.enemy_after << " (want "
                         << want.enemy_before << "->" << want.enemy_after << "), diminished "
                         << got.largest_diminished << " (want " << want.largest_diminished << ")\n"
                         << s.render());
        return compared;
      }
      if (s.at(from) == s.current_player() - 1 && want.legal())
        ref_moves.push_back(s.move_to_string(s.swap_code(from, to)));
    }
  CHECK(s.connected(kRed) == ref.connected(kRed));
  CHECK(s.connected(kBlue) == ref.connected(kBlue));
  if (!s.is_terminal()) {
    std::vector<std::string> got = engine_legal(s);
    if (got != ref_moves) FAIL_CHECK(where << ": legal list differs\n" << s.render());
  }
  return compared;
}

int cell(const char* name, int n) { return (std::atoi(name + 1) - 1) * n + (name[0] - 'a'); }

// Board with rows and columns exchanged and colours flipped: a Red top-bottom situation
// becomes the same Blue left-right one.
std::vector<std::string> transpose_flip(const std::vector<std::string>& rows) {
  const int n = static_cast<int>(rows.size());
  std::vector<std::string> out(n, std::string(n, '?'));
  // rows[i] is row n - i; cell (row r, column c) goes to (row c, column r).
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      char ch = rows[n - 1 - r][c];
      out[n - 1 - c][r] = ch == 'R' ? 'B' : 'R';
    }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------

TEST_CASE("clump: spec size is even, 4..26, default 8", "[clump]") {
  CHECK(make_game("clump")->spec() == "clump:size=8");
  CHECK(make_game("clump:size=4")->spec() == "clump:size=4");
  CHECK(make_game("clump:size=26")->spec() == "clump:size=26");
  CHECK_THAT(spec_error("clump:size=5"), Catch::Contains("size must be even"));
  CHECK_THAT(spec_error("clump:size=25"), Catch::Contains("size must be even"));
  CHECK_THAT(spec_error("clump:size=2"), Catch::Contains("from 4 to 26"));
  CHECK_THAT(spec_error("clump:size=28"), Catch::Contains("from 4 to 26"));
  CHECK_THAT(spec_error("clump:size=eight"), Catch::Contains("bad value 'eight' for size"));
  CHECK_THAT(spec_error("clump:colour=red"), Catch::Contains("unknown parameter 'colour'"));
  CHECK(make_game("clump")->num_players() == 2);
  CHECK_FALSE(make_game("clump")->hidden_information());
}

TEST_CASE("clump: the board starts full in a checkerboard with Red on a1, Red to move", "[clump]") {
  for (int n : {4, 8, 26}) {
    auto g = clump_game(n);
    auto st = g->new_initial_state();
    auto& s = static_cast<ClumpState&>(*st);
    CHECK(s.current_player() == 1);
    CHECK(s.at(0) == kRed);           // a1
    CHECK(s.at(1) == kBlue);          // b1
    CHECK(s.at(n) == kBlue);          // a2
    CHECK(s.at(n * n - 1) == kRed);   // top right: same colour as a1 on even boards
    CHECK(s.at(n * n - n) == kBlue);  // top left
    int reds = 0;
    for (int i = 0; i < n * n; ++i) reds += s.at(i) == kRed;
    CHECK(reds == n * n / 2);
  }
}

TEST_CASE("clump: depth 1 from the start is every adjacent pair (hand count 2n(n-1))", "[clump]") {
  // Every orthogonal pair holds one stone of each colour; each swap moves both stones next
  // to at least one singleton of their colour (1 -> 2 or more), diminishing only
  // singletons, so all are legal.
  for (int n : {4, 6, 8, 10, 26}) {
    auto g = clump_game(n);
    CHECK(perft(*g->new_initial_state(), 1) == static_cast<std::uint64_t>(2 * n * (n - 1)));
  }
  auto g = clump_game(4);
  auto moves = engine_legal(*g->new_initial_state());
  REQUIRE(moves.size() == 24);
  // Own stone first, ordered by own stone then target cell.
  CHECK(moves[0] == "a1-b1");
  CHECK(moves[1] == "a1-a2");
  CHECK(moves[2] == "c1-b1");
  CHECK(moves[3] == "c1-d1");
  CHECK(moves[4] == "c1-c2");
}

TEST_CASE("clump: Figure 3 - red singleton joins a group of 6, blue moves from a 4 to another 4", "[clump]") {
  // Red swaps d4 (alone among blue stones) with e4 (in blue e4 f4 g4 f3). Red on e4 joins
  // e5 f5 g5 f6 and e3: 1 + 4 + 1 = 6. Blue on d4 joins singletons c4 d5 d3: a different
  // group of 4. Diminished: red {d4} (1), blue {e4 f4 g4 f3} (4, its other stones leave
  // the moved stone's group). 6 > 4, so legal.
  auto g = clump_game(8);
  std::vector<std::string> rows = {"BBBRBRBB", "RRRBRBRR", "BRBRBRBR", "BRRBRRRB",
                                   "BRBRBBBR", "RBRBRBRB", "BRBRBRBR", "RBRBRBRB"};
  auto s = ClumpState::from_board(as_clump(*g), rows, 1);
  SwapCheck c = s->check_swap(cell("d4", 8), cell("e4", 8));
  CHECK(c.own_before == 1);
  CHECK(c.own_after == 6);
  CHECK(c.enemy_before == 4);
  CHECK(c.enemy_after == 4);
  CHECK(c.largest_diminished == 4);
  CHECK(c.condition1);
  CHECK(c.condition2);
  ParsedMove p = s->parse_move("d4-e4");
  REQUIRE(p.ok());
  s->apply(p.move);
  CHECK(s->at(cell("e4", 8)) == kRed);
  CHECK(s->at(cell("d4", 8)) == kBlue);
  CHECK(s->current_player() == 2);
  CHECK(
      ref_swap_legal(ref_from(*ClumpState::from_board(as_clump(*g), rows, 1)), cell("d4", 8), cell("e4", 8)));
}

TEST_CASE("clump: Figure 4 - blue 13 grows to 15 undiminished, red singleton joins a group of 3", "[clump]") {
  // Blue swaps g6 (in a blue group of 13) with g7 (a red singleton). Blue on g7 joins its
  // old group (still whole without g6) plus g8 and h7: 15; not diminished. Red on g6
  // joins singletons g5 and h6: 3. Only red {g7} is diminished (1). 15 > 1, so legal.
  auto g = clump_game(8);
  std::vector<std::string> rows = {"RBBRRRBR", "RRRBBBRB", "BBBRRBBR", "RBRBRBRB",
                                   "BRBRBBBR", "RBRRBRRB", "RBBRBRRB", "RBRRBBRB"};
  auto s = ClumpState::from_board(as_clump(*g), rows, 2);
  SwapCheck c = s->check_swap(cell("g6", 8), cell("g7", 8));
  CHECK(c.own_before == 13);
  CHECK(c.own_after == 15);
  CHECK(c.enemy_before == 1);
  CHECK(c.enemy_after == 3);
  CHECK(c.largest_diminished == 1);
  CHECK(c.legal());
  auto legal = engine_legal(*s);
  CHECK(std::find(legal.begin(), legal.end(), "g6-g7") != legal.end());
  CHECK(legal == ref_legal(ref_from(*s), 'B'));
}

TEST_CASE("clump: a stone that stays attached to its whole group is not diminished", "[clump]") {
  // Red group a1 b1 c1 b2; red a1 swaps with blue a2 and stays joined to b1 c1 b2 via b2,
  // adding a3: 4 -> 5, undiminished. Blue a2 was alone (diminished 1) and lands on a1
  // alone. 5 > 1: legal.
  auto g = clump_game(4);
  auto s = ClumpState::from_board(as_clump(*g), {"BRBR", "RBRB", "BRBR", "RRRB"}, 1);
  SwapCheck c = s->check_swap(cell("a1", 4), cell("a2", 4));
  CHECK(c.own_before == 4);
  CHECK(c.own_after == 5);
  CHECK(c.enemy_before == 1);
  CHECK(c.enemy_after == 1);
  CHECK(c.largest_diminished == 1);
  CHECK(c.legal());
}

TEST_CASE("clump: condition 1 fails when neither stone ends in a larger group", "[clump]") {
  // Red c1 (group a1 b1 c1 a2 a3, 5) to c2 joins d2 and c3: 3. Blue c2 (group b2 c2 b3, 3)
  // to c1 joins d1: 2. Neither grows.
  auto g = clump_game(4);
  auto s = ClumpState::from_board(as_clump(*g), {"BRBR", "RBRB", "RBBR", "RRRB"}, 1);
  SwapCheck c = s->check_swap(cell("c1", 4), cell("c2", 4));
  CHECK(c.own_before == 5);
  CHECK(c.own_after == 3);
  CHECK(c.enemy_before == 3);
  CHECK(c.enemy_after == 2);
  CHECK_FALSE(c.condition1);
  ParsedMove p = s->parse_move("c1-c2");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK_THAT(p.error, Catch::Contains("condition 1") && Catch::Contains("legal, e.g."));
  CHECK_FALSE(ref_swap_legal(ref_from(*s), cell("c1", 4), cell("c2", 4)));

  // From the game: after a1... c1-c2, Blue b1 (group b1 c1 d1) to b2 stays at 3.
  auto g8 = clump_game(8);
  auto s8 = g8->new_initial_state();
  s8->apply(parse_or_throw(*s8, "c1-c2"));
  ParsedMove q = s8->parse_move("b1-b2");
  CHECK(q.status == ParsedMove::Status::kIllegal);
  CHECK_THAT(q.error, Catch::Contains("condition 1") && Catch::Contains("blue 3 -> 3"));
}

TEST_CASE("clump: condition 2 fails when the largest group formed is not larger than one diminished",
          "[clump]") {
  // After c1-c2 the red group c3 c2 b2 d2 has 4 stones. Blue c4 (alone) swapping with red
  // c3: blue on c3 joins b3 and d3 (3); red on c4 joins b4 d4 c5 (4) but leaves c2 b2 d2
  // behind, so red's group of 4 is diminished. Condition 1 holds (1 -> 3), condition 2
  // does not: 4 is not larger than 4.
  auto g = clump_game(8);
  auto s = g->new_initial_state();
  s->apply(parse_or_throw(*s, "c1-c2"));
  auto& cs = static_cast<ClumpState&>(*s);
  SwapCheck c = cs.check_swap(cell("c4", 8), cell("c3", 8));
  CHECK(c.own_before == 1);
  CHECK(c.own_after == 3);
  CHECK(c.enemy_before == 4);
  CHECK(c.enemy_after == 4);
  CHECK(c.largest_diminished == 4);
  CHECK(c.condition1);
  CHECK_FALSE(c.condition2);
  ParsedMove p = s->parse_move("c4-c3");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK_THAT(p.error, Catch::Contains("condition 2") && Catch::Contains("(4) is not larger than") &&
                          Catch::Contains("diminished (4)"));
  CHECK_FALSE(ref_swap_legal(ref_from(cs), cell("c4", 8), cell("c3", 8)));
  // The whole legal list agrees with the reference.
  CHECK(engine_legal(cs) == ref_legal(ref_from(cs), 'B'));
}

TEST_CASE("clump: a colour that has its connection wins, even when the opponent's swap made it", "[clump]") {
  // Red holds a1 a2 a3; a4 is blue, b4 a red singleton. Both the red swap b4-a4 and the
  // blue swap a4-b4 put a red stone on a4 and complete column a.
  const std::vector<std::string> rows = {"BRBB", "RBBR", "RBRB", "RBRB"};
  auto g = clump_game(4);
  SECTION("by the mover's own swap") {
    auto s = ClumpState::from_board(as_clump(*g), rows, 1);
    REQUIRE(s->current_player() == 1);
    CHECK_FALSE(s->connected(kRed));
    s->apply(parse_or_throw(*s, "b4-a4"));
    CHECK(s->is_terminal());
    CHECK(s->winner() == 1);
    CHECK(s->outcome() == Outcome::kConnection);
    CHECK(s->results() == std::vector<SeatResult>{{1, 1, 0}, {2, 0, 1}});
  }
  SECTION("by the opponent's swap") {
    auto s = ClumpState::from_board(as_clump(*g), rows, 2);
    SwapCheck c = s->check_swap(cell("a4", 4), cell("b4", 4));
    CHECK(c.legal());
    CHECK(c.own_after == 7);  // blue b4 joins c4 d4 c3 b3 b2 b1
    s->apply(parse_or_throw(*s, "a4-b4"));
    CHECK(s->is_terminal());
    CHECK(s->winner() == 1);  // Blue moved, Red won
    CHECK(s->results()[0].rank == 1);
    CHECK(s->results()[1].rank == 2);
    CHECK(s->legal_moves().empty());
    CHECK(s->parse_move("a1-b1").status == ParsedMove::Status::kIllegal);
    CHECK_THAT(s->parse_move("a1-b1").error, Catch::Contains("game is over"));
  }
  SECTION("Blue joins column a to the last column") {
    // The same position mirrored on the diagonal with colours exchanged.
    auto s = ClumpState::from_board(as_clump(*g), transpose_flip(rows), 2);
    REQUIRE(s->current_player() == 2);
    s->apply(parse_or_throw(*s, "d2-d1"));
    CHECK(s->is_terminal());
    CHECK(s->winner() == 2);
    CHECK(s->connected(kBlue));
    CHECK_FALSE(s->connected(kRed));
    CHECK(s->results() == std::vector<SeatResult>{{2, 0, 0}, {1, 1, 1}});
  }
  SECTION("a position set up already connected is over") {
    auto s = ClumpState::from_board(as_clump(*g), {"RBBB", "RBRB", "RBRB", "RBRB"}, 2);
    CHECK(s->is_terminal());
    CHECK(s->winner() == 1);
    CHECK_THAT(s->observation(1), Catch::Contains("status over winner 1 connection"));
  }
}

TEST_CASE("clump: every unfinished 4x4 position has a legal swap (exhaustive)", "[clump]") {
  // The author says a player always has a swap; the no-swap ruling (mover loses) exists
  // for safety. All 2^16 colourings x 2 movers on 4x4 confirm the claim there.
  auto g = clump_game(4);
  int unfinished = 0, no_swap = 0;
  for (int bits = 0; bits < (1 << 16); ++bits) {
    std::vector<std::string> rows(4, std::string(4, 'R'));
    for (int i = 0; i < 16; ++i) rows[i / 4][i % 4] = (bits >> i) & 1 ? 'B' : 'R';
    for (int mover = 1; mover <= 2; ++mover) {
      auto s = ClumpState::from_board(as_clump(*g), rows, mover);
      unfinished += s->outcome() == Outcome::kPlaying;
      no_swap += s->outcome() == Outcome::kNoSwap;
    }
  }
  CHECK(unfinished > 40000);
  CHECK(no_swap == 0);
}

TEST_CASE("clump: the safety cap draws a game that reaches it", "[clump]") {
  auto g = clump_game(4);
  const int cap = g->max_game_length();
  CHECK(cap == 20 * 16);
  CHECK(clump_game(26)->max_game_length() == 20 * 26 * 26);
  auto start = g->new_initial_state();
  auto& init = static_cast<ClumpState&>(*start);
  std::vector<std::string> rows;
  for (int r = 3; r >= 0; --r) {
    std::string row;
    for (int c = 0; c < 4; ++c) row += init.at(r * 4 + c) == kRed ? 'R' : 'B';
    rows.push_back(row);
  }
  auto s = ClumpState::from_board(as_clump(*g), rows, 1, cap - 1);
  REQUIRE(s->current_player() == 1);
  s->apply(parse_or_throw(*s, "a1-b1"));
  CHECK(s->is_terminal());
  CHECK(s->outcome() == Outcome::kLengthCap);
  CHECK(s->winner() == 0);
  CHECK(s->results() == std::vector<SeatResult>{{1, 0.5, 0}, {1, 0.5, 1}});
  CHECK_THAT(s->observation(2), Catch::Contains("status over draw length_cap"));
  CHECK_THAT(s->render(), Catch::Contains("safety cap"));
}

TEST_CASE("clump: move text errors say what was wrong and list legal moves", "[clump]") {
  auto g = clump_game(8);
  auto s = g->new_initial_state();
  auto status = [&](const char* t) { return s->parse_move(t).status; };
  auto error = [&](const char* t) { return s->parse_move(t).error; };
  using S = ParsedMove::Status;
  for (const char* bad :
       {"", "c3", "c3c4", "c3-", "-c4", "c3-c4-c5", "3c-4c", "c03-c4", "c3 -c4", "swap", "c3-c4 "})
    CHECK(status(bad) == S::kUnparseable);
  CHECK_THAT(error("c3c4"), Catch::Contains("not a Clump move") && Catch::Contains("e.g. c3-c4") &&
                                Catch::Contains("112 legal, e.g. a1-b1"));
  CHECK(status("i1-h1") == S::kIllegal);
  CHECK_THAT(error("i1-h1"), Catch::Contains("first cell is not on the 8x8 board"));
  CHECK_THAT(error("h8-h9"), Catch::Contains("second cell is not on the 8x8 board"));
  CHECK_THAT(error("b1-a1"),
             Catch::Contains("b1 holds a Blue stone") && Catch::Contains("its own stones first"));
  CHECK_THAT(error("a1-b2"), Catch::Contains("not orthogonally adjacent"));
  CHECK_THAT(error("a1-a3"), Catch::Contains("not orthogonally adjacent"));
  CHECK_THAT(error("a1-a1"), Catch::Contains("not orthogonally adjacent"));
  s->apply(parse_or_throw(*s, "c1-c2"));
  // Blue to move; c1 now holds the blue stone that stood on c2.
  CHECK_THAT(error("b1-c1"), Catch::Contains("c1 holds a Blue stone; a swap needs an adjacent enemy stone"));
  CHECK_THAT(error("c2-c1"), Catch::Contains("c2 holds a Red stone; Blue (seat 2) must name one of its own"));
  // Upper-case cells are accepted; the canonical text is lower case.
  ParsedMove p = s->parse_move("B1-B2");
  CHECK(p.status == S::kIllegal);  // condition 1, as in the test above
  ParsedMove q = s->parse_move("D1-E1");
  REQUIRE(q.ok());
  CHECK(s->move_to_string(q.move) == "d1-e1");
  CHECK_THROWS_AS(parse_or_throw(*s, "nonsense"), UserError);
}

TEST_CASE("clump: notation on large boards continues letters and numbers", "[clump]") {
  auto g = clump_game(26);
  auto st = g->new_initial_state();
  auto& s = static_cast<ClumpState&>(*st);
  // z26 is red (same colour as a1); its swaps go down to z25 and left to y26.
  auto moves = engine_legal(s);
  CHECK(moves.size() == 2 * 26 * 25);
  CHECK(moves.back() == "z26-y26");
  CHECK(std::find(moves.begin(), moves.end(), "z26-z25") != moves.end());
  ParsedMove p = s.parse_move("j10-j11");
  REQUIRE(p.ok());
  CHECK(s.from_cell(p.move) == 9 * 26 + 9);
  CHECK(s.to_cell(p.move) == 10 * 26 + 9);
  CHECK(s.parse_move("a27-a26").status == ParsedMove::Status::kIllegal);
  auto g10 = clump_game(10);
  auto s10 = g10->new_initial_state();
  CHECK(s10->parse_move("j10-j9").ok());
  CHECK_THAT(s10->parse_move("k1-j1").error, Catch::Contains("not on the 10x10 board"));
}

TEST_CASE("clump: observation lines and rendering", "[clump]") {
  auto g = clump_game(4);
  auto s = g->new_initial_state();
  CHECK(s->observation(1) ==
        "game clump:size=4\n"
        "size 4\n"
        "seat 1 red\n"
        "to_move 1 red\n"
        "ply 0\n"
        "last_move none\n"
        "stones red 8 blue 8\n"
        "row 4 BRBR\n"
        "row 3 RBRB\n"
        "row 2 BRBR\n"
        "row 1 RBRB\n"
        "status playing\n");
  s->apply(parse_or_throw(*s, "a1-b1"));
  std::string o2 = s->observation(2);
  CHECK_THAT(o2, Catch::Contains("seat 2 blue\nto_move 2 blue\nply 1\nlast_move a1-b1\n"));
  CHECK_THAT(o2, Catch::Contains("row 1 BRRB\n"));
  // Perfect information: both seats see the same position.
  std::string o1 = s->observation(1);
  CHECK(o1.substr(o1.find("to_move")) == o2.substr(o2.find("to_move")));
  std::string r = s->render();
  CHECK_THAT(r, Catch::Contains("    a b c d\n") && Catch::Contains("  1 B R R B  1\n") &&
                    Catch::Contains("  4 B R B R  4\n") && Catch::Contains("Blue to move"));
  auto big = clump_game(12)->new_initial_state();
  CHECK_THAT(big->render(), Catch::Contains(" 12 B R B R B R B R B R B R  12\n"));
}

TEST_CASE("clump: perft matches constants and the reference implementation", "[clump]") {
  struct Case {
    int size, depth;
    std::uint64_t nodes;
    bool ref;  // also count with the (slow) reference
  };
  const Case cases[] = {{4, 1, 24, true},    {4, 2, 396, true},    {4, 3, 3624, true},
                        {4, 4, 17608, true}, {4, 5, 56640, false}, {4, 6, 156616, false},
                        {6, 1, 60, true},    {6, 2, 3072, true},   {6, 3, 133856, false},
                        {8, 1, 112, true},   {8, 2, 11492, true},  {8, 3, 1080024, false},
                        {10, 1, 180, true},  {10, 2, 30648, true}};
  for (const Case& c : cases) {
    INFO("size " << c.size << " depth " << c.depth);
    auto g = clump_game(c.size);
    auto s = g->new_initial_state();
    CHECK(perft(*s, c.depth) == c.nodes);
    if (c.ref) CHECK(ref_perft(ref_initial(c.size), 'R', c.depth) == c.nodes);
  }
  // Divide agrees with the total and with the reference one ply deeper.
  auto g = clump_game(6);
  auto s = g->new_initial_state();
  std::uint64_t sum = 0;
  for (const auto& [move, count] : perft_divide(*s, 2)) {
    sum += count;
    auto child = s->clone();
    child->apply(parse_or_throw(*child, move));
    CHECK(count == ref_legal(ref_from(static_cast<ClumpState&>(*child)), 'B').size());
  }
  CHECK(sum == 3072);
}

TEST_CASE("clump: legal moves and results agree with the reference in random games", "[clump]") {
  std::vector<Move> scratch;
  int positions = 0;
  for (int n : {4, 6, 8, 10}) {
    auto g = clump_game(n);
    for (int game = 0; game < (n <= 6 ? 100 : 25); ++game) {
      Rng rng(derive_seed(2024 + n, game));
      auto st = g->new_initial_state();
      auto& s = static_cast<ClumpState&>(*st);
      while (true) {
        RefBoard b = ref_from(s);
        char mover = s.plies() % 2 == 0 ? 'R' : 'B';
        bool red = ref_connected(b, 'R'), blue = ref_connected(b, 'B');
        CHECK_FALSE((red && blue));
        auto expected = ref_legal(b, mover);
        auto got = engine_legal(s);
        ++positions;
        if (got != expected) {
          FAIL_CHECK("size " << n << " game " << game << " ply " << s.plies() << "\n" << s.render());
          break;
        }
        if (s.is_terminal()) {
          CHECK(s.winner() == (red ? 1 : blue ? 2 : 0));
          CHECK(s.outcome() == Outcome::kConnection);
          break;
        }
        CHECK((!red && !blue));
        s.apply(random_action(s, rng, scratch));
      }
    }
  }
  CHECK(positions > 1000);
}

TEST_CASE("clump: random games always end by connection, never by the cap or a missing swap", "[clump]") {
  // Random games last well under one swap per cell, far below the cap of 20 per cell.
  // Measured with larger samples: 8x8 about 17 swaps on average, 42 at most in 10000
  // games; 26x26 about 217, at most 321 in 100 games. None ended without a legal swap.
  std::vector<Move> scratch;
  for (auto [n, games] : {std::pair{4, 3000}, {6, 1000}, {8, 500}, {12, 50}, {26, 2}}) {
    auto g = clump_game(n);
    int longest = 0;
    for (int game = 0; game < games; ++game) {
      Rng rng(derive_seed(99, game));
      auto st = g->new_initial_state();
      auto& s = static_cast<ClumpState&>(*st);
      while (!s.is_terminal()) {
        s.legal_moves(scratch);
        REQUIRE_FALSE(scratch.empty());
        s.apply(scratch[rng.below(scratch.size())]);
      }
      INFO("size " << n << " game " << game);
      CHECK(s.outcome() == Outcome::kConnection);
      longest = std::max(longest, s.plies());
    }
    CHECK(longest < n * n);
  }
}

TEST_CASE("clump: clone and assign copy the position and history", "[clump]") {
  auto g = clump_game(6);
  auto s = g->new_initial_state();
  s->apply(parse_or_throw(*s, "c1-c2"));
  auto c = s->clone();
  CHECK(c->observation(1) == s->observation(1));
  CHECK(c->history() == s->history());
  c->apply(c->legal_moves().front());
  CHECK(c->observation(1) != s->observation(1));
  c->assign(*s);
  CHECK(c->observation(1) == s->observation(1));
  CHECK(c->history().size() == 1);
  CHECK(c->history()[0].actor == 1);
}

TEST_CASE("clump: arena perft on the command line", "[clump]") {
  auto run = [](const std::string& args) {
    std::string cmd = std::string(ARENA_BIN_DIR) + "/arena perft " + args + " 2>&1";
    std::string out;
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    char buf[4096];
    while (size_t k = fread(buf, 1, sizeof buf, p)) out.append(buf, k);
    int status = pclose(p);
    return std::pair{status, out};
  };
  auto [st1, out1] = run("clump:size=4 --depth 3");
  CHECK(st1 == 0);
  CHECK(out1 == "3624\n");
  auto [st2, out2] = run("clump:size=6 --depth 2 --moves \"a1-b1 d1-e1\" --divide");
  CHECK(st2 == 0);
  CHECK_THAT(out2, Catch::Contains("\n"));
  auto g = clump_game(6);
  auto s = g->new_initial_state();
  s->apply(parse_or_throw(*s, "a1-b1"));
  s->apply(parse_or_throw(*s, "d1-e1"));
  CHECK_THAT(out2, Catch::EndsWith("\n" + std::to_string(perft(*s, 2)) + "\n"));
  auto [st3, out3] = run("clump:size=5 --depth 1");
  CHECK(st3 != 0);
  CHECK_THAT(out3, Catch::Contains("size must be even"));
  auto [st4, out4] = run("clump --depth 1 --moves \"a1-a3\"");
  CHECK(st4 != 0);
  CHECK_THAT(out4, Catch::Contains("not orthogonally adjacent"));
}

TEST_CASE("clump: swap evaluation from group trees agrees with flood fills in random games", "[clump]") {
  // The engine finds how a group falls apart without the moved stone from a depth-first
  // tree built once per position; the reference floods the board after every swap.
  std::vector<Move> scratch;
  int positions = 0, swaps = 0;
  for (auto [n, games] : {std::pair{4, 400}, {6, 200}, {8, 100}, {12, 20}}) {
    auto g = clump_game(n);
    for (int game = 0; game < games; ++game) {
      Rng rng(derive_seed(4242 + n, game));
      auto st = g->new_initial_state();
      auto& s = static_cast<ClumpState&>(*st);
      while (true) {
        swaps += cross_check(s, "size " + std::to_string(n) + " game " + std::to_string(game) + " ply " +
                                    std::to_string(s.plies()));
        ++positions;
        if (s.is_terminal()) break;
        s.apply(random_action(s, rng, scratch));
      }
    }
  }
  CHECK(positions > 6000);
  CHECK(swaps > 700000);
}

TEST_CASE("clump: swap evaluation from group trees agrees with flood fills on random boards", "[clump]") {
  // Random colourings make long snakes, rings and groups with many cut cells, which games
  // from the checkerboard reach rarely. Each board is checked with either colour to move.
  int boards = 0, swaps = 0;
  Rng rng(derive_seed(77, 0));
  for (int n : {4, 6, 8, 12, 26}) {
    auto g = clump_game(n);
    const int count = n == 26 ? 20 : 300;
    for (int b = 0; b < count; ++b) {
      const int red_percent = 20 + static_cast<int>(rng.below(61));  // 20..80
      std::vector<std::string> rows(n, std::string(n, 'B'));
      for (auto& row : rows)
        for (char& ch : row)
          if (static_cast<int>(rng.below(100)) < red_percent) ch = 'R';
      for (int mover = 1; mover <= 2; ++mover) {
        auto s = ClumpState::from_board(as_clump(*g), rows, mover);
        swaps += cross_check(*s, "size " + std::to_string(n) + " board " + std::to_string(b));
        ++boards;
      }
    }
  }
  CHECK(boards == 2 * (4 * 300 + 20));
  // Cells that are not neighbours make no swap.
  auto g4 = clump_game(4);
  auto s = g4->new_initial_state();
  for (auto [from, to] : {std::pair{0, 2}, {0, 5}, {3, 4}, {0, 0}})
    CHECK_FALSE(static_cast<ClumpState&>(*s).check_swap(from, to).legal());
  CHECK(swaps > 250000);
}

TEST_CASE("clump: move names are the two cell names joined by '-', on every size", "[clump]") {
  for (int n = 4; n <= 26; n += 2) {
    auto g = clump_game(n);
    auto st = g->new_initial_state();
    auto& s = static_cast<ClumpState&>(*st);
    int named = 0;
    for (int from = 0; from < n * n; ++from)
      for (int dir = 0; dir < 4; ++dir) {
        const Move m = from * 4 + dir;
        const int to = s.to_cell(m);
        if (to < 0) {
          CHECK(s.move_to_string(m).empty());
          continue;
        }
        INFO("size " << n << " move " << m);
        CHECK(s.move_to_string(m) == grid::cell_name(from, n) + "-" + grid::cell_name(to, n));
        ++named;
      }
    CHECK(named == 4 * n * (n - 1));
  }
}

namespace {
// The position of `s` rebuilt from its board alone: every swap judged from scratch.
std::unique_ptr<ClumpState> rebuilt(const ClumpGame& g, const ClumpState& s, int to_move) {
  const int n = s.size();
  std::vector<std::string> rows;
  for (int r = n - 1; r >= 0; --r) {
    std::string row;
    for (int c = 0; c < n; ++c) row += s.at(r * n + c) == kRed ? 'R' : 'B';
    rows.push_back(row);
  }
  return ClumpState::from_board(g, rows, to_move, s.plies());
}

// The legal swaps as unordered cell pairs.
std::set<std::pair<int, int>> swap_pairs(const ClumpState& s) {
  std::set<std::pair<int, int>> pairs;
  for (Move m : s.legal_moves()) {
    const int a = ClumpState::from_cell(m), b = s.to_cell(m);
    pairs.insert({std::min(a, b), std::max(a, b)});
  }
  return pairs;
}
}  // namespace

TEST_CASE("clump: legal swaps kept from ply to ply equal those judged from scratch, for both players",
          "[clump]") {
  // The engine re-judges only the swaps near the last one; a position built from its board
  // judges every swap. Both must agree at every ply, also after clone(), and the swaps
  // open to Red and to Blue are the same pairs (the swap conditions treat both stones alike).
  std::vector<Move> scratch;
  int positions = 0;
  for (auto [n, games] : {std::pair{4, 200}, {6, 100}, {8, 60}, {12, 10}, {26, 1}}) {
    auto g = clump_game(n);
    const auto& game = static_cast<const ClumpGame&>(*g);
    for (int k = 0; k < games; ++k) {
      Rng rng(derive_seed(4242 + n, k));
      auto st = g->new_initial_state();
      while (!st->is_terminal()) {
        const auto& s = static_cast<const ClumpState&>(*st);
        const int mover = st->current_player();
        auto fresh = rebuilt(game, s, mover);
        INFO("size " << n << " game " << k << " ply " << s.plies() << "\n" << s.render());
        REQUIRE(st->legal_moves() == fresh->legal_moves());
        CHECK(swap_pairs(s) == swap_pairs(*rebuilt(game, s, 3 - mover)));
        ++positions;
        // Half the time play on from a copy: the kept swaps travel with the state.
        if (rng.below(2) == 0) st = st->clone();
        st->apply(random_action(*st, rng, scratch));
      }
    }
  }
  CHECK(positions > 2000);
}

namespace {
// Everything the swap evaluation reads of a labelling, per cell of `s`'s board.
std::string labelling_of(const GroupScratch& s) {
  std::string out;
  const auto put = [&out](long v) { out += std::to_string(v) + ','; };
  for (int cell = 0; cell < s.n * s.n; ++cell) {
    const int l = s.label[cell];
    for (long v : {long{l}, long{s.size[l]}, long{s.group_edges[l]}, long{s.disc[cell]}, long{s.low[cell]},
                   long{s.subtree[cell]}, long{s.parent[cell]}, long{s.children[cell]},
                   long{s.split_off[cell]}, long{s.parent[cell] < 0 ? 0 : s.child_slot[cell]}})
      put(v);
    for (int i = 0; i < 4; ++i) {
      put(s.child_start[cell][i]);
      put(s.child_cut[cell][i]);
    }
    out += '|';
  }
  put(s.connected[0]);
  put(s.connected[1]);
  put(s.connections[0]);
  put(s.connections[1]);
  return out;
}
}  // namespace

namespace {
// The stones of `s`'s board, cell by cell, as the group labelling reads them.
std::array<std::int8_t, kMaxCells> board_of(const ClumpState& s) {
  std::array<std::int8_t, kMaxCells> board{};
  for (int i = 0; i < s.size() * s.size(); ++i) board[i] = s.at(i);
  return board;
}
}  // namespace

TEST_CASE("clump: groups labelled again after a swap equal a labelling from scratch, two games interleaved",
          "[clump]") {
  // After a swap only the groups that held a swapped stone or a neighbour are labelled
  // again, when this thread's scratch still holds the board before the swap; otherwise the
  // whole board is. Two games are played in turns chosen at random, so both paths run; at
  // every ply the scratch must equal a labelling of the whole board, and the legal swaps
  // those of the position rebuilt from its board.
  std::vector<Move> scratch;
  auto fresh = std::make_unique<GroupScratch>();
  int positions = 0, switches = 0;
  for (auto [n, games] : {std::pair{4, 300}, {6, 150}, {8, 100}, {10, 40}, {12, 20}, {20, 4}, {26, 2}}) {
    auto g = clump_game(n);
    for (int k = 0; k < games; k += 2) {
      Rng rng(derive_seed(9090 + n, k));
      std::unique_ptr<State> st[2] = {g->new_initial_state(), g->new_initial_state()};
      int turn = 0;
      while (!st[0]->is_terminal() || !st[1]->is_terminal()) {
        if (st[turn]->is_terminal() || rng.below(4) == 0) {
          turn = 1 - turn;
          ++switches;
        }
        if (st[turn]->is_terminal()) continue;
        st[turn]->apply(random_action(*st[turn], rng, scratch));
        const auto& s = static_cast<const ClumpState&>(*st[turn]);
        const std::array<std::int8_t, kMaxCells> board = board_of(s);
        INFO("size " << n << " game " << k + turn << " ply " << s.plies() << "\n" << s.render());
        const std::string kept = labelling_of(groups_of(board.data(), n));
        label_board(*fresh, board.data(), n);
        REQUIRE(kept == labelling_of(*fresh));
        if (!s.is_terminal()) {
          REQUIRE(s.legal_moves() == rebuilt(as_clump(*g), s, s.current_player())->legal_moves());
        } else if (s.outcome() == Outcome::kConnection) {
          CHECK(s.connected(kRed) != s.connected(kBlue));
        }
        ++positions;
      }
    }
  }
  CHECK(positions > 4000);
  CHECK(switches > 1000);
}

namespace {
// The mover's legal swaps of `s` judged one by one from a labelling of its board in `fresh`,
// a scratch of the test's own: the thread's scratch, which the state keeps up to date from
// swap to swap, is not touched, so the kept path runs over whole games.
std::vector<Move> judged_apart(const ClumpState& s, GroupScratch& fresh) {
  const int n = s.size();
  const std::array<std::int8_t, kMaxCells> board = board_of(s);
  label_board(fresh, board.data(), n);
  const int mover = s.current_player() - 1;
  std::vector<Move> moves;
  for (int cell = 0; cell < n * n; ++cell) {
    if (board[cell] != mover) continue;
    for (int d = 0; d < 4; ++d) {
      const int other = fresh.neighbour[cell][d];
      if (other == GroupScratch::kOffBoard || board[other] == mover) continue;
      if (evaluate_swap(fresh, cell, d).legal()) moves.push_back(cell * 4 + d);
    }
  }
  return moves;
}
}  // namespace

TEST_CASE("clump: legal swaps kept over whole games equal each swap judged apart on every size 4 to 26",
          "[clump]") {
  // The other tests rebuild each position through the thread's scratch, which makes the next
  // swap label the board from scratch. Here nothing else touches that scratch between two
  // swaps of a game, as in a referee playing one game: every swap after the first is
  // labelled and judged from the last. Games are random, or take the first legal swap as the
  // referee's benchmark bots do (play stays near a1, where groups grow and every swap changes
  // the largest of them); a state is sometimes cloned and played on from the copy.
  std::vector<Move> legal;
  auto fresh = std::make_unique<GroupScratch>();
  int positions = 0;
  for (int n = 4; n <= 26; n += 2) {
    auto g = clump_game(n);
    const int games = n <= 8 ? 60 : n <= 14 ? 12 : 3;
    for (int k = 0; k < games; ++k) {
      Rng rng(derive_seed(5150 + n, k));
      const bool first_move = k % 2 == 0;
      auto st = g->new_initial_state();
      while (!st->is_terminal()) {
        const auto& s = static_cast<const ClumpState&>(*st);
        st->legal_moves(legal);
        INFO("size " << n << " game " << k << " ply " << s.plies() << "\n" << s.render());
        REQUIRE(legal == judged_apart(s, *fresh));
        ++positions;
        if (rng.below(8) == 0) st = st->clone();
        st->apply(first_move ? legal.front() : legal[rng.below(legal.size())]);
      }
    }
  }
  CHECK(positions > 5000);
}

TEST_CASE("clump: a swap of two stones that are each alone is always legal on every size 4 to 26",
          "[clump]") {
  // The judging skips both sides for such a swap (engine/clump/groups.cpp swap_legal): each
  // stone's new place touches a group of its colour besides the other stone. Checked here
  // with the full evaluation of both sides, at every position of random games.
  std::vector<Move> scratch;
  auto fresh = std::make_unique<GroupScratch>();
  int pairs = 0;
  for (int n = 4; n <= 26; n += 2) {
    auto g = clump_game(n);
    for (int k = 0; k < (n <= 8 ? 40 : 4); ++k) {
      Rng rng(derive_seed(6160 + n, k));
      auto st = g->new_initial_state();
      while (!st->is_terminal()) {
        const auto& s = static_cast<const ClumpState&>(*st);
        const std::array<std::int8_t, kMaxCells> board = board_of(s);
        label_board(*fresh, board.data(), n);
        for (int cell = 0; cell < n * n; ++cell)
          for (int d = 2; d < 4; ++d) {  // right and up: each pair once
            const int other = fresh->neighbour[cell][d];
            if (other == GroupScratch::kOffBoard || board[other] == board[cell]) continue;
            if (fresh->size[fresh->label[cell]] != 1 || fresh->size[fresh->label[other]] != 1) continue;
            INFO("size " << n << " game " << k << " ply " << s.plies() << " cell " << cell << " dir " << d);
            REQUIRE(evaluate_swap(*fresh, cell, d).legal());
            ++pairs;
          }
        st->apply(random_action(*st, rng, scratch));
      }
    }
  }
  CHECK(pairs > 10000);
}

}  // namespace clump_test

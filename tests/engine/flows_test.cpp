#include <algorithm>
#include <array>
#include <catch2/catch.hpp>
#include <iostream>
#include <set>
#include <sstream>

#include "engine/core/native_work.h"
#include "engine/core/perft.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/flows/flows_state.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace flows_test {

using namespace arena;
using namespace arena::flows;

namespace {

// ---------- obviously-correct reference: try every filling of the empty hexes ----------

std::vector<int> tile_pairings() {
  std::vector<int> v;
  for (int p = 0; p < kPairings; ++p)
    if (p != three_straights_pairing()) v.push_back(p);
  return v;
}

// Whether some filling of the empty hexes with tile pairings joins every axis in `need`
// at once (distinct) or joins `need`'s single axis.
bool brute_fill_joins(Board board, std::uint8_t need) {
  std::vector<int> empties;
  for (int c = 0; c < kCells; ++c)
    if (board.empty(c)) empties.push_back(c);
  static const std::vector<int> pairings = tile_pairings();
  std::vector<int> digit(empties.size(), 0);
  while (true) {
    for (size_t i = 0; i < empties.size(); ++i)
      board.pairing[empties[i]] = static_cast<std::int8_t>(pairings[digit[i]]);
    if ((joined_axes(board, need) & need) == need) return true;
    size_t i = 0;
    while (i < digit.size() && ++digit[i] == static_cast<int>(pairings.size())) digit[i++] = 0;
    if (i == digit.size()) return false;
  }
}

bool brute_routes_exist(const Board& board, std::uint8_t axes, Legality legality) {
  if (legality == Legality::kDistinct) return brute_fill_joins(board, axes);
  for (int a = 0; a < 3; ++a)
    if ((axes >> a & 1) && !brute_fill_joins(board, static_cast<std::uint8_t>(1u << a))) return false;
  return true;
}

std::vector<std::int32_t> brute_legal_placements(const Board& board, std::uint8_t axes, Legality legality,
                                                 int type) {
  std::vector<std::int32_t> out;
  const RotationList& rl = canonical_rotations(type);
  for (int c = 0; c < kCells; ++c) {
    if (!board.empty(c)) continue;
    for (int i = 0; i < rl.count; ++i) {
      Board next = board;
      next.pairing[c] = static_cast<std::int8_t>(tile_pairing(type, rl.rotation[i]));
      if (joined_axes(next, axes) || brute_routes_exist(next, axes, legality))
        out.push_back(c * 6 + rl.rotation[i]);
    }
  }
  return out;
}

// ---------- helpers ----------

int empty_count(const Board& b) {
  int n = 0;
  for (int c = 0; c < kCells; ++c) n += b.empty(c);
  return n;
}

// Board from the observation's "board" tokens: "." or "T1:3", cells a1..g4.
Board board_from(const std::string& text) {
  Board b;
  std::istringstream in(text);
  std::string tok;
  int c = 0;
  while (in >> tok) {
    REQUIRE(c < kCells);
    if (tok != ".") b.pairing[c] = static_cast<std::int8_t>(tile_pairing(tok[1] - '0', tok[3] - '0'));
    ++c;
  }
  REQUIRE(c == kCells);
  return b;
}

std::string board_text(const Board& b) {
  std::string s;
  for (int c = 0; c < kCells; ++c) {
    if (!s.empty()) s += ' ';
    if (b.empty(c)) {
      s += '.';
    } else {
      TileRotation tr = tile_of_pairing(b.pairing[c]);
      s += "T" + std::to_string(tr.type) + ":" + std::to_string(tr.rotation);
    }
  }
  return s;
}

std::unique_ptr<State> play(const Game& game, const std::string& moves) {
  auto s = game.new_initial_state();
  std::istringstream in(moves);
  std::string tok;
  while (in >> tok) s->apply(parse_or_throw(*s, tok));
  return s;
}

const FlowsState& fs(const State& s) { return static_cast<const FlowsState&>(s); }

// Positions at chance nodes of random games (legality as the game says).
// Every player count with its played axes (bit k: the axis through sides k and k+3).
constexpr std::pair<const char*, std::uint8_t> kEverySeating[] = {{"flows:players=2", 0b101},
                                                                  {"flows:players=3", 0b111},
                                                                  {"flows:players=4", 0b011},
                                                                  {"flows:players=5", 0b111},
                                                                  {"flows:players=6", 0b111}};

std::vector<Board> random_positions(const std::string& spec, int games, std::uint64_t seed,
                                    int max_empty = 37) {
  auto game = make_game(spec);
  std::vector<Board> out;
  std::vector<Move> scratch;
  for (int g = 0; g < games; ++g) {
    Rng rng(derive_seed(seed, g));
    auto s = game->new_initial_state();
    while (!s->is_terminal()) {
      if (s->is_chance() && empty_count(fs(*s).board()) <= max_empty) out.push_back(fs(*s).board());
      s->apply(random_action(*s, rng, scratch));
    }
  }
  return out;
}

// Fills all but `keep` random empty cells with random tile pairings, avoiding finished flows.
Board thin_out(Board b, int keep, std::uint8_t axes, Rng& rng) {
  static const std::vector<int> pairings = tile_pairings();
  for (int attempt = 0; attempt < 200; ++attempt) {
    Board t = b;
    std::vector<int> empties;
    for (int c = 0; c < kCells; ++c)
      if (t.empty(c)) empties.push_back(c);
    while (static_cast<int>(empties.size()) > keep) {
      size_t i = rng.below(empties.size());
      t.pairing[empties[i]] = static_cast<std::int8_t>(pairings[rng.below(pairings.size())]);
      empties.erase(empties.begin() + static_cast<long>(i));
    }
    if (!joined_axes(t, axes)) return t;
  }
  return b;
}

}  // namespace

// ================================ geometry ================================

TEST_CASE("flows geometry: 37 cells named a1..g4, row lengths 4..7..4", "[flows]") {
  CHECK(cell_name(0) == "a1");
  CHECK(cell_name(3) == "a4");
  CHECK(cell_name(18) == "d4");
  CHECK(cell_name(36) == "g4");
  CHECK(parse_cell("d4") == 18);
  CHECK(parse_cell("d7") == 21);
  CHECK(parse_cell("a5") == -1);
  CHECK(parse_cell("h1") == -1);
  CHECK(parse_cell("d0") == -1);
  CHECK(parse_cell("d44") == -1);
  for (int c = 0; c < kCells; ++c) CHECK(parse_cell(cell_name(c)) == c);
}

TEST_CASE("flows geometry: neighbours are symmetric, d4 is surrounded", "[flows]") {
  const Geometry& g = geometry();
  for (int c = 0; c < kCells; ++c)
    for (int s = 0; s < 6; ++s)
      if (g.neighbour[c][s] >= 0) CHECK(g.neighbour[g.neighbour[c][s]][opposite(s)] == c);
  // d4's neighbours clockwise from NE: c4, d5, e4, e3, d3, c3.
  const char* expected[6] = {"c4", "d5", "e4", "e3", "d3", "c3"};
  for (int s = 0; s < 6; ++s) CHECK(cell_name(g.neighbour[18][s]) == expected[s]);
  // b1's NE neighbour is a1, its SE neighbour c2.
  CHECK(cell_name(g.neighbour[parse_cell("b1")][0]) == "a1");
  CHECK(cell_name(g.neighbour[parse_cell("b1")][2]) == "c2");
}

TEST_CASE("flows geometry: 42 ports, 7 per side, corners go to the later side", "[flows]") {
  const Geometry& g = geometry();
  int per_side[6] = {}, total = 0;
  for (int c = 0; c < kCells; ++c)
    for (int s = 0; s < 6; ++s)
      if (g.neighbour[c][s] < 0) {
        ++per_side[g.port_owner[c][s]];
        ++total;
        // A port faces board side s or s+1 (board side k faces hex directions k-1 and k).
        int owner = g.port_owner[c][s];
        CHECK((owner == s || owner == (s + 1) % 6));
      }
  CHECK(total == 42);
  for (int k = 0; k < 6; ++k) CHECK(per_side[k] == 7);
  // Corner edges: a4's NE edge faces N and NE -> NE (1); a1's NW edge faces NW and N -> N (0);
  // d7's SE... d7's E edge faces NE and SE -> SE (2); g1's SW edge faces S and SW -> SW (4).
  CHECK(g.port_owner[parse_cell("a4")][0] == 1);
  CHECK(g.port_owner[parse_cell("a1")][5] == 0);
  CHECK(g.port_owner[parse_cell("d7")][1] == 2);
  CHECK(g.port_owner[parse_cell("g4")][2] == 3);
  CHECK(g.port_owner[parse_cell("g1")][3] == 4);
  CHECK(g.port_owner[parse_cell("d1")][4] == 5);
  // Non-corner edges of corner hexes stay with their own side.
  CHECK(g.port_owner[parse_cell("a4")][5] == 0);
  CHECK(g.port_owner[parse_cell("a4")][1] == 1);
  CHECK(g.port_owner[parse_cell("a1")][4] == 5);
  // Ports listed per side are that side's, all distinct.
  std::set<int> all;
  for (int k = 0; k < 6; ++k)
    for (int slot : g.ports[k]) {
      CHECK(g.port_owner[slot / 6][slot % 6] == k);
      all.insert(slot);
    }
  CHECK(all.size() == 42);
}

// ================================ tiles ================================

TEST_CASE("flows tiles: pairings at rotation 0 match the rulings", "[flows]") {
  auto pairs_of = [](int type, int rot) {
    std::set<std::pair<int, int>> p;
    const Mates& m = pairing_mates(tile_pairing(type, rot));
    for (int s = 0; s < 6; ++s) {
      CHECK(m[m[s]] == s);
      CHECK(m[s] != s);
      if (s < m[s]) p.insert({s, m[s]});
    }
    return p;
  };
  using P = std::set<std::pair<int, int>>;
  CHECK(pairs_of(0, 0) == P{{0, 2}, {3, 5}, {1, 4}});
  CHECK(pairs_of(1, 0) == P{{0, 1}, {2, 4}, {3, 5}});
  CHECK(pairs_of(2, 0) == P{{0, 1}, {3, 4}, {2, 5}});
  CHECK(pairs_of(3, 0) == P{{0, 1}, {2, 3}, {4, 5}});
  // Rotation adds r to every side.
  CHECK(pairs_of(1, 1) == P{{1, 2}, {3, 5}, {0, 4}});
  CHECK(pairs_of(3, 1) == P{{1, 2}, {3, 4}, {0, 5}});
}

TEST_CASE("flows tiles: canonical rotations dedupe equal pairings", "[flows]") {
  // T0 and T2 repeat after 3 steps, T3 after 2, T1 never.
  CHECK(canonical_rotations(0).count == 3);
  CHECK(canonical_rotations(1).count == 6);
  CHECK(canonical_rotations(2).count == 3);
  CHECK(canonical_rotations(3).count == 2);
  CHECK(canonical_rotation(0, 3) == 0);
  CHECK(canonical_rotation(0, 5) == 2);
  CHECK(canonical_rotation(1, 3) == 3);
  CHECK(canonical_rotation(2, 4) == 1);
  CHECK(canonical_rotation(3, 4) == 0);
  CHECK(canonical_rotation(3, 5) == 1);
  // Every rotation maps to a canonical one with the same pairing; the 14 tile pairings are
  // distinct and are all pairings but the three straights.
  std::set<int> seen;
  for (int t = 0; t < kTileTypes; ++t) {
    for (int r = 0; r < 6; ++r) {
      CHECK(tile_pairing(t, canonical_rotation(t, r)) == tile_pairing(t, r));
      CHECK(canonical_rotation(t, r) <= r);
    }
    const RotationList& rl = canonical_rotations(t);
    for (int i = 0; i < rl.count; ++i) {
      seen.insert(tile_pairing(t, rl.rotation[i]));
      TileRotation back = tile_of_pairing(tile_pairing(t, rl.rotation[i]));
      CHECK(back.type == t);
      CHECK(back.rotation == rl.rotation[i]);
    }
  }
  CHECK(seen.size() == 14);
  CHECK(seen.count(three_straights_pairing()) == 0);
  CHECK(pairing_mates(three_straights_pairing()) == Mates{3, 4, 5, 0, 1, 2});
}

// ================================ flows ================================

TEST_CASE("flows tracing: a straight line of tiles joins N to S", "[flows]") {
  // T2 at rotation 1 joins sides 1-2, 4-5 and 0-3 (NE-SW straight). A column of cells
  // linked NE-SW: a1? Use the NW-SE straight instead: T0 rot 0 has 1-4 (E-W); T2 rot 2
  // has 2-3, 5-0 and 1-4... find the straight through sides 5 and 2 (NW-SE): T0 rot 1.
  const Mates& m = pairing_mates(tile_pairing(0, 1));
  REQUIRE(m[2] == 5);
  // Row d holds E-W straights (T0 rot 0: 1-4): sides 5 (NW) ... join SW(4)? d1's W edge
  // belongs to side 5 (NW), d7's E edge to side 2 (SE): axis 2.
  Board b;
  for (int col = 1; col <= 7; ++col)
    b.pairing[parse_cell("d" + std::to_string(col))] = static_cast<std::int8_t>(tile_pairing(0, 0));
  CHECK(joined_axes(b, 0b111) == 0b100);
  CHECK(joined_axes(b, 0b011) == 0);
  // Trace from d1's W edge inward ends at d7's E port (side 2).
  int end = trace(b, parse_cell("d1"), pairing_mates(b.pairing[parse_cell("d1")])[4]);
  CHECK(is_port_end(end));
  CHECK(port_end_owner(end) == 2);
  // Remove d4: tracing stops at d4's W side.
  b.pairing[18] = kNoTile;
  CHECK(joined_axes(b, 0b111) == 0);
  CHECK(trace(b, parse_cell("d1"), 1) == 18 * 6 + 4);
}

// ================================ legality solver ================================

TEST_CASE("flows legality: the solver agrees with brute force on positions with few empty hexes", "[flows]") {
  RouteSolver solver;
  const std::pair<const char*, std::uint8_t> setups[] = {{"flows:players=2", 0b101},
                                                         {"flows:players=3", 0b111},
                                                         {"flows:players=4", 0b011},
                                                         {"flows:players=6", 0b111}};
  int agree[2][2] = {};  // [legality][exists]
  RouteSolver sat_only;  // no search budget: every exact question goes to the SAT solver
  sat_only.set_search_budget(0);
  Rng rng(11);
  for (auto [spec, axes] : setups) {
    auto positions = random_positions(spec, axes == 0b111 ? 1 : 2, 5);
    for (size_t i = 0; i < positions.size(); i += 3) {
      int keep = 1 + static_cast<int>(rng.below(4));  // 1..4 empty hexes
      Board b = thin_out(positions[i], keep, axes, rng);
      if (joined_axes(b, axes)) continue;
      for (Legality leg : {Legality::kDistinct, Legality::kIndependent}) {
        bool expected = brute_routes_exist(b, axes, leg);
        INFO(spec << " board " << board_text(b));
        CHECK(solver.routes_exist(b, axes, leg) == expected);
        CHECK(solver.routes_exist_exact(b, axes, leg) == expected);
        CHECK(sat_only.routes_exist_exact(b, axes, leg) == expected);
        ++agree[static_cast<int>(leg)][expected];
      }
    }
  }
  // Both answers occur, so the comparison means something.
  CHECK(agree[0][0] > 5);
  CHECK(agree[0][1] > 5);
  CHECK(agree[1][1] > 5);
}

TEST_CASE("flows legality: legal placements agree with brute force", "[flows]") {
  RouteSolver solver;
  const std::pair<const char*, std::uint8_t> setups[] = {{"flows:players=2", 0b101},
                                                         {"flows:players=3", 0b111},
                                                         {"flows:players=4", 0b011},
                                                         {"flows:players=6", 0b111}};
  RouteSolver sat_only;
  sat_only.set_search_budget(0);
  Rng rng(12);
  int compared = 0, with_illegal = 0;
  std::vector<std::int32_t> fast;
  for (auto [spec, axes] : setups) {
    auto positions = random_positions(spec, 1, 9);
    for (size_t i = 0; i < positions.size(); i += 5) {
      Board b = thin_out(positions[i], 2 + static_cast<int>(rng.below(3)), axes, rng);  // 2..4 empty
      if (joined_axes(b, axes)) continue;
      for (Legality leg : {Legality::kDistinct, Legality::kIndependent})
        for (int type = 0; type < kTileTypes; ++type) {
          auto expected = brute_legal_placements(b, axes, leg, type);
          solver.legal_placements(b, axes, leg, type, fast);
          INFO(spec << " type " << type << " board " << board_text(b));
          CHECK(fast == expected);
          // Without search every open placement is settled by the shared SAT refutation.
          sat_only.legal_placements(b, axes, leg, type, fast);
          CHECK(fast == expected);
          ++compared;
          if (static_cast<int>(expected.size()) < empty_count(b) * canonical_rotations(type).count)
            ++with_illegal;
        }
    }
  }
  CHECK(compared > 50);
  CHECK(with_illegal > 10);
}

TEST_CASE("flows legality: the fast path agrees with the exact search on open positions", "[flows]") {
  RouteSolver fast_solver, exact_solver;
  const std::pair<const char*, std::uint8_t> setups[] = {{"flows:players=2", 0b101},
                                                         {"flows:players=3", 0b111},
                                                         {"flows:players=4", 0b011},
                                                         {"flows:players=6", 0b111}};
  Rng rng(13);
  int exists[2] = {};
  for (auto [spec, axes] : setups) {
    auto positions = random_positions(spec, 1, 21);
    for (size_t i = 0; i < positions.size(); i += 6) {
      Board b = thin_out(positions[i], 5 + static_cast<int>(rng.below(5)), axes, rng);  // 5..9 empty
      if (joined_axes(b, axes)) continue;
      bool f = fast_solver.routes_exist(b, axes, Legality::kDistinct);
      bool e = exact_solver.routes_exist_exact(b, axes, Legality::kDistinct);
      INFO(spec << " board " << board_text(b));
      CHECK(f == e);
      ++exists[e];
      // And on every placement of every tile type.
      std::vector<std::int32_t> moves;
      const RotationList& rl = canonical_rotations(static_cast<int>(i % 4));
      fast_solver.legal_placements(b, axes, Legality::kDistinct, static_cast<int>(i % 4), moves);
      for (int c = 0; c < kCells; ++c) {
        if (!b.empty(c)) continue;
        for (int k = 0; k < rl.count; ++k) {
          Board next = b;
          next.pairing[c] = static_cast<std::int8_t>(tile_pairing(static_cast<int>(i % 4), rl.rotation[k]));
          bool legal =
              joined_axes(next, axes) || exact_solver.routes_exist_exact(next, axes, Legality::kDistinct);
          bool listed = std::find(moves.begin(), moves.end(), c * 6 + rl.rotation[k]) != moves.end();
          CHECK(legal == listed);
        }
      }
    }
  }
  CHECK(exists[0] > 0);
  CHECK(exists[1] > 0);
}

// Positions from random 3-player games (flows_bench --games=10 --dump-slow=MS, seed 2026)
// whose legal placements once took the solver seconds (others took a minute and more and
// would slow the suite down too much), each with the list the earlier
// solver (a fresh SAT encoding per placement) computed for it.
TEST_CASE("flows legality: positions that were slow keep their legal placements", "[flows]") {
  struct Pinned {
    int tile;
    std::array<std::int8_t, kCells> board;
    std::vector<std::int32_t> moves;
  };
  const Pinned pinned[] = {
      {1,
       {6,  -1, 6, 8, -1, -1, 0, 10, 8, 9, 4,  0,  3, 13, 14, -1, -1, -1, 5,
        -1, 0,  3, 6, -1, 6,  8, 4,  6, 8, -1, -1, 6, 1,  -1, 14, 12, -1},
       {6,   7,   8,   9,   10,  11,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33,  34,
        35,  90,  91,  92,  93,  94,  95,  96,  98,  99,  100, 101, 103, 104, 105, 107, 115,
        118, 140, 141, 142, 174, 177, 180, 181, 182, 185, 198, 201, 202, 216, 221}},  // 11319 ms before
      {0,
       {6,  9, 6, 8, -1, -1, 0, 10, 8, 9, 4,  0,  3, 13, 14, -1, -1, -1, 5,
        -1, 0, 3, 6, -1, 6,  8, 4,  6, 8, -1, -1, 6, 1,  -1, 14, 12, -1},
       {24,  25,  26,  30,  31,  32,  90,  91,  92,  96,  97, 98,
        102, 103, 104, 114, 115, 139, 174, 176, 181, 182, 198}},  // 2028 ms before
  };
  RouteSolver solver;
  std::vector<std::int32_t> moves;
  for (const Pinned& p : pinned) {
    Board b;
    b.pairing = p.board;
    solver.legal_placements(b, 0b111, Legality::kDistinct, p.tile, moves);
    INFO("board " << board_text(b) << " tile " << p.tile);
    CHECK(moves == p.moves);
    // Most placements are illegal there, so the refutations are what is being checked.
    CHECK(moves.size() < static_cast<std::size_t>(empty_count(b) * canonical_rotations(p.tile).count));
  }
}

// The slowest positions of flows_bench --games=40 (seed 2026) before the cut check stopped
// letting flow pass through board sides and few open placements were swept one by one, each
// with the list the earlier solver (whole-board sweep, search and SAT past its limit)
// computed for it; the search+SAT path must agree as well.
TEST_CASE("flows legality: the slowest benchmark positions keep their legal placements", "[flows]") {
  struct Pinned {
    std::uint8_t axes;
    int tile;
    std::array<std::int8_t, kCells> board;
    std::vector<std::int32_t> moves;
  };
  const Pinned pinned[] = {
      // 2 players: a4 becomes a dead end (two N ports, four NE ports) after c6; the old cut check let flow
      // cross the NE side, and the sweep overflowed to search+SAT, 119 ms.
      {0b101,
       2,
       {0,  11, 0,  -1, -1, -1, -1, 1, 10, 13, -1, -1, 4,  -1, -1, -1, 6, -1, -1,
        -1, -1, -1, 0,  2,  -1, -1, 6, -1, -1, -1, -1, 13, -1, 0,  -1, 9, 5},
       {18,  24,  25,  26,  30,  31,  32,  36,  37,  38,  60,  61,  62,  66,  67,  68,
        78,  79,  80,  84,  85,  90,  91,  92,  102, 103, 104, 108, 109, 110, 114, 115,
        116, 120, 121, 122, 126, 127, 128, 144, 145, 146, 150, 151, 152, 162, 163, 164,
        168, 169, 170, 174, 175, 176, 180, 181, 182, 192, 193, 194, 204, 205, 206}},
      // 3 players: four open placements the old cut check passed, 121,405 sweep states, 96 ms.
      {0b111,
       0,
       {8,  -1, 12, -1, -1, 14, -1, -1, 9, -1, 0, -1, -1, -1, -1, -1, -1, -1, 8,
        -1, -1, 10, 6,  12, -1, -1, -1, 6, 0,  6, 13, 14, -1, 10, -1, -1, -1},
       {6,   7,   8,   18,  19,  20,  24,  25,  26,  36,  37,  38,  42,  43,  44,  54,
        55,  56,  66,  67,  68,  72,  73,  74,  78,  79,  80,  86,  90,  91,  92,  96,
        97,  98,  102, 103, 104, 114, 115, 116, 120, 121, 122, 144, 145, 146, 150, 151,
        152, 156, 157, 158, 192, 204, 205, 206, 210, 211, 212, 216, 217, 218}},
      // 3 players: one open placement the old cut check passed, 122,781 sweep states, 88 ms.
      {0b111,
       1,
       {14, -1, -1, 14, -1, -1, -1, -1, 14, 12, 8,  4, 8, -1, 9, -1, -1, -1, -1,
        14, 12, 10, -1, -1, -1, -1, 8,  -1, -1, -1, 0, 8, 3,  4, 2,  12, 13},
       {6,   7,   8,   9,   10,  11,  12,  13,  14,  15,  16,  17,  24,  25,  26,  27,  28,  29,
        30,  31,  32,  33,  34,  35,  36,  37,  38,  39,  40,  41,  42,  43,  44,  45,  46,  47,
        78,  79,  80,  81,  82,  83,  90,  91,  92,  93,  94,  95,  96,  97,  98,  99,  100, 101,
        102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 132, 133, 134, 135, 136, 137,
        138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 155, 162,
        163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179}},
      // 3 players: 14 open placements, most legal: the sweep of the whole board settles them.
      {0b111,
       3,
       {0,  -1, 8,  -1, 8,  2,  9,  -1, -1, -1, -1, -1, 10, -1, 14, -1, 11, 14, 0,
        -1, 10, -1, 0,  12, 10, -1, 2,  9,  12, -1, -1, 14, 2,  1,  -1, -1, -1},
       {7,   19,  42,  43,  48,  49,  54,  55,  60,  61,  67,  78,  91,  115,
        126, 127, 150, 151, 174, 175, 180, 181, 204, 205, 210, 211, 216, 217}},
      // 3 players: one open placement, legal: 112,595 states for the whole board, 2,933 after the placement.
      {0b111,
       3,
       {14, -1, 14, 14, 3,  -1, -1, -1, 14, 12, 8,  4, 8, -1, 9, -1, -1, -1, -1,
        14, 12, 10, -1, -1, -1, -1, 8,  -1, -1, -1, 0, 8, 3,  4, 2,  12, 13},
       {30,  31,  36,  37,  42,  43,  78,  79,  90,  91,  96,  97,  102, 103, 108,
        109, 132, 133, 138, 139, 144, 145, 151, 162, 163, 168, 169, 174, 175}},
  };
  RouteSolver solver, reference;
  reference.set_sweep_limit(0);
  std::vector<std::int32_t> moves, slow;
  for (const Pinned& p : pinned) {
    Board b;
    b.pairing = p.board;
    solver.legal_placements(b, p.axes, Legality::kDistinct, p.tile, moves);
    reference.legal_placements(b, p.axes, Legality::kDistinct, p.tile, slow);
    INFO("board " << board_text(b) << " tile " << p.tile);
    CHECK(moves == p.moves);
    CHECK(slow == p.moves);
    CHECK(moves.size() < static_cast<std::size_t>(empty_count(b) * canonical_rotations(p.tile).count));
  }
}

// Not a test: prints small positions where the two legality rules disagree (run with
// arena_tests "[.flows-find]"); the hand-checked ones are pinned in the tests below.
TEST_CASE("flows: find positions where distinct and independent disagree", "[.flows-find]") {
  RouteSolver solver;
  Rng rng(99);
  int found = 0;
  for (auto [spec, axes] : {std::pair<const char*, std::uint8_t>{"flows:players=2", 0b101},
                            {"flows:players=3", 0b111},
                            {"flows:players=4", 0b011}}) {
    auto positions = random_positions(spec, 20, 3);
    for (size_t i = 0; i < positions.size() && found < 12; ++i) {
      Board b = thin_out(positions[i], 1 + static_cast<int>(rng.below(2)), axes, rng);
      if (joined_axes(b, axes)) continue;
      if (brute_routes_exist(b, axes, Legality::kIndependent) &&
          !brute_routes_exist(b, axes, Legality::kDistinct)) {
        std::cout << spec << " | " << board_text(b) << "\n";
        ++found;
      }
    }
  }
}

// ================================ distinct vs independent ================================

// Found by the finder above, re-checked by brute force here: each player alone can still
// reach the far side, but not both at once.
TEST_CASE("flows legality: positions where distinct and independent disagree", "[flows]") {
  const char* boards[] = {
      "T0:2 T2:1 T1:2 T1:3 T3:1 T3:1 T1:5 T0:2 T3:0 T2:0 T2:2 T3:0 T2:0 . T3:0 T2:2 T1:3 T3:0 T0:2 T3:1 T0:0 "
      "T2:0 "
      "T1:2 T1:2 T1:2 T3:1 T2:2 . T2:0 T0:0 T1:0 T0:0 T3:1 T1:0 T3:0 T2:0 T2:0",
      "T0:2 T0:1 T2:1 T1:4 T2:0 T2:0 T1:2 T3:1 T3:1 T3:0 T1:1 . T0:1 T2:1 T0:1 T2:2 . T0:2 T3:1 T0:1 T0:2 "
      "T2:1 T3:1 "
      "T0:1 T2:1 T0:1 T2:2 T1:1 T1:1 T1:4 T0:1 T3:1 T0:2 T3:1 T1:2 T1:5 T2:2",
      ". T3:0 T2:0 T0:2 T0:1 T0:2 T1:4 T3:0 T2:2 T2:1 T0:0 T2:1 T1:4 T3:1 T0:1 T1:3 T1:1 T3:0 T2:1 T2:0 T0:1 "
      "T2:0 "
      "T3:0 T0:1 . T1:3 T1:4 T1:5 T1:3 T1:5 T0:2 T1:2 T1:3 T0:2 T2:0 T1:3 T3:1"};
  RouteSolver solver;
  const std::uint8_t axes = 0b101;  // 2 players on sides 0 and 2
  for (const char* text : boards) {
    Board b = board_from(text);
    INFO(text);
    CHECK(brute_routes_exist(b, axes, Legality::kIndependent));
    CHECK_FALSE(brute_routes_exist(b, axes, Legality::kDistinct));
    CHECK(solver.routes_exist(b, axes, Legality::kIndependent));
    CHECK_FALSE(solver.routes_exist(b, axes, Legality::kDistinct));
    CHECK_FALSE(solver.routes_exist_exact(b, axes, Legality::kDistinct));
  }
}

TEST_CASE("flows legality: placements the two rules judge differently", "[flows]") {
  // The position before the first disagreement above: fill one of its two holes back in
  // and ask which placements each rule allows there.
  Board full = board_from(
      "T0:2 T2:1 T1:2 T1:3 T3:1 T3:1 T1:5 T0:2 T3:0 T2:0 T2:2 T3:0 T2:0 . T3:0 T2:2 T1:3 T3:0 T0:2 T3:1 T0:0 "
      "T2:0 "
      "T1:2 T1:2 T1:2 T3:1 T2:2 . T2:0 T0:0 T1:0 T0:0 T3:1 T1:0 T3:0 T2:0 T2:0");
  REQUIRE(full.empty(parse_cell("c5")));
  REQUIRE(full.empty(parse_cell("e6")));
  Board b = full;
  b.pairing[parse_cell("b5")] = kNoTile;  // three holes: b5, c5, e6
  RouteSolver solver;
  int differ = 0;
  for (int type = 0; type < kTileTypes; ++type) {
    std::vector<std::int32_t> d, i;
    solver.legal_placements(b, 0b101, Legality::kDistinct, type, d);
    solver.legal_placements(b, 0b101, Legality::kIndependent, type, i);
    CHECK(d == brute_legal_placements(b, 0b101, Legality::kDistinct, type));
    CHECK(i == brute_legal_placements(b, 0b101, Legality::kIndependent, type));
    // distinct is stricter: everything it allows, independent allows too.
    for (auto m : d) CHECK(std::find(i.begin(), i.end(), m) != i.end());
    differ += static_cast<int>(i.size() - d.size());
  }
  CHECK(differ > 0);
}

// ================================ seating and spec ================================

TEST_CASE("flows seating: defaults, teams and turn order", "[flows]") {
  struct Case {
    int players;
    std::vector<int> sides, teams, cycle;
    std::uint8_t axes;
  };
  const Case cases[] = {
      {2, {0, 2}, {0, 1}, {1, 2}, 0b101},
      {3, {0, 2, 4}, {0, 1, 2}, {1, 2, 3}, 0b111},
      {4, {0, 1, 3, 4}, {0, 1, 0, 1}, {1, 2, 3, 4}, 0b011},
      {5, {0, 1, 2, 3, 4}, {0, 1, 2, 0, 1}, {1, 2, 3, 4, 5, 3}, 0b111},
      {6, {0, 1, 2, 3, 4, 5}, {0, 1, 2, 0, 1, 2}, {1, 2, 3, 4, 5, 6}, 0b111},
  };
  for (const Case& c : cases) {
    Seating st = make_seating(c.players, "default");
    CHECK(st.side_of_seat == c.sides);
    CHECK(st.team_of_seat == c.teams);
    CHECK(st.turn_cycle == c.cycle);
    CHECK(st.axes == c.axes);
    auto game = make_game("flows:players=" + std::to_string(c.players));
    CHECK(game->num_players() == c.players);
    CHECK(game->spec() == "flows:players=" + std::to_string(c.players) + ",legality=distinct,sides=default");
  }
}

TEST_CASE("flows spec: sides= is validated and canonical", "[flows]") {
  // The default seating spelled out is still "default"; others stay explicit.
  CHECK(make_game("flows:players=3,sides=0-2-4")->spec() ==
        "flows:players=3,legality=distinct,sides=default");
  CHECK(make_game("flows:players=3,sides=2-4-0")->spec() == "flows:players=3,legality=distinct,sides=2-4-0");
  CHECK(make_game("flows:sides=1-2")->spec() == "flows:players=2,legality=distinct,sides=1-2");
  CHECK(make_game("flows:players=4,sides=1-2-4-5")->spec() ==
        "flows:players=4,legality=distinct,sides=1-2-4-5");
  CHECK(make_game("flows:legality=independent")->spec() ==
        "flows:players=2,legality=independent,sides=default");
  auto rejects = [](const std::string& spec, const std::string& part) {
    INFO(spec);
    try {
      make_game(spec);
      FAIL("accepted");
    } catch (const SpecError& e) {
      INFO(e.what());
      CHECK(std::string(e.what()).find(part) != std::string::npos);
    }
  };
  rejects("flows:sides=0-3", "face each other");              // 2p: a solo must face a black side
  rejects("flows:players=3,sides=0-1-3", "face each other");  // 3p likewise
  rejects("flows:players=4,sides=0-1-2-3", "team play");      // 4p: everyone needs a partner
  rejects("flows:sides=0-2-4", "lists 3 sides");
  rejects("flows:sides=0-0", "twice");
  rejects("flows:players=3,sides=0-4-2", "clockwise");
  rejects("flows:sides=0-6", "0..5");
  rejects("flows:sides=x", "0..5");
  rejects("flows:sides=0--2", "0..5");
  rejects("flows:players=7", "players");
  rejects("flows:legality=loose", "legality");
  // A custom 5-player seating gives the solo (side 3, facing black side 0) the extra turn.
  Seating st = make_seating(5, "1-2-3-4-5");
  CHECK(st.turn_cycle == std::vector<int>{1, 2, 3, 4, 5, 3});
  CHECK(st.team_of_seat == std::vector<int>{0, 1, 2, 0, 1});
}

// Every seating of every player count: Game::team_of pairs exactly the seats on opposite
// sides (the partnerships every schedule, adjudication and rating takes from it), and the
// results of a random game carry the same teams.
TEST_CASE("flows seating: team_of is the partnership of every seating", "[flows][contract]") {
  std::vector<Move> scratch;
  for (int players = 2; players <= 6; ++players) {
    std::vector<int> sides(6);
    for (int i = 0; i < 6; ++i) sides[i] = i;
    std::set<std::string> seatings;
    do {  // every ordered choice of `players` distinct sides; make_game keeps the valid ones
      std::string text;
      for (int i = 0; i < players; ++i) text += (i ? "-" : "") + std::to_string(sides[i]);
      seatings.insert(text);
    } while (std::next_permutation(sides.begin(), sides.end()));
    int valid = 0;
    for (const std::string& text : seatings) {
      std::unique_ptr<Game> game;
      try {
        game = make_game("flows:players=" + std::to_string(players) + ",sides=" + text);
      } catch (const SpecError&) {
        continue;
      }
      ++valid;
      INFO(game->spec());
      const Seating& st = static_cast<const FlowsGame&>(*game).seating();
      for (int a = 1; a <= players; ++a)
        for (int b = 1; b <= players; ++b)
          CHECK((game->team_of(a) == game->team_of(b)) ==
                (a == b || (st.side_of_seat[a - 1] + 3) % 6 == st.side_of_seat[b - 1]));
      Rng rng(static_cast<std::uint64_t>(valid * 7 + players));
      auto s = game->new_initial_state();
      while (!s->is_terminal()) s->apply(random_action(*s, rng, scratch));
      const auto r = s->results();
      for (int seat = 1; seat <= players; ++seat) CHECK(r[seat - 1].team == game->team_of(seat));
    }
    INFO(players << " players");
    CHECK(valid > 0);
  }
}

// ================================ play ================================

TEST_CASE("flows play: chance draws, notation, normalised rotations, errors", "[flows]") {
  auto game = make_game("flows");
  auto s = game->new_initial_state();
  CHECK(s->is_chance());
  auto outcomes = s->chance_outcomes();
  REQUIRE(outcomes.size() == 4);
  for (auto& [m, p] : outcomes) CHECK(p == Approx(0.25));
  CHECK(s->parse_move("x").status == ParsedMove::Status::kUnparseable);
  s->apply(parse_or_throw(*s, "T0"));
  CHECK(s->current_player() == 1);
  CHECK(s->legal_moves().size() == 37 * 3);
  // T0 at rotation 3 is T0 at rotation 0.
  ParsedMove p = s->parse_move("d4:3");
  REQUIRE(p.ok());
  CHECK(s->move_to_string(p.move) == "d4:0");
  CHECK(s->parse_move("T0@d4:5").ok());
  CHECK(s->move_to_string(s->parse_move("T0@d4:5").move) == "d4:2");
  CHECK(s->parse_move("T1@d4:0").status == ParsedMove::Status::kIllegal);
  CHECK(s->parse_move("h4:0").status == ParsedMove::Status::kUnparseable);
  CHECK(s->parse_move("d4:6").status == ParsedMove::Status::kUnparseable);
  CHECK(s->parse_move("d4").status == ParsedMove::Status::kUnparseable);
  CHECK(s->parse_move("T9@d4:1").status == ParsedMove::Status::kUnparseable);
  // Hidden draw: only the mover sees it; the placement reveals it to everyone.
  auto s2 = game->new_initial_state();
  Move draw = parse_or_throw(*s2, "T2");
  CHECK(s2->action_view(1, draw) == "T2");
  CHECK(s2->action_view(2, draw) == "?");
  s2->apply(draw);
  CHECK(s2->observation(1).find("tile T2") != std::string::npos);
  CHECK(s2->observation(2).find("tile ?") != std::string::npos);
  CHECK(s2->observation(2).find("T2") == std::string::npos);
  Move place = parse_or_throw(*s2, "a1:4");  // T2 repeats every 3 rotations: a1:1
  CHECK(s2->move_to_string(place) == "a1:1");
  CHECK(s2->action_view(2, place) == "T2@a1:1");
  s2->apply(place);
  CHECK(s2->is_chance());
  CHECK(s2->observation(2).find("board T2:1 .") != std::string::npos);
  CHECK(s2->observation(2).find("unplaced 10 10 9 10") != std::string::npos);
  CHECK(s2->parse_move("T2").ok());
  auto again = s2->clone();
  again->apply(parse_or_throw(*again, "T1"));
  CHECK(again->parse_move("a1:0").status == ParsedMove::Status::kIllegal);  // taken
  CHECK(again->parse_move("a1:0").error.find("already holds") != std::string::npos);
  CHECK(game->hidden_information());
}

TEST_CASE("flows play: a team joins its two sides (4 players)", "[flows]") {
  // T0 at rotation 1 joins NW and SE (5-2): the diagonal a1 b2 c3 d4 e4 f4 g4 joins
  // side 0 (a1's NW edge) to side 3 (g4's SE edge): team (0,3) = seats 1 and 3.
  auto game = make_game("flows:players=4");
  std::string moves;
  for (const char* cell : {"a1", "b2", "c3", "d4", "e4", "f4", "g4"})
    moves += std::string("T0 ") + cell + ":1 ";
  auto s = play(*game, moves);
  REQUIRE(s->is_terminal());
  auto r = s->results();
  CHECK(r[0].rank == 1);
  CHECK(r[2].rank == 1);
  CHECK(r[1].rank == 2);
  CHECK(r[3].rank == 2);
  CHECK(r[0].team == 0);
  CHECK(r[2].team == 0);
  CHECK(r[1].team == 1);
  CHECK(r[3].team == 1);
  CHECK(r[0].score == 1);
  CHECK(r[1].score == 0);
  CHECK(s->observation(2).find("winners 1 3") != std::string::npos);
  // In a 2-player game the same line is a solo win for the player on side 0.
  auto two = make_game("flows");  // the game must outlive its states
  auto s2 = play(*two, moves);
  REQUIRE(s2->is_terminal());
  CHECK(s2->results()[0].rank == 1);
  CHECK(s2->results()[1].rank == 2);
}

TEST_CASE("flows play: two flows completed by one tile share the win", "[flows]") {
  // N-S: a1 b2 c3 (5-2 straights), d4 (5-3), e3 (0-2), f3 g3 (5-2) -> g3's SE edge, side 3.
  // NW-SE: d1..d7 along E-W (1-4) -> d1's W edge is side 5, d7's E edge side 2.
  // d4 gets T0 rotation 0 {0-2, 3-5, 1-4}: it completes both at once.
  auto game = make_game("flows");
  auto s =
      play(*game,
           "T0 a1:1 T0 b2:1 T0 c3:1 T0 f3:1 T0 g3:1 T0 e3:0 T2 d1:2 T2 d2:2 T2 d3:2 T2 d5:2 T2 d6:2 T2 d7:2");
  REQUIRE_FALSE(s->is_terminal());
  s->apply(parse_or_throw(*s, "T0"));
  s->apply(parse_or_throw(*s, "d4:0"));
  REQUIRE(s->is_terminal());
  CHECK(fs(*s).winning_axes() == 0b101);
  auto r = s->results();
  CHECK(r[0].rank == 1);
  CHECK(r[1].rank == 1);
}

TEST_CASE("flows play: 5 players, the solo takes the black side's turn", "[flows]") {
  auto game = make_game("flows:players=5");
  Rng rng(5);
  std::vector<Move> scratch;
  auto s = game->new_initial_state();
  std::vector<int> movers;
  while (!s->is_terminal() && movers.size() < 12) {
    if (!s->is_chance()) movers.push_back(s->current_player());
    s->apply(random_action(*s, rng, scratch));
  }
  REQUIRE(movers.size() >= 7);
  const int expected[] = {1, 2, 3, 4, 5, 3, 1, 2, 3, 4, 5, 3};
  for (size_t i = 0; i < movers.size(); ++i) CHECK(movers[i] == expected[i]);
  CHECK(s->results()[2].team == 2);  // the solo's own team
}

TEST_CASE("flows play: random games end for 2..6 players, unplayable tiles win for the holder", "[flows]") {
  std::vector<Move> scratch;
  int unplayable = 0;
  for (int players = 2; players <= 6; ++players) {
    auto game = make_game("flows:players=" + std::to_string(players));
    const auto& st = static_cast<const FlowsGame&>(*game).seating();
    for (int g = 0; g < (players == 2 || players == 4 ? 3 : 1); ++g) {
      Rng rng(derive_seed(77, static_cast<std::uint64_t>(players * 10 + g)));
      auto s = game->new_initial_state();
      int actions = 0, last_mover = 0;
      while (!s->is_terminal() && actions < game->max_game_length()) {
        if (s->is_chance()) last_mover = fs(*s).mover();
        s->apply(random_action(*s, rng, scratch));
        ++actions;
      }
      REQUIRE(s->is_terminal());
      auto r = s->results();
      REQUIRE(static_cast<int>(r.size()) == players);
      int first = 0;
      for (auto& x : r) first += x.rank == 1;
      CHECK(first >= 1);
      CHECK(first < players);
      for (int seat = 1; seat <= players; ++seat)
        for (int other = 1; other <= players; ++other)
          if (st.team_of_seat[seat - 1] == st.team_of_seat[other - 1])
            CHECK(r[seat - 1].rank == r[other - 1].rank);
      if (fs(*s).won_by_unplayable_tile()) {
        ++unplayable;
        // The holder's team won, and brute force confirms (when few hexes are left)
        // that the tile fit nowhere.
        CHECK(r[last_mover - 1].rank == 1);
        CHECK(s->history().back().actor == kChance);
        const Board& b = fs(*s).board();
        if (empty_count(b) <= 4)
          CHECK(brute_legal_placements(b, st.axes, Legality::kDistinct, s->history().back().move - kDrawBase)
                    .empty());
        CHECK(s->observation(1).find("end unplayable_tile") != std::string::npos);
      }
    }
  }
  CHECK(unplayable > 0);
}

TEST_CASE("flows perft: empty board and a recorded position", "[flows]") {
  auto game = make_game("flows");
  auto s = game->new_initial_state();
  CHECK(perft(*s, 1) == 4);
  CHECK(perft(*s, 2) == 37 * 14);  // every placement of every type is legal on an empty board
  CHECK(perft(*s, 3) == 37 * 14 * 4);
  auto six_game = make_game("flows:players=6");
  auto six = six_game->new_initial_state();
  CHECK(perft(*six, 2) == 37 * 14);
  // After two placements: 35 empty hexes, still nothing illegal; the supply lost a T1
  // and a T3 but every type is still drawable.
  auto p = play(*game, "T1 d4:3 T3 a1:1");
  CHECK(perft(*p, 1) == 4);
  CHECK(perft(*p, 2) == 35 * 14);
  auto div = perft_divide(*p, 2);
  REQUIRE(div.size() == 4);
  CHECK(div[0] == std::pair<std::string, std::uint64_t>{"T0", 35 * 3});
  CHECK(div[1] == std::pair<std::string, std::uint64_t>{"T1", 35 * 6});
  // Mid-placement (chance outcome included in the moves).
  auto q = play(*game, "T1 d4:3 T2");
  CHECK(perft(*q, 1) == 36 * 3);
}

// The frontier sweep (default) against the earlier exact path (bounded search per placement,
// then the shared SAT refutation) on thinned positions of random 2..6-player games.
TEST_CASE("flows legality: the frontier sweep agrees with search and SAT", "[flows]") {
  RouteSolver sweep, reference;
  reference.set_sweep_limit(0);
  Rng rng(14);
  int compared = 0, swept = 0, with_illegal = 0;
  std::vector<std::int32_t> fast, slow;
  for (auto [spec, axes] : kEverySeating) {
    auto positions = random_positions(spec, 1, 31);
    for (size_t i = 0; i < positions.size(); i += 4) {
      Board b = thin_out(positions[i], 6 + static_cast<int>(rng.below(7)), axes, rng);  // 6..12 empty
      if (joined_axes(b, axes)) continue;
      const int type = static_cast<int>(rng.below(kTileTypes));
      const long sweeps_before = sweep.stats().sweeps;
      sweep.legal_placements(b, axes, Legality::kDistinct, type, fast);
      reference.legal_placements(b, axes, Legality::kDistinct, type, slow);
      INFO(spec << " type " << type << " board " << board_text(b));
      CHECK(fast == slow);
      ++compared;
      swept += sweep.stats().sweeps > sweeps_before;
      with_illegal += static_cast<int>(slow.size()) < empty_count(b) * canonical_rotations(type).count;
    }
  }
  CHECK(compared > 30);
  CHECK(swept > 5);  // the sweep really settled placements
  CHECK(with_illegal > 5);
  CHECK(reference.stats().sweeps == 0);
}

// The SAT fallback is work the report page's engine cannot do (engine/core/native_work.h): each
// call counts, so the report embeds such a game's pictures instead of its record.
TEST_CASE("flows legality: the SAT fallback counts as work the page's engine lacks", "[flows]") {
  RouteSolver reference;
  reference.set_sweep_limit(0);  // search, then SAT for what it leaves open
  Rng rng(14);
  std::vector<std::int32_t> legal;
  const unsigned before = native_work_count();
  for (auto [spec, axes] : kEverySeating)
    for (const Board& position : random_positions(spec, 1, 31)) {
      const Board b = thin_out(position, 10, axes, rng);
      if (!joined_axes(b, axes)) reference.legal_placements(b, axes, Legality::kDistinct, 0, legal);
    }
  CHECK(native_work_count() > before);
}

// The same comparison on whole positions of random games (not thinned out): the sweep with
// its pruning of states that can no longer start or finish a route must list exactly what
// the search+SAT path lists, for 2..6 players.
TEST_CASE("flows legality: the pruned sweep agrees with search and SAT on game positions", "[flows]") {
  RouteSolver sweep, whole, reference;
  reference.set_sweep_limit(0);
  whole.set_placement_budget(0, 0);  // the whole-board sweep settles every open placement
  Rng rng(15);
  int compared = 0, with_illegal = 0;
  std::vector<std::int32_t> fast, slow, whole_board;
  for (auto [spec, axes] : kEverySeating) {
    for (const Board& b : random_positions(spec, 2, 16)) {
      if (joined_axes(b, axes)) continue;
      const int type = static_cast<int>(rng.below(kTileTypes));
      sweep.legal_placements(b, axes, Legality::kDistinct, type, fast);
      reference.legal_placements(b, axes, Legality::kDistinct, type, slow);
      whole.legal_placements(b, axes, Legality::kDistinct, type, whole_board);
      INFO(spec << " type " << type << " board " << board_text(b));
      CHECK(fast == slow);
      CHECK(whole_board == slow);
      ++compared;
      with_illegal += static_cast<int>(slow.size()) < empty_count(b) * canonical_rotations(type).count;
    }
  }
  CHECK(compared > 100);
  CHECK(with_illegal > 20);
  CHECK(sweep.stats().sweeps > 10);  // the sweep really settled placements
  // Both kinds: boards after a placement, and whole boards (placement budgets of 0).
  CHECK(sweep.stats().placement_sweeps > 0);
  CHECK(whole.stats().sweeps - whole.stats().placement_sweeps > 0);
  CHECK(reference.stats().sweeps == 0);
}

// A 3-player position a random playout reached where the legal placements took minutes in
// CaDiCaL (SAT had to prove b4:3 impossible: two routes must share the wires a3-a2-b2, which
// leaves the third no way north). The depth-first sweeps and the forced-wire check settle it
// in milliseconds; 130 is the count of an unbounded whole-board sweep of the same board.
TEST_CASE("flows legality: the position that hung in SAT is settled by the sweeps", "[flows]") {
  auto game = make_game("flows:players=3");
  auto s = game->new_initial_state();
  std::istringstream moves(
      "T1 e2:0 T2 d5:1 T2 g3:1 T1 b5:5 T2 b3:2 T3 f1:0 T3 a1:1 T3 e6:0 T1 c3:5 T3 f4:1 T2 e4:1 T2 c5:0 "
      "T1 d7:2 T0 a4:2 T1 f3:2 T1");
  for (std::string m; moves >> m;) s->apply(parse_or_throw(*s, m));
  const auto legal = s->legal_moves();
  CHECK(legal.size() == 130);
  std::vector<std::string> names;
  for (Move m : legal) names.push_back(s->move_to_string(m));
  CHECK(std::find(names.begin(), names.end(), "b4:3") == names.end());  // refuted
  CHECK(std::find(names.begin(), names.end(), "a2:3") != names.end());
  CHECK(std::find(names.begin(), names.end(), "b2:2") != names.end());
}

}  // namespace flows_test

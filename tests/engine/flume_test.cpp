// Flume rules (issue 2, docs/rules/flume.md). The engine is checked against a second,
// deliberately naive implementation of the rules written below from the text.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "engine/flume/flume_state.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace flume_test {

using namespace arena;
using namespace arena::flume;

namespace {

std::unique_ptr<Game> flume_game(int size, bool early_end = false) {
  return make_game("flume:size=" + std::to_string(size) + (early_end ? ",early_end=true" : ""));
}

const FlumeGame& as_flume(const Game& g) { return static_cast<const FlumeGame&>(g); }

std::string spec_error(const std::string& spec) {
  try {
    make_game(spec);
  } catch (const SpecError& e) {
    return e.what();
  }
  return "no error";
}

std::vector<std::string> engine_legal(const State& s) {
  std::vector<std::string> out;
  for (Move m : s.legal_moves()) out.push_back(s.move_to_string(m));
  return out;
}

void play(State& s, std::initializer_list<const char*> moves) {
  for (const char* m : moves) s.apply(parse_or_throw(s, m));
}

// ---------------------------------------------------------------------------------------
// The reference: a (size+2)^2 character grid whose outer ring is '#' (the border stones),
// rules spelled out from the text. Slow and obvious on purpose.
struct RefFlume {
  int n;
  bool early_end;
  std::vector<std::string> grid;  // grid[y][x], y = 0 is the bottom border row
  char mover = 'R';
  bool red_placed = false, blue_acted = false, over = false;

  RefFlume(int size, bool early) : n(size), early_end(early) {
    grid.assign(n + 2, std::string(n + 2, '#'));
    for (int y = 1; y <= n; ++y)
      for (int x = 1; x <= n; ++x) grid[y][x] = '.';
  }
  std::string name(int x, int y) const {
    return std::string(1, static_cast<char>('a' + x - 1)) + std::to_string(y);
  }
  int count(char colour) const {
    int k = 0;
    for (const auto& row : grid) k += static_cast<int>(std::count(row.begin(), row.end(), colour));
    return k;
  }
  std::vector<std::string> legal() const {
    std::vector<std::string> out;
    if (over) return out;
    for (int y = 1; y <= n; ++y)
      for (int x = 1; x <= n; ++x) {
        bool centre = x == (n + 1) / 2 && y == (n + 1) / 2;
        if (grid[y][x] == '.' && !(centre && mover == 'R' && !red_placed)) out.push_back(name(x, y));
      }
    if (mover == 'B' && !blue_acted) out.push_back("swap");
    return out;
  }
  void apply(const std::string& move) {
    if (move == "swap") {
      for (auto& row : grid)
        for (char& ch : row)
          if (ch == 'R') ch = 'B';
      blue_acted = true;
      mover = 'R';
      return;
    }
    int x = move[0] - 'a' + 1, y = std::stoi(move.substr(1));
    grid[y][x] = mover;
    if (mover == 'R') red_placed = true;
    if (mover == 'B') blue_acted = true;
    int occupied =
        (grid[y - 1][x] != '.') + (grid[y + 1][x] != '.') + (grid[y][x - 1] != '.') + (grid[y][x + 1] != '.');
    bool full = count('.') == 0;
    bool majority = early_end && (2 * count('R') > n * n || 2 * count('B') > n * n);
    if (full || majority) {
      over = true;
      return;
    }
    if (occupied < 3) mover = mover == 'R' ? 'B' : 'R';
  }
};

std::uint64_t ref_perft(const RefFlume& s, int depth) {
  auto moves = s.legal();
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const auto& m : moves) {
    RefFlume next = s;
    next.apply(m);
    total += ref_perft(next, depth - 1);
  }
  return total;
}

}  // namespace

// ---------------------------------------------------------------------------------------

TEST_CASE("flume: spec size is odd, 5..25, default 7, early_end defaults to false", "[flume]") {
  CHECK(make_game("flume")->spec() == "flume:size=7,early_end=false");
  CHECK(make_game("flume:early_end=true,size=9")->spec() == "flume:size=9,early_end=true");
  CHECK(make_game("flume:size=25")->spec() == "flume:size=25,early_end=false");
  CHECK_THAT(spec_error("flume:size=6"), Catch::Contains("size must be odd"));
  CHECK_THAT(spec_error("flume:size=3"), Catch::Contains("from 5 to 25"));
  CHECK_THAT(spec_error("flume:size=27"), Catch::Contains("from 5 to 25"));
  CHECK_THAT(spec_error("flume:early_end=perhaps"), Catch::Contains("true or false"));
  CHECK_THAT(spec_error("flume:pie=false"),
             Catch::Contains("unknown parameter 'pie'") && Catch::Contains("size, early_end"));
  CHECK(make_game("flume")->num_players() == 2);
  CHECK(make_game("flume:size=5")->max_game_length() == 26);
}

TEST_CASE("flume: Red moves first and may not start on the centre", "[flume]") {
  // Hand count: a 5x5 board has 25 points, minus the centre c3.
  auto g = flume_game(5);
  auto s = g->new_initial_state();
  CHECK(s->current_player() == 1);
  auto moves = engine_legal(*s);
  CHECK(moves.size() == 24);
  CHECK(std::find(moves.begin(), moves.end(), "c3") == moves.end());
  CHECK(moves.front() == "a1");
  CHECK(moves[1] == "b1");
  CHECK(moves.back() == "e5");
  ParsedMove p = s->parse_move("c3");
  CHECK(p.status == ParsedMove::Status::kIllegal);
  CHECK_THAT(p.error, Catch::Contains("may not be the centre point c3") && Catch::Contains("24 legal"));
  CHECK(perft(*flume_game(7)->new_initial_state(), 1) == 48);
  CHECK(perft(*flume_game(25)->new_initial_state(), 1) == 624);
  // The ban is only for Red's first placement: Blue may take the centre, and so may Red later.
  play(*s, {"a1"});
  CHECK(s->current_player() == 2);
  CHECK(s->parse_move("c3").ok());
  play(*s, {"e5", "c3"});
  CHECK(static_cast<FlumeState&>(*s).at(12) == kRed);
}

TEST_CASE("flume: the border ring counts as occupied", "[flume]") {
  auto g = flume_game(5);
  auto st = g->new_initial_state();
  auto& s = static_cast<FlumeState&>(*st);
  CHECK(s.occupied_neighbours(0) == 2);   // a1: border below and left
  CHECK(s.occupied_neighbours(2) == 1);   // c1: border below
  CHECK(s.occupied_neighbours(12) == 0);  // c3
  CHECK(s.occupied_neighbours(24) == 2);  // e5
  // A corner placement next to one stone makes 3: place again.
  play(s, {"b1"});
  CHECK(s.current_player() == 2);
  play(s, {"a1"});  // border, border, b1
  CHECK(s.current_player() == 2);
  CHECK(s.placements_this_turn() == 1);
  play(s, {"e3"});  // border only
  CHECK(s.current_player() == 1);
  CHECK(s.placements_this_turn() == 0);
}

TEST_CASE("flume: rule sheet Figure 3 - 3 connections, then 4, then 1 with a border stone ends the turn",
          "[flume]") {
  auto g = flume_game(5);
  auto s = FlumeState::from_board(as_flume(*g),
                                  {".....",  //
                                   ".....",  //
                                   ".B...",  //
                                   "B.R..",  //
                                   ".B..."},
                                  1, true, true);
  REQUIRE(s->current_player() == 1);
  CHECK(s->occupied_neighbours(2) == 3);  // c1: border, b1, c2
  play(*s, {"c1"});
  CHECK(s->current_player() == 1);
  CHECK(s->placements_this_turn() == 1);
  CHECK(s->occupied_neighbours(6) == 4);  // b2: a2, c2, b1, b3
  play(*s, {"b2"});
  CHECK(s->current_player() == 1);
  CHECK(s->placements_this_turn() == 2);
  CHECK(s->occupied_neighbours(22) == 1);  // c5: the border above
  play(*s, {"c5"});
  CHECK(s->current_player() == 2);
  CHECK(s->stones(kRed) == 4);
  CHECK(s->stones(kBlue) == 3);
}

TEST_CASE("flume: rule sheet Figure 4 - a multiple turn may claim 4 points where 6 were possible",
          "[flume]") {
  // Under a full blue row, every point of row 1 filled from a1 rightwards makes 3 or 4
  // connections; Red chooses when to stop by placing where it makes 2 or fewer.
  auto g = flume_game(5);
  const std::vector<std::string> rows = {".....", ".....", ".....", "BBBBB", "....."};
  auto four = FlumeState::from_board(as_flume(*g), rows, 1, true, true);
  play(*four, {"a1", "b1", "c1"});
  CHECK(four->current_player() == 1);
  play(*four, {"c4"});  // no occupied neighbour: the turn ends
  CHECK(four->current_player() == 2);
  CHECK(four->stones(kRed) == 4);
  auto six = FlumeState::from_board(as_flume(*g), rows, 1, true, true);
  play(*six, {"a1", "b1", "c1", "d1", "e1"});
  CHECK(six->current_player() == 1);
  play(*six, {"c4"});
  CHECK(six->current_player() == 2);
  CHECK(six->stones(kRed) == 6);
}

TEST_CASE("flume: pie rule - swap only as Blue's very first action, stones turn Blue, Red moves", "[flume]") {
  auto g = flume_game(5);
  auto st = g->new_initial_state();
  auto& s = static_cast<FlumeState&>(*st);
  CHECK_FALSE(s.swap_available());
  CHECK_THAT(s.parse_move("swap").error, Catch::Contains("only Blue may swap"));
  play(s, {"b2"});
  REQUIRE(s.current_player() == 2);
  CHECK(s.swap_available());
  auto moves = engine_legal(s);
  CHECK(moves.size() == 25);  // 24 empty points (the centre included) and swap
  CHECK(moves.back() == "swap");
  CHECK(s.move_to_string(s.swap_move()) == "swap");
  SECTION("swap") {
    ParsedMove p = s.parse_move("SWAP");
    REQUIRE(p.ok());
    s.apply(p.move);
    CHECK(s.at(6) == kBlue);
    CHECK(s.stones(kBlue) == 1);
    CHECK(s.stones(kRed) == 0);
    CHECK(s.current_player() == 1);
    CHECK_FALSE(s.swap_available());
    CHECK_FALSE(s.centre_forbidden());  // Red's first placement was made before the swap
    CHECK(s.parse_move("c3").ok());
    CHECK(engine_legal(s).size() == 24);
    play(s, {"e5"});
    CHECK(s.current_player() == 2);
    CHECK_THAT(s.parse_move("swap").error, Catch::Contains("only allowed as Blue's very first action"));
    CHECK(s.history() == std::vector<Action>{{1, 6}, {2, 25}, {1, 24}});
  }
  SECTION("placing instead gives the swap up for good") {
    play(s, {"e5", "a5"});
    CHECK(s.current_player() == 2);
    CHECK_FALSE(s.swap_available());
    CHECK(s.parse_move("swap").status == ParsedMove::Status::kIllegal);
  }
  SECTION("Blue's first action may be a multiple placement, after which the swap is gone") {
    auto t =
        FlumeState::from_board(as_flume(*g), {".....", ".....", ".....", ".....", ".R..."}, 2, true, false);
    REQUIRE(t->swap_available());
    play(*t, {"a1"});  // border, border, b1: Blue places again
    CHECK(t->current_player() == 2);
    CHECK_FALSE(t->swap_available());
    CHECK(t->parse_move("swap").status == ParsedMove::Status::kIllegal);
  }
}

TEST_CASE("flume: the game ends the moment the board is full, even mid-turn", "[flume]") {
  auto g = flume_game(5);
  auto s = FlumeState::from_board(as_flume(*g),
                                  {"RRRRR",  //
                                   "BBBBB",  //
                                   "RRRRR",  //
                                   "BBBBB",  //
                                   "RRBB."},
                                  2, true, true);
  REQUIRE(s->current_player() == 2);
  CHECK(s->occupied_neighbours(4) == 4);
  play(*s, {"e1"});
  CHECK(s->is_terminal());
  CHECK(s->legal_moves().empty());
  CHECK(s->stones(kRed) == 12);
  CHECK(s->stones(kBlue) == 13);
  CHECK(s->results() == std::vector<SeatResult>{{2, 12, 0}, {1, 13, 1}});
  CHECK_THAT(s->observation(1), Catch::Contains("to_move none") && Catch::Contains("status over winner 2"));
  CHECK_THAT(s->render(), Catch::Contains("Blue wins"));
  CHECK_THAT(s->parse_move("a1").error, Catch::Contains("game is over"));
}

TEST_CASE("flume: early_end stops the game as soon as one side has more than half the points", "[flume]") {
  const std::vector<std::string> rows = {"RRRRR", ".....", "RRRRR", ".....", "RR..."};  // 12 red
  for (bool early : {false, true}) {
    auto g = flume_game(5, early);
    auto s = FlumeState::from_board(as_flume(*g), rows, 1, true, true);
    REQUIRE_FALSE(s->is_terminal());
    play(*s, {"e1"});  // the 13th red stone of 25
    CHECK(s->is_terminal() == early);
    if (early) {
      CHECK(s->results()[0] == SeatResult{1, 13, 0});
      CHECK(s->results()[1] == SeatResult{2, 0, 1});
    }
  }
  // Half or fewer is not enough.
  auto g = flume_game(5, true);
  auto s = FlumeState::from_board(as_flume(*g), {"RRRRR", ".....", "RRRRR", ".....", "R...."}, 1, true, true);
  play(*s, {"e1"});
  CHECK_FALSE(s->is_terminal());
}

TEST_CASE("flume: results rank by stone count, equal counts tie", "[flume]") {
  auto g = flume_game(5);
  auto s = FlumeState::from_board(as_flume(*g), {"RRRRR", "BBBBB", ".....", ".....", "....."}, 1, true, true);
  CHECK(s->results() == std::vector<SeatResult>{{1, 5, 0}, {1, 5, 1}});
}

TEST_CASE("flume: move text errors say what was wrong and list legal moves", "[flume]") {
  auto g = flume_game(7);
  auto s = g->new_initial_state();
  using S = ParsedMove::Status;
  for (const char* bad : {"", "d", "4d", "d4x", "d04", "d 4", "swapp", "pass", "d4-d5"})
    CHECK(s->parse_move(bad).status == S::kUnparseable);
  CHECK_THAT(s->parse_move("xx").error,
             Catch::Contains("not a Flume move") && Catch::Contains("48 legal, e.g. a1 b1 c1 d1 e1 ..."));
  CHECK(s->parse_move("h1").status == S::kIllegal);
  CHECK_THAT(s->parse_move("a8").error, Catch::Contains("not a point of the 7x7 board"));
  CHECK(s->parse_move("D4").status == S::kIllegal);  // the centre, in upper case
  play(*s, {"a1"});
  CHECK_THAT(s->parse_move("a1").error, Catch::Contains("a1 is occupied by a Red stone"));
  ParsedMove p = s->parse_move("G7");
  REQUIRE(p.ok());
  CHECK(s->move_to_string(p.move) == "g7");
  CHECK_THROWS_AS(parse_or_throw(*s, "zz"), UserError);
  // Large boards: letters up to y, numbers up to 25.
  auto big = flume_game(25)->new_initial_state();
  CHECK(big->move_to_string(parse_or_throw(*big, "y25")) == "y25");
  CHECK(parse_or_throw(*big, "y25") == 624);
  CHECK(big->parse_move("z1").status == S::kIllegal);
  CHECK(big->parse_move("a26").status == S::kIllegal);
}

TEST_CASE("flume: observation lines and rendering", "[flume]") {
  auto g = flume_game(5);
  auto s = g->new_initial_state();
  CHECK(s->observation(1) ==
        "game flume:size=5,early_end=false\n"
        "size 5\n"
        "seat 1 red\n"
        "to_move 1 red\n"
        "ply 0\n"
        "placements_this_turn 0\n"
        "swap_available false\n"
        "centre_forbidden true\n"
        "last_move none\n"
        "stones red 0 blue 0 empty 25\n"
        "row 5 .....\n"
        "row 4 .....\n"
        "row 3 .....\n"
        "row 2 .....\n"
        "row 1 .....\n"
        "status playing\n");
  play(*s, {"b1"});
  std::string o = s->observation(2);
  CHECK_THAT(o, Catch::Contains("seat 2 blue\nto_move 2 blue\nply 1\nplacements_this_turn 0\n"
                                "swap_available true\ncentre_forbidden false\nlast_move b1\n"
                                "stones red 1 blue 0 empty 24\n"));
  CHECK_THAT(o, Catch::Contains("row 1 .R...\n"));
  play(*s, {"a1"});
  CHECK_THAT(s->observation(2), Catch::Contains("to_move 2 blue\nply 2\nplacements_this_turn 1\n"));
  std::string r = s->render();
  CHECK_THAT(r, Catch::Contains("      a b c d e\n") && Catch::Contains("    # # # # # # #\n") &&
                    Catch::Contains("  1 # B R . . . #  1\n") &&
                    Catch::Contains("Blue to move again (placement 2 of this turn)"));
  CHECK_THAT(flume_game(11)->new_initial_state()->render(),
             Catch::Contains(" 11 # . . . . . . . . . . . #  11\n"));
}

TEST_CASE("flume: perft matches constants and the reference implementation", "[flume]") {
  struct Case {
    int size, depth;
    bool early;
    std::uint64_t nodes;
    bool ref;
  };
  const Case cases[] = {
      {5, 1, false, 24, true},      {5, 2, false, 600, true},    {5, 3, false, 13824, true},
      {5, 4, false, 304704, true},  {5, 4, true, 304704, false}, {7, 1, false, 48, true},
      {7, 2, false, 2352, true},    {7, 3, false, 110592, true}, {5, 5, false, 6412032, false},
      {9, 3, false, 512000, false}, {9, 2, false, 6480, true},   {25, 2, false, 624 * 625, false}};
  for (const Case& c : cases) {
    INFO("size " << c.size << " depth " << c.depth);
    auto g = flume_game(c.size, c.early);
    CHECK(perft(*g->new_initial_state(), c.depth) == c.nodes);
    if (c.ref) CHECK(ref_perft(RefFlume(c.size, c.early), c.depth) == c.nodes);
  }
}

TEST_CASE("flume: perft to the end of random positions agrees with the reference", "[flume]") {
  // From the start, counts hardly depend on whose turn it is; near the end they do (who
  // reaches a majority first with early_end, who fills the board), so compare there.
  std::vector<Move> scratch;
  for (bool early : {false, true}) {
    auto g = flume_game(5, early);
    for (int game = 0; game < 12; ++game) {
      Rng rng(derive_seed(31 + early, game));
      auto st = g->new_initial_state();
      RefFlume ref(5, early);
      while (!st->is_terminal() && static_cast<FlumeState&>(*st).empty_cells() > 7) {
        Move m = random_action(*st, rng, scratch);
        ref.apply(st->move_to_string(m));
        st->apply(m);
      }
      for (int depth = 1; depth <= 7; ++depth) {
        INFO("early_end " << early << " game " << game << " depth " << depth);
        CHECK(perft(*st, depth) == (ref.over ? 0 : ref_perft(ref, depth)));
      }
    }
  }
}

TEST_CASE("flume: legal moves and results agree with the reference in random games", "[flume]") {
  std::vector<Move> scratch;
  int positions = 0;
  for (int n : {5, 7, 9}) {
    for (bool early : {false, true}) {
      auto g = flume_game(n, early);
      for (int game = 0; game < 60; ++game) {
        Rng rng(derive_seed(77 + n + early, game));
        auto st = g->new_initial_state();
        RefFlume ref(n, early);
        while (true) {
          auto got = engine_legal(*st);
          ++positions;
          if (got != ref.legal()) {
            FAIL_CHECK("size " << n << " game " << game << "\n" << st->render());
            break;
          }
          CHECK(st->current_player() == (ref.over ? kTerminal : ref.mover == 'R' ? 1 : 2));
          if (st->is_terminal()) break;
          Move m = random_action(*st, rng, scratch);
          ref.apply(st->move_to_string(m));
          st->apply(m);
        }
        auto& s = static_cast<FlumeState&>(*st);
        CHECK(s.stones(kRed) == ref.count('R'));
        CHECK(s.stones(kBlue) == ref.count('B'));
        auto res = s.results();
        CHECK(res[0].score == ref.count('R'));
        CHECK(res[1].score == ref.count('B'));
        CHECK(res[0].rank != res[1].rank);  // odd boards: no ties at the end
        CHECK((res[0].rank == 1) == (ref.count('R') > ref.count('B')));
      }
    }
  }
  CHECK(positions > 5000);
}

TEST_CASE("flume: random games fill the board within the length bound", "[flume]") {
  std::vector<Move> scratch;
  for (int n : {5, 7, 13, 25}) {
    auto g = flume_game(n);
    for (int game = 0; game < (n == 25 ? 5 : 200); ++game) {
      Rng rng(derive_seed(5, game));
      auto st = g->new_initial_state();
      int actions = 0;
      while (!st->is_terminal()) {
        st->apply(random_action(*st, rng, scratch));
        ++actions;
        REQUIRE(actions <= g->max_game_length());
      }
      auto& s = static_cast<FlumeState&>(*st);
      CHECK(s.empty_cells() == 0);
      CHECK(s.stones(kRed) + s.stones(kBlue) == n * n);
      bool swapped = s.history().size() > 1 && s.history()[1].move == s.swap_move();
      CHECK(actions == n * n + (swapped ? 1 : 0));
    }
  }
}

TEST_CASE("flume: arena perft on the command line", "[flume]") {
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
  auto [st1, out1] = run("flume:size=5 --depth 2");
  CHECK(st1 == 0);
  CHECK(out1 == "600\n");
  auto [st2, out2] = run("flume:size=5 --depth 1 --moves \"a1 swap\" --divide");
  CHECK(st2 == 0);
  CHECK_THAT(out2, Catch::StartsWith("b1 1\n") &&
                       Catch::EndsWith("\nc3 1\nd3 1\ne3 1\na4 1\nb4 1\nc4 1\nd4 1\ne4 1\n"
                                       "a5 1\nb5 1\nc5 1\nd5 1\ne5 1\n24\n"));
  auto [st3, out3] = run("flume:size=5 --depth 1 --moves c3");
  CHECK(st3 != 0);
  CHECK_THAT(out3, Catch::Contains("anti-mirroring"));
  auto [st4, out4] = run("flume:size=8 --depth 1");
  CHECK(st4 != 0);
  CHECK_THAT(out4, Catch::Contains("size must be odd"));
}

TEST_CASE("flume: playout hints - keeps the turn 2, hands the opponent an extra placement 0, else 1",
          "[flume]") {
  auto g = flume_game(5);
  REQUIRE(g->playout_hints());
  auto s = FlumeState::from_board(as_flume(*g),
                                  {".....",  //
                                   ".....",  //
                                   ".....",  //
                                   "R....",  //
                                   "....."},
                                  1, true, true);
  CHECK(s->playout_hint(0) == 2);   // a1: two border stones and a2, the mover places again
  CHECK(s->playout_hint(1) == 0);   // b1 ends the turn next to a1, which has 3 occupied neighbours
  CHECK(s->playout_hint(12) == 1);  // c3: nothing made or given
  CHECK(s->playout_hint(10) == 1);  // a3: ends the turn, a4 and b3 stay under 3
  CHECK(s->playout_hint(6) == 1);   // b2: b1 gets 2 (border, b2), not 3
  auto t =
      FlumeState::from_board(as_flume(*g), {".....", ".....", ".....", ".....", "R...."}, 2, true, false);
  REQUIRE(t->swap_available());
  CHECK(t->playout_hint(t->swap_move()) == 1);
}

}  // namespace flume_test

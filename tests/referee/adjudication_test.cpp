#include "referee/adjudication.h"

#include <catch2/catch.hpp>

#include "engine/core/registry.h"

using namespace arena;

TEST_CASE("adjudication: two seats, the faulting seat loses", "[referee]") {
  auto game = make_game("clump");
  auto r = fault_results(*game, 1);
  REQUIRE(r.size() == 2);
  CHECK(r[0].rank == 2);
  CHECK(r[0].score == 0);
  CHECK(r[1].rank == 1);
  CHECK(r[1].score == 1);
  r = fault_results(*game, 2);
  CHECK(r[0].rank == 1);
  CHECK(r[1].rank == 2);
  auto d = drawn_results(*game);
  CHECK(d[0].rank == 1);
  CHECK(d[1].rank == 1);
  CHECK(d[0].score == 0.5);
}

TEST_CASE("adjudication: more seats, the faulting seat is last and the others share first place",
          "[referee]") {
  auto game = make_game("flush:players=4");
  auto r = fault_results(*game, 3);
  REQUIRE(r.size() == 4);
  for (int s : {0, 1, 3}) {
    CHECK(r[s].rank == 1);
    CHECK(r[s].score == 1);
  }
  CHECK(r[2].rank == 4);
  CHECK(r[2].score == 0);
}

TEST_CASE("adjudication: partners of the faulting seat share its loss", "[referee]") {
  // A game with fixed partnerships: seats 1+3 against 2+4.
  struct Teams : Game {
    Teams(const GameInfo& info) : Game(info, Params{}) {}
    int num_players() const override { return 4; }
    std::unique_ptr<State> new_initial_state() const override { return nullptr; }
    int max_game_length() const override { return 1; }
    int team_of(int seat) const override { return (seat - 1) % 2; }
  };
  GameInfo info;
  info.id = "teams";
  info.min_players = info.max_players = 4;
  Teams game(info);
  auto r = fault_results(game, 4);
  CHECK(r[0].rank == 1);
  CHECK(r[2].rank == 1);
  CHECK(r[1].rank == 3);
  CHECK(r[3].rank == 3);
  CHECK(r[1].team == r[3].team);
}

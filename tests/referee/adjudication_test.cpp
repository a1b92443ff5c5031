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

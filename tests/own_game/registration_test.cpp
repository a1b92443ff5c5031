// Registration as a program built with a game of its own sees it (tests_main.cpp registers
// Connect Three): the game comes after the five built-in ones, specs reach it, and a late
// registration is refused rather than changing the list under its users.
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>

#include "connect3.h"
#include "engine/core/registry.h"

TEST_CASE("own game: registered after the built-in games and built from its spec", "[own_game]") {
  const auto& games = arena::all_games();
  REQUIRE(games.size() == 6);
  CHECK(games.back() == &connect3::entry());
  const auto game = arena::make_game("connect3:columns=5");
  CHECK(game->spec() == "connect3:columns=5,rows=4");
  CHECK_THROWS_AS(arena::make_game("connect3:columns=9"), arena::SpecError);
}

TEST_CASE("own game: a taken id or a registration after the list is in use is refused", "[own_game]") {
  auto message = [](const arena::GameEntry& entry) {
    try {
      arena::register_game(entry);
    } catch (const std::logic_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(message(connect3::entry()) == "register_game('connect3'): a game with this id exists");
  static const arena::GameEntry late{arena::GameInfo{"late", "Late", 2, 2, {}}, connect3::entry().make};
  (void)arena::all_games();
  CHECK(message(late).find("register_game('late'): too late") == 0);
  CHECK(arena::all_games().size() == 6);
}

TEST_CASE("own game: stones fall, three in a row wins, a full board draws", "[own_game]") {
  const auto game = arena::make_game("connect3:columns=3,rows=3");
  auto s = game->new_initial_state();
  for (const char* m : {"a", "b", "a", "b", "a"}) s->apply(arena::parse_or_throw(*s, m));
  REQUIRE(s->is_terminal());  // three up column a
  CHECK(s->results()[0].rank == 1);
  CHECK(s->results()[1].rank == 2);
  auto d = game->new_initial_state();
  // Rows from the bottom: X O X, X O O, O X X: no three in a row for either seat.
  for (const char* m : {"a", "b", "c", "b", "a", "c", "b", "a", "c"}) d->apply(arena::parse_or_throw(*d, m));
  REQUIRE(d->is_terminal());
  CHECK(d->results()[0].rank == 1);
  CHECK(d->results()[1].rank == 1);
  CHECK(d->parse_move("a").status == arena::ParsedMove::Status::kIllegal);
  CHECK(d->parse_move("a1").status == arena::ParsedMove::Status::kUnparseable);
}

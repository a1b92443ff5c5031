// The generic engine and schedule tests, run once more with Connect Three registered: the
// game is checked by what checks every built-in game, with no change to those tests.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "connect3.h"
#include "engine/core/registry.h"

int main(int argc, char** argv) {
  arena::register_game(connect3::entry());
  return Catch::Session().run(argc, argv);
}

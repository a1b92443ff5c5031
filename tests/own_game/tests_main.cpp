// The generic engine and schedule tests, run once more with Connect Three registered: the
// game is checked by what checks every built-in game, with no change to those tests.
#include "connect3.h"
#include "engine/core/registry.h"
#include "tests/catch2_runner.h"

int main(int argc, char** argv) {
  arena::register_game(connect3::entry());
  return run_catch2_session(argc, argv);
}

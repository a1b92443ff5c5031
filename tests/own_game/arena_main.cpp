// `arena_with_own_game`: the whole `arena` with Connect Three registered first, as a user's
// own arena is built (docs/new-game.md).
#include "cli/arena_main.h"

#include "connect3.h"
#include "engine/core/registry.h"

int main(int argc, char** argv) {
  arena::register_game(connect3::entry());
  return arena::cli::arena_main(argc, argv);
}

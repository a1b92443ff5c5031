// `arena`: the built-in games only. An arena with games of its own has a main like this one
// with register_game() calls before arena_main (docs/new-game.md).
#include "cli/arena_main.h"

int main(int argc, char** argv) { return arena::cli::arena_main(argc, argv); }

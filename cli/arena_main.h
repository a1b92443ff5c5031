// The whole `arena` command line, as a function of the arena_cli library (Arena::cli when
// installed), so that a program registering games of its own first is an `arena` too:
//
//   int main(int argc, char** argv) {
//     arena::register_game(my_game::entry());
//     return arena::cli::arena_main(argc, argv);
//   }
//
// Returns the exit status (cli/arena_main.cpp lists them).
#pragma once

namespace arena::cli {

int arena_main(int argc, char** argv);

}  // namespace arena::cli

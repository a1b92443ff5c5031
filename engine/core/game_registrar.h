// ARENA_REGISTER_GAME(entry_function): registers a game while the program starts, for
// programs whose main cannot be changed (a sample bot built once more with an extra game).
//
// Only for a source file handed straight to the executable. In a static library an object
// file that nothing references is never linked, so its registrar would silently not run;
// there, call register_game() from main instead (docs/new-game.md).
#pragma once

#include "engine/core/registry.h"

namespace arena {

struct GameRegistrar {
  explicit GameRegistrar(const GameEntry& (*entry)()) { register_game(entry()); }
};

}  // namespace arena

#define ARENA_GAME_REGISTRAR_NAME2(line) arena_game_registrar_##line
#define ARENA_GAME_REGISTRAR_NAME(line) ARENA_GAME_REGISTRAR_NAME2(line)
// At namespace scope; `entry_function` is `const arena::GameEntry& f()`.
#define ARENA_REGISTER_GAME(entry_function)                                          \
  namespace {                                                                        \
  const ::arena::GameRegistrar ARENA_GAME_REGISTRAR_NAME(__LINE__){&entry_function}; \
  }

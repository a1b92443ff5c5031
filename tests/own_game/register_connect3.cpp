// Connect Three registered while the program starts: handed to the sample bots' executables
// built again with the game (tests/own_game/CMakeLists.txt), whose main stays unchanged.
#include "connect3.h"
#include "engine/core/game_registrar.h"

ARENA_REGISTER_GAME(connect3::entry)

// Catch2's own implementation (its session, reporters and matchers: 40 s of compiler time under
// the sanitizers), compiled once into arena_catch2 for every test program of the build, whose
// main is a line of its own (tests/main.cpp, tests/own_game/tests_main.cpp,
// tests/batch/batch_main.cpp). CATCH_CONFIG_RUNNER builds the implementation without a main.
#define CATCH_CONFIG_RUNNER
#include "tests/catch2_runner.h"

#include <catch2/catch.hpp>

int run_catch2_session(int argc, char** argv) { return Catch::Session().run(argc, argv); }

// arena_tests' main.
#include "tests/catch2_runner.h"

int main(int argc, char** argv) { return run_catch2_session(argc, argv); }

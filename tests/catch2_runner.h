// Runs Catch2's session (every test case the program holds, as its arguments select). Catch2's
// implementation is compiled once, in tests/catch2_runner.cpp; a test program's main calls this.
#pragma once

int run_catch2_session(int argc, char** argv);

// batch_tests' main (its operator new, which counts, is allocation_count.cpp).
#include "tests/catch2_runner.h"

int main(int argc, char** argv) { return run_catch2_session(argc, argv); }

// Catch2's main for batch_tests (its operator new, which counts, is allocation_count.cpp).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

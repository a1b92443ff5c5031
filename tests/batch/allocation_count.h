// How many times operator new has run in this program (batch_main.cpp replaces it): a test reads
// the count before and after the code that must not allocate.
#pragma once

#include <atomic>
#include <cstdint>

namespace arena::test {

extern std::atomic<std::int64_t> allocations;

}  // namespace arena::test

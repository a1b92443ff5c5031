// The global operator new of batch_tests, counting (allocation_count.h). In a file of its own:
// where a replaced operator delete is visible beside the code that allocates, g++ warns that
// free() meets memory from operator new.
#include "tests/batch/allocation_count.h"

#include <cstdlib>
#include <new>

std::atomic<std::int64_t> arena::test::allocations{0};

void* operator new(std::size_t size) {
  arena::test::allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

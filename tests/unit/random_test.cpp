#include <catch2/catch.hpp>

#include "engine/core/random.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace random_test {

using namespace arena;

TEST_CASE("rng: same seed, same sequence, different seeds differ") {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) {
    auto x = a.next();
    CHECK(x == b.next());
    (void)c;
  }
  CHECK(Rng(1).next() != Rng(2).next());
}

TEST_CASE("rng: below() stays in range and hits every value") {
  Rng r(7);
  int seen[6] = {};
  for (int i = 0; i < 6000; ++i) {
    auto v = r.below(6);
    REQUIRE(v < 6);
    ++seen[v];
  }
  for (int v : seen) CHECK(v > 800);
}

TEST_CASE("rng: derive_seed separates indices") {
  CHECK(derive_seed(1, 0) != derive_seed(1, 1));
  CHECK(derive_seed(1, 5) == derive_seed(1, 5));
}

}  // namespace random_test

#include "records/move_times.h"

#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace move_times_test {

using arena::MoveTimes;

TEST_CASE("move times: mean, worst and a 99th percentile within 1/16 above the true one", "[records]") {
  MoveTimes t;
  for (int i = 1; i <= 1000; ++i) t.add(i * 1000);  // 1 ms .. 1 s
  t.add(-1);                                        // a chance action: no time
  CHECK(t.moves() == 1000);
  CHECK(t.mean_micros() == Approx(500500));
  CHECK(t.worst_micros() == 1000000);
  const std::int64_t p99 = t.percentile_micros(0.99);  // the true one: 990 ms
  CHECK(p99 >= 990000);
  CHECK(p99 <= 990000 + 990000 / 16);
  CHECK(t.percentile_micros(1.0) == 1000000);  // never above the worst
}

TEST_CASE("move times: small times are exact, and two summaries merge exactly", "[records]") {
  MoveTimes a, b, both;
  for (int us : {0, 3, 7, 15}) a.add(us), both.add(us);
  for (int us : {16, 31, 5000}) b.add(us), both.add(us);
  CHECK(a.percentile_micros(0.5) == 3);
  a.merge(b);
  CHECK(a.moves() == both.moves());
  CHECK(a.worst_micros() == 5000);
  CHECK(a.mean_micros() == Approx(both.mean_micros()));
  for (double f : {0.1, 0.5, 0.9, 0.99}) CHECK(a.percentile_micros(f) == both.percentile_micros(f));
}

}  // namespace move_times_test

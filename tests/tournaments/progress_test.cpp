#include <catch2/catch.hpp>

#include <cstdio>

#include "tournaments/progress.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace progress_test {

using namespace arena;

TEST_CASE("progress: the bar shows games, percent, rate and ETA", "[progress]") {
  CHECK(Progress::bar(10, 40, 2.0, 10) == "10/40 games  25% [###.......]  2.00 games/s  ETA 0:00:15");
  CHECK(Progress::bar(40, 40, 2.0, 4) == "40/40 games  100% [####]  2.00 games/s  ETA 0:00");
  CHECK_THAT(Progress::bar(0, 5, 0, 4), Catch::EndsWith("ETA ?"));
}

TEST_CASE("progress: plain lines when not a terminal, nothing when quiet", "[progress]") {
  Standings s({"a", "b"});
  char buf[4096] = {};
  std::FILE* f = fmemopen(buf, sizeof buf - 1, "w");
  Progress p(f, Progress::Mode::kLines, 3, 1);
  p.update("1.1.2 a vs b: 1-0", s);
  std::fclose(f);
  CHECK(std::string(buf) == "[2/3] 1.1.2 a vs b: 1-0\n");
  char qbuf[64] = {};
  std::FILE* q = fmemopen(qbuf, sizeof qbuf - 1, "w");
  Progress quiet(q, Progress::Mode::kQuiet, 3, 0);
  quiet.update("x", s);
  quiet.finish(s);
  std::fclose(q);
  CHECK(std::string(qbuf).empty());
}

}  // namespace progress_test

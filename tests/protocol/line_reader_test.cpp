#include "protocol/line_reader.h"

#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace line_reader_test {

using arena::protocol::LineReader;

TEST_CASE("line reader: splits lines across chunks, accepts CR LF", "[protocol]") {
  LineReader r(100);
  std::string line;
  r.feed("move a", 6);
  CHECK_FALSE(r.next(line));
  CHECK(r.pending() == 6);
  r.feed("1\r\ninfo x\nre", 12);
  REQUIRE(r.next(line));
  CHECK(line == "move a1");
  REQUIRE(r.next(line));
  CHECK(line == "info x");
  CHECK_FALSE(r.next(line));
  r.feed("ady\n", 4);
  REQUIRE(r.next(line));
  CHECK(line == "ready");
  CHECK_FALSE(r.overflowed());
}

TEST_CASE("line reader: an over-long line is caught before its newline arrives", "[protocol]") {
  LineReader r(8);
  std::string line;
  r.feed("123456789", 9);
  CHECK_FALSE(r.next(line));
  CHECK(r.overflowed());
  r.feed("\nok\n", 4);  // once overflowed, the stream stays unusable
  CHECK_FALSE(r.next(line));
}

TEST_CASE("line reader: a complete line over the limit overflows, one at the limit does not", "[protocol]") {
  LineReader r(4);
  std::string line;
  r.feed("abcd\nabcde\n", 11);
  REQUIRE(r.next(line));
  CHECK(line == "abcd");
  CHECK_FALSE(r.next(line));
  CHECK(r.overflowed());
}

TEST_CASE("line reader: many lines keep the buffer small", "[protocol]") {
  LineReader r(16);
  std::string line;
  int got = 0;
  for (int i = 0; i < 10000; ++i) {
    r.feed("info abc\n", 9);
    while (r.next(line)) ++got;
  }
  CHECK(got == 10000);
  CHECK(r.pending() == 0);
}

// Found by tests/fuzz/protocol_line_fuzz: a line of exactly the cap ending in "\r\n" was
// ruled an overflow when its "\n" arrived in a later read than its "\r".
TEST_CASE("line reader: a line of exactly the cap with CR LF split across reads is accepted", "[protocol]") {
  LineReader r(5);
  std::string line;
  r.feed("abcde\r", 6);
  CHECK_FALSE(r.next(line));
  CHECK_FALSE(r.overflowed());
  r.feed("\n", 1);
  REQUIRE(r.next(line));
  CHECK(line == "abcde");
  r.feed("abcdef", 6);  // one byte over, no "\r": over the cap
  CHECK_FALSE(r.next(line));
  CHECK(r.overflowed());
}

}  // namespace line_reader_test

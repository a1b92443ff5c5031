// The tests' own record comparison (tests/text_scrub.h): two runs of the same games differ
// only in what was measured, and the comparison must see through that and nothing else.
#include "../text_scrub.h"

#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace text_scrub_test {

namespace {

// One record's move text as the writer wraps it under 80 columns, the times included.
const char* const kShortTimes =
    "[Event \"x\"]\n[Result \"1-0\"]\n\n"
    "{1. s1 a1-b1 0.001s} {2. s2 c3-c4 0.002s} {3. s1 d1-d2 0.001s}\n"
    "{4. s2 e5-e6 0.003s} 1-0\n";
const char* const kLongTimes =
    "[Event \"x\"]\n[Result \"1-0\"]\n\n"
    "{1. s1 a1-b1 0.0123s} {2. s2 c3-c4 0.0021s}\n"
    "{3. s1 d1-d2 0.0014s} {4. s2 e5-e6 0.0030s} 1-0\n";

}  // namespace

TEST_CASE("text scrub: records differing in their times and line breaks only compare equal", "[records]") {
  CHECK(scrub::without_times(kShortTimes) == scrub::without_times(kLongTimes));
  CHECK(scrub::without_times(kShortTimes) ==
        "[Event \"x\"]\n[Result \"1-0\"]\n\n{1. s1 a1-b1} {2. s2 c3-c4} {3. s1 d1-d2} {4. s2 e5-e6} 1-0\n");
}

TEST_CASE("text scrub: a different move or tag still differs", "[records]") {
  std::string other_move = kLongTimes;
  other_move.replace(other_move.find("d1-d2"), 5, "d1-d3");
  CHECK(scrub::without_times(kShortTimes) != scrub::without_times(other_move));
  std::string other_tag = kLongTimes;
  other_tag.replace(other_tag.find("1-0\"]"), 3, "0-1");
  CHECK(scrub::without_times(kShortTimes) != scrub::without_times(other_tag));
}

}  // namespace text_scrub_test

// A bot's standard error cut into lines for the record (process/stderr_lines.h): lines across
// chunks, carriage returns, blank lines, an overlong line, the last line without a newline,
// and no sink.
#include "process/stderr_lines.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace stderr_lines_test {

using arena::StderrLines;

TEST_CASE("stderr lines: whole lines from chunks of any size", "[stderr_lines][botlines]") {
  std::vector<std::string> got;
  StderrLines lines(10);
  lines.set_sink([&](std::string_view l) { got.emplace_back(l); });
  const std::string text = "one\r\ntw";
  lines.feed(text.data(), text.size());
  CHECK(got == std::vector<std::string>{"one"});
  const std::string more = "o\n\n   \nabcdefghijklmnop\nlast";
  for (char c : more) lines.feed(&c, 1);  // a byte at a time
  CHECK(got ==
        std::vector<std::string>{"one", "two", "abcdefghij"});  // blank lines skipped, the long one cut
  lines.flush();
  CHECK(got.back() == "last");
  lines.flush();
  CHECK(got.size() == 4);  // nothing left to flush
}

TEST_CASE("stderr lines: without a sink the bytes are dropped, partial line included",
          "[stderr_lines][botlines]") {
  StderrLines lines;
  const std::string first = "half a li";
  lines.feed(first.data(), first.size());
  std::vector<std::string> got;
  lines.set_sink([&](std::string_view l) { got.emplace_back(l); });
  const std::string rest = "ne\nwhole\n";
  lines.feed(rest.data(), rest.size());
  // The first feed's partial line was dropped with it: "ne" alone is what the sink hears.
  CHECK(got == std::vector<std::string>{"ne", "whole"});
}

}  // namespace stderr_lines_test

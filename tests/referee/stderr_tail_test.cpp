// The in-memory tail of a bot's stderr (process/stderr_tail.h): the last lines, escaped and
// cut, whatever the cut of the reads and however much the bot wrote before.
#include "process/stderr_tail.h"

#include <catch2/catch.hpp>
#include <string>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace stderr_tail_test {

using arena::StderrTail;

TEST_CASE("stderr tail: the last lines, blank ones skipped, CR dropped, a last line without newline kept",
          "[process][faults]") {
  StderrTail t;
  CHECK(t.last_lines(10, 300).empty());
  const std::string text = "one\n\n  \ntwo\r\nthree\nfour";
  for (char c : text) t.append(&c, 1);  // one byte per read: lines are joined across reads
  CHECK(t.last_lines(10, 300) == "one\ntwo\nthree\nfour");
  CHECK(t.last_lines(2, 300) == "three\nfour");
  CHECK(t.last_lines(0, 300).empty());
}

TEST_CASE("stderr tail: escaped, each line cut, and only the last 4 KiB kept", "[process][faults]") {
  StderrTail t;
  const std::string esc = "\x1b[31mred\xff\n";
  t.append(esc.data(), esc.size());
  CHECK(t.last_lines(1, 300) == "\\x1B[31mred\\xFF");
  const std::string long_line = std::string(1000, 'x') + "\n";
  t.append(long_line.data(), long_line.size());
  CHECK(t.last_lines(1, 10) == "xxxxxxxxxx...");
  // A megabyte in one read, then more in pieces: the line cut by the ring's start is left out.
  std::string flood;
  for (int i = 0; i < 100000; ++i) flood += "line " + std::to_string(i) + "\n";
  t.append(flood.data(), flood.size());
  const std::string last = t.last_lines(3, 300);
  CHECK(last == "line 99997\nline 99998\nline 99999");
  const std::string all = t.last_lines(100000, 300);
  CHECK(all.size() < StderrTail::kCapacity);
  CHECK(all.rfind("line ", 0) == 0);  // starts with a whole line
  const std::string tail = "Traceback\nError: boom\n";
  for (std::size_t i = 0; i < tail.size(); i += 3)
    t.append(tail.data() + i, std::min<std::size_t>(3, tail.size() - i));
  CHECK(t.last_lines(2, 300) == "Traceback\nError: boom");
}

}  // namespace stderr_tail_test

// process/log_file.h: one cap per log file, however many processes of a bot write it and
// however the path is spelt; notes past the cap up to twice it; one note when the cap is hit.
#include "process/log_file.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/slurp.h"
#include "tests/text_count.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace log_file_test {

namespace {

using shelltest::slurp;

using shelltest::count;

}  // namespace

TEST_CASE("log file: writers of one file share one cap, whatever the path's spelling", "[process][log]") {
  char dir_template[] = "/tmp/arena-logfile-XXXXXX";
  REQUIRE(::mkdtemp(dir_template));
  const std::filesystem::path dir = dir_template;
  const std::string path = (dir / "bot.slot1.log").string();
  std::string error;
  auto first = arena::LogFile::open(path, 1000, error);
  REQUIRE(first);
  std::filesystem::create_symlink(dir / "bot.slot1.log", dir / "alias.log");
  auto second = arena::LogFile::open((dir / "." / "alias.log").string(), 1000, error);
  REQUIRE(second);
  CHECK(first == second);  // one file, one log

  // Two writers (a crashed process still drained, and its replacement) fill one cap.
  const std::string chunk(300, 'x');
  for (int i = 0; i < 3; ++i) {
    first->append_output(chunk.data(), chunk.size());
    second->append_output(chunk.data(), chunk.size());
  }
  first->note("[referee] bot killed by signal 6", true);
  second->note("[referee] bot killed by signal 6", true);
  const std::string text = slurp(path);
  CHECK(count(text, "x") == 1000);
  CHECK(count(text, "log cap of 1000 bytes reached") == 1);
  CHECK(count(text, "killed by signal 6") == 2);

  // Notes stop at twice the cap.
  for (int i = 0; i < 100; ++i) first->note(std::string(50, 'n'), true);
  CHECK(std::filesystem::file_size(path) <= 2000);
  first.reset();
  second.reset();

  // Reopened later: what is there counts against the cap, and a new log starts afresh.
  auto again = arena::LogFile::open(path, 1000, error);
  REQUIRE(again);
  const auto before = std::filesystem::file_size(path);
  again->append_output(chunk.data(), chunk.size());
  CHECK(std::filesystem::file_size(path) - before < chunk.size());  // only its note
  again.reset();
  std::filesystem::remove_all(dir);
}

TEST_CASE("log file: a path that cannot be opened is an error naming it", "[process][log]") {
  std::string error;
  CHECK_FALSE(arena::LogFile::open("/nonexistent-arena-dir/bot.log", 1000, error));
  CHECK(error.find("/nonexistent-arena-dir/bot.log") != std::string::npos);
}

}  // namespace log_file_test

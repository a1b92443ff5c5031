// process/lazy_log_file.h: no file until something beyond the header is written; then the
// header first; a file that cannot be created is reported once, not at every line.
#include "process/lazy_log_file.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "process/log_file.h"
#include "tests/slurp.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace lazy_log_file_test {

namespace {

using shelltest::slurp;

}  // namespace

TEST_CASE("lazy log file: created with its header by the first line, not before", "[process][log]") {
  char dir_template[] = "/tmp/arena-lazylog-XXXXXX";
  REQUIRE(::mkdtemp(dir_template));
  const std::filesystem::path path = std::filesystem::path(dir_template) / "1.2.log";
  {
    arena::LazyLogFile quiet(path.string(), 1000, "[referee] game 1 seat 2");
    CHECK_FALSE(quiet.created());
  }
  CHECK_FALSE(std::filesystem::exists(path));  // nothing said: no file

  arena::LazyLogFile log(path.string(), 1000, "[referee] game 1 seat 2");
  std::string error;
  arena::LogFile* file = log.file(error);
  REQUIRE(file);
  CHECK(error.empty());
  CHECK(log.created());
  file->append_output("hello\n", 6);
  CHECK(log.file(error) == file);  // one file, one header
  file->note("[referee] fault: crash", true);
  CHECK(slurp(path) == "[referee] game 1 seat 2\nhello\n[referee] fault: crash\n");
  std::filesystem::remove_all(dir_template);
}

TEST_CASE("lazy log file: one that cannot be created says so once", "[process][log]") {
  arena::LazyLogFile log("/nonexistent-arena-dir/1.1.log", 1000, "[referee] game 1 seat 1");
  std::string error;
  CHECK_FALSE(log.file(error));
  CHECK(error.find("/nonexistent-arena-dir/1.1.log") != std::string::npos);
  error.clear();
  CHECK_FALSE(log.file(error));
  CHECK(error.empty());
  CHECK_FALSE(log.created());
}

}  // namespace lazy_log_file_test

// Temporary folders of the tests, removed with everything in them when the test ends. Both
// kinds are named arena-*, for the temp_folder check (tests/check_temp_folder.py) lists the
// arena-* entries of the temporary directory that a run of the suite left behind.
#pragma once

#include <stdlib.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <system_error>

namespace shelltest {

// A new empty folder arena-NAME-XXXXXX (mkdtemp): unique even between two test processes,
// or two tests of one process, that use the same name.
struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& name) {
    std::string t = (std::filesystem::temp_directory_path() / ("arena-" + name + "-XXXXXX")).string();
    REQUIRE(::mkdtemp(t.data()) != nullptr);
    path = t;
  }
  // Without throwing, as a destructor must: what it could not remove, the temp_folder check
  // reports.
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path.string(); }
};

// A folder PREFIX-NAME-PID that does not exist at the start (for a command that makes its own
// output folder and refuses one that is there), removed at the end.
struct TempFolder {
  std::filesystem::path path;
  TempFolder(const std::string& prefix, const std::string& name)
      : path(std::filesystem::temp_directory_path() /
             (prefix + "-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
  }
  ~TempFolder() { std::filesystem::remove_all(path); }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  std::string str() const { return path.string(); }
};

}  // namespace shelltest

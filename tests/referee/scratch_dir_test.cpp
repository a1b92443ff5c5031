// Scratch folders go away even when a bot made part of them unreadable (process/scratch_dir.h).
#include "process/scratch_dir.h"

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace scratch_dir_test {

TEST_CASE("scratch: a folder with an unreadable, unwritable subfolder is removed", "[referee]") {
  std::string error;
  const std::string dir = arena::make_scratch_dir("", error);
  REQUIRE(error.empty());
  const auto sub = std::filesystem::path(dir) / "locked" / "deeper";
  std::filesystem::create_directories(sub);
  std::ofstream(sub / "file") << "kept";
  ::chmod(sub.c_str(), 0);
  ::chmod(sub.parent_path().c_str(), 0);
  if (::geteuid() == 0)
    WARN("running as root: permissions do not stop the removal, so this only checks it works");
  CHECK(arena::remove_scratch_dir(dir));
  CHECK_FALSE(std::filesystem::exists(dir));
}

}  // namespace scratch_dir_test

// Reading the CPU pressure file (referee/cpu_pressure.h): one open descriptor per path, read
// from the start each time, and a game's start served by its thread's sample of a moment ago.
#include "referee/cpu_pressure.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace cpu_pressure_test {

namespace fs = std::filesystem;

namespace {

struct PressureFile {
  static inline int count = 0;  // a new path for each: the referee keeps each path open
  fs::path path = fs::temp_directory_path() /
                  ("arena-pressure-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
  ~PressureFile() { fs::remove(path); }
  // Rewritten in place (the same file, as the kernel's own changes its contents).
  void write(const std::string& total) const {
    std::ofstream(path) << "some avg10=0.00 avg60=0.00 avg300=0.00 total=" << total
                        << "\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
  }
};

}  // namespace

TEST_CASE("cpu pressure: each sample reads the file's current contents from its start", "[referee]") {
  const PressureFile file;
  file.write("100");
  const arena::PressureSample a = arena::sample_cpu_pressure(file.path.string());
  REQUIRE(a.ok);
  CHECK(a.stall_us == 100);
  file.write("250000");  // longer than before: read from offset 0, not where the last read ended
  const arena::PressureSample b = arena::sample_cpu_pressure(file.path.string());
  REQUIRE(b.ok);
  CHECK(b.stall_us == 250000);
  file.write("garbage");
  CHECK_FALSE(arena::sample_cpu_pressure(file.path.string()).ok);
  CHECK_FALSE(arena::sample_cpu_pressure((file.path.string() + "-missing")).ok);
}

TEST_CASE("cpu pressure: a game's start reuses this thread's sample only while it is fresh", "[referee]") {
  const PressureFile file;
  file.write("7");
  const arena::PressureSample taken = arena::sample_cpu_pressure(file.path.string());
  REQUIRE(taken.ok);
  file.write("9");
  const arena::PressureSample start = arena::recent_cpu_pressure(file.path.string());
  REQUIRE(start.ok);
  // Either the sample of a moment ago, as it was, or (on a machine slow enough that 10 ms
  // passed) a new one of the file as it is now: never a mix of the two.
  const bool reused = start.at == taken.at;
  INFO("reused: " << reused);
  CHECK(start.stall_us == (reused ? 7u : 9u));
  // Another file's sample is never reused.
  const PressureFile other;
  other.write("11");
  const arena::PressureSample elsewhere = arena::recent_cpu_pressure(other.path.string());
  REQUIRE(elsewhere.ok);
  CHECK(elsewhere.stall_us == 11);
}

}  // namespace cpu_pressure_test

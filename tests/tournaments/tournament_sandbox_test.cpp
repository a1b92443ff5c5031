// `arena tournament --sandbox bwrap` and the config key "sandbox": every bot of the
// tournament runs under bubblewrap, plays normally, and cannot see or write the
// tournament's output folder; bad values and an unusable bwrap are refused up front.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "process/launch_request.h"
#include "tests/bin_path.h"
#include "tests/shell_run.h"
#include "tests/slurp.h"
#include "tests/tournaments/env_spy.h"
#include "tournaments/config.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace tournament_sandbox_test {

namespace fs = std::filesystem;

namespace {

using shelltest::kArena;
using shelltest::kRandom;
using shelltest::Run;
using shelltest::run_shell;
using shelltest::slurp;

}  // namespace

TEST_CASE("tournament sandbox: the key is checked and kept in tournament.json", "[tournament][sandbox]") {
  const std::string base = R"({"game": "clump", "out": "x", "bots": [{"name": "a", "command": "a"},
                                {"name": "b", "command": "b"}])";
  CHECK(arena::parse_config(base + "}", "t.json").sandbox == arena::Sandbox::kNone);
  const auto c = arena::parse_config(base + R"(, "sandbox": "bwrap"})", "t.json");
  CHECK(c.sandbox == arena::Sandbox::kBwrap);
  CHECK(arena::parse_config(arena::config_to_json(c), "again.json") == c);
  try {
    arena::parse_config(base + R"(, "sandbox": "docker"})", "t.json");
    FAIL("a bad sandbox was accepted");
  } catch (const arena::ConfigError& e) {
    CHECK(std::string(e.what()) == "t.json: sandbox: 'docker' is not one of none, bwrap");
  }
  CHECK_THROWS_AS(arena::parse_config(base + R"(, "sandbox": true})", "t.json"), arena::ConfigError);
  // The flag is checked by the CLI too.
  const Run r = run_shell(kArena + " tournament clump --bot a=" + kRandom + " --bot b=" + kRandom +
                          " --out /nonexistent/never --sandbox docker");
  CHECK(r.status != 0);
  CHECK(r.out.find("--sandbox") != std::string::npos);
}

TEST_CASE("tournament sandbox: bots play, and cannot read or write the output folder",
          "[tournament][sandbox]") {
  if (const std::string why = arena::check_sandbox(arena::Sandbox::kBwrap); !why.empty()) {
    WARN("skipped: " << why);
    return;
  }
  for (const bool sandboxed : {true, false}) {
    const shelltest::TempDir tmp("tsandbox");
    const fs::path out = tmp.path;
    // A secret next to the tournament's files, and a place a bot would like to write.
    std::ofstream(out / "secret.txt") << "the-deal";
    const std::string spy = "'spy=" + sandboxtest::kSpy + " --probe=" + (out / "secret.txt").string() +
                            " --write-probe=" + (out / "planted.txt").string() + "'";
    const std::string cmd = kArena + " tournament clump:size=6 --bot " + spy + " --bot r=" + kRandom +
                            " --games 2 --seed 9 --quiet --out " + out.string() +
                            (sandboxed ? " --sandbox bwrap" : "");
    const Run r = run_shell(cmd);
    INFO(cmd << "\n" << r.out);
    REQUIRE(r.status == 0);
    // Both games were played to the end by the rules, not faulted.
    const std::string journal = slurp(out / "journal.jsonl");
    INFO(journal);
    std::size_t normal = 0;
    for (std::size_t p = 0; (p = journal.find("\"normal\"", p)) != std::string::npos; ++p) ++normal;
    CHECK(normal == 2);
    if (sandboxed) CHECK(slurp(out / "tournament.json").find("\"sandbox\":\"bwrap\"") != std::string::npos);
    const std::string logs = sandboxtest::spy_logs(out);
    INFO(logs);
    REQUIRE(logs.find("spy done") != std::string::npos);
    const std::string seen = sandboxed ? "no" : "yes";
    CHECK(logs.find("spy probe " + (out / "secret.txt").string() + " " + seen) != std::string::npos);
    CHECK(logs.find("spy write " + (out / "planted.txt").string() + " " + seen) != std::string::npos);
    CHECK(fs::exists(out / "planted.txt") == !sandboxed);
  }
}

TEST_CASE("tournament sandbox: a missing bwrap is a clear error before anything is made",
          "[tournament][sandbox]") {
  const fs::path out = fs::temp_directory_path() / ("arena-nobwrap-" + std::to_string(::getpid()));
  fs::remove_all(out);
  const Run r =
      run_shell("ARENA_BWRAP=/nonexistent/bwrap " + kArena + " tournament clump --bot a=" + kRandom +
                " --bot b=" + kRandom + " --quiet --sandbox bwrap --out " + out.string());
  INFO(r.out);
  CHECK(r.status != 0);
  CHECK(r.out.find("ARENA_BWRAP='/nonexistent/bwrap' is not an executable file") != std::string::npos);
  CHECK_FALSE(fs::exists(out));
  // The same for `arena match`, which shares the check.
  const Run m = run_shell("ARENA_BWRAP=/nonexistent/bwrap " + kArena + " match clump --bot a=" + kRandom +
                          " --bot b=" + kRandom + " --games 2 --sandbox bwrap");
  CHECK(m.status != 0);
  CHECK(m.out.find("ARENA_BWRAP") != std::string::npos);
}

}  // namespace tournament_sandbox_test

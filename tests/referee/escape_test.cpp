// Bots whose processes escape their process group or session (docs/security.md): every
// descendant is found and killed without the sandbox, the verdict is the bot's own (a crash
// when it exits, not a time forfeit), the referee never waits on a pipe an escaped child
// holds, logs stay capped per file, and nothing is left running.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace escape_test {

using namespace arena;
using namespace reftest;

namespace {

RunnerOptions escape_options() {
  RunnerOptions opt;
  opt.time.move_time_ms = 1500;
  opt.time.startup_ms = 2000;
  opt.quit_grace = std::chrono::milliseconds(200);
  opt.term_grace = std::chrono::milliseconds(100);
  return opt;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

TEST_CASE("escape: a setsid child holding the pipes: a crash at once, the child killed", "[adversarial]") {
  const std::string tag = new_tag();
  const auto start = std::chrono::steady_clock::now();
  const auto records =
      play({bot("escaper", "setsid_pipe_bot", tag), bot("good", "random_bot", tag)},
           {{"clump:size=4", {0, 1}, 1, "1"}, {"clump:size=4", {1, 0}, 2, "2"}}, escape_options());
  for (const auto& r : records) {
    INFO(termination_name(r.termination) << ": " << r.termination_detail);
    CHECK(r.termination == Termination::kCrash);
  }
  // Each crash is ruled within the drain grace, far before the 1.5 s move time.
  CHECK(seconds_since(start) < 10);
  CHECK(processes_left(tag).empty());
}

TEST_CASE("escape: a fork bomb whose processes change group and session leaves nothing", "[adversarial]") {
  const std::string tag = new_tag();
  const auto records = play({bot("bomb", "setpgid_bomb_bot", tag), bot("good", "random_bot", tag)},
                            {{"clump:size=4", {0, 1}, 1, "1"}}, escape_options());
  INFO(records[0].termination_detail);
  CHECK(records[0].termination == Termination::kTimeForfeit);
  CHECK(records[0].fault_seat == 1);
  CHECK(processes_left(tag).empty());
}

TEST_CASE("escape: the stderr cap is per log file, and the referee's notes survive it", "[adversarial]") {
  const std::string tag = new_tag();
  char dir_template[] = "/tmp/arena-logcap-XXXXXX";
  REQUIRE(::mkdtemp(dir_template));
  RunnerOptions opt = escape_options();
  opt.log_dir = dir_template;
  opt.limits.log_cap = 256 * 1024;
  std::vector<GameJob> jobs;
  for (int g = 0; g < 6; ++g)
    jobs.push_back(GameJob{"clump:size=4", {0, 1}, static_cast<std::uint64_t>(g), "1"});
  const auto records =
      play({bot("filler", "log_filler_bot", tag), bot("good", "random_bot", tag)}, jobs, opt);
  for (const auto& r : records) CHECK(r.termination == Termination::kCrash);
  const auto log = std::filesystem::path(dir_template) / "filler.slot1.log";
  REQUIRE(std::filesystem::exists(log));
  const auto size = std::filesystem::file_size(log);
  INFO("log size " << size);
  CHECK(size < 256 * 1024 + 16 * 1024);  // the cap, plus the referee's notes of six games
  std::ifstream in(log);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t crashes = 0;
  for (std::size_t at = 0; (at = text.find("killed by signal 6", at)) != std::string::npos; ++at) ++crashes;
  CHECK(crashes == 6);  // every game's note is kept after the cap
  std::filesystem::remove_all(dir_template);
  CHECK(processes_left(tag).empty());
}

}  // namespace escape_test

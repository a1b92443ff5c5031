// The CPU clock from a control group (issue 30; docs/referee.md, "Wall clock and CPU clock"),
// through the real `arena`: a bot whose CPU-burning grandchild double-forked away from it
// escapes the /proc tree walk but is charged by its group; the record says which source was
// used; a group is removed however its bot ends, a bot killed with SIGKILL that leaves a
// hidden process behind included. Each case makes a parent group of its own and points the
// referee at it (ARENA_CGROUP), so it sees only its own groups; it is skipped with a warning
// where no group can be made (not root, no cgroup file system).
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "process/launch_request.h"
#include "records/pgn.h"
#include "records/timing_tags.h"
#include "tests/pgn_read.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace cpu_cgroup_test {

namespace {

namespace fs = std::filesystem;

std::string bin(const std::string& name) { return std::string(ARENA_BIN_DIR) + "/" + name; }

// A parent group for one test under `hierarchy`, removed (with anything the referee left in
// it, which the test reports) when the test ends.
struct ParentGroup {
  fs::path path;
  explicit ParentGroup(const std::string& hierarchy) {
    const fs::path p = fs::path(hierarchy) / ("arenatest-" + std::to_string(::getpid()));
    if (::mkdir(p.c_str(), 0755) == 0 || errno == EEXIST) path = p;
  }
  ~ParentGroup() {
    if (path.empty()) return;
    for (const std::string& child : children()) ::rmdir((path / child).c_str());
    ::rmdir(path.c_str());
  }
  std::vector<std::string> children() const {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(path, ec))
      if (e.is_directory()) out.push_back(e.path().filename().string());
    return out;
  }
};

bool usable(const ParentGroup& g, const std::string& what) {
  if (g.path.empty()) WARN("no " + what + " group can be made here (not root?): not tested");
  return !g.path.empty();
}

using shelltest::records;
using shelltest::tag;

// One game of `bot` (seat 1) against random_bot under --clock cpu, the referee's groups in
// `cgroup` ("none": the /proc walk); the record.
arena::GameRecord play(const std::string& cgroup, const std::string& bot, const std::string& flags,
                       const fs::path& pgn) {
  fs::remove(pgn);
  const shelltest::Run r = shelltest::run_shell(
      "ARENA_CGROUP=" + cgroup + " " + bin("arena") +
      " match clump:size=8 --games 1 --seed 2 --tc 60+0 --move-time 0.1 -q --clock cpu --cpu-wall-factor "
      "200 " +
      flags + " --bot \"test=" + bot + "\" --bot good=" + bin("random_bot") + " --out " + pgn.string());
  INFO(r.out);
  REQUIRE(r.status == 0);
  return records(pgn).at(0);
}

}  // namespace

TEST_CASE(
    "cpu cgroup: a grandchild that double-forked away is charged by the bot's group, not by the /proc walk",
    "[cli][timing]") {
  shelltest::TempFolder t("arena-cgroup", "orphan");
  fs::create_directories(t.path);
  const fs::path pgn = t.path / "games.pgn";
  const std::string bot = bin("timing_bot") + " orphan-burn 300";
  SECTION("cgroup v2") {
    ParentGroup parent("/sys/fs/cgroup/unified");
    if (!usable(parent, "cgroup v2")) return;
    const arena::GameRecord g = play(parent.path.string(), bot, "", pgn);
    INFO(g.termination_detail);
    CHECK(g.termination == arena::Termination::kTimeForfeit);
    CHECK(g.players.at(g.fault_seat - 1) == "test");
    CHECK(g.termination_detail.find(" of CPU") != std::string::npos);
    CHECK(tag(g, arena::kCpuSourceTag) == "cgroup v2");
    CHECK(parent.children().empty());
  }
  SECTION("cgroup v1 cpuacct") {
    ParentGroup parent("/sys/fs/cgroup/cpuacct");
    if (!usable(parent, "cgroup v1 cpuacct")) return;
    const arena::GameRecord g = play(parent.path.string(), bot, "", pgn);
    INFO(g.termination_detail);
    CHECK(g.termination == arena::Termination::kTimeForfeit);
    CHECK(tag(g, arena::kCpuSourceTag) == "cgroup v1 cpuacct");
    CHECK(parent.children().empty());
  }
  SECTION("the /proc walk does not see it: no forfeit, each move charged far below 300 ms") {
    const arena::GameRecord g = play("none", bot, "", pgn);
    INFO(g.termination_detail);
    CHECK(g.termination == arena::Termination::kNormal);
    CHECK(tag(g, arena::kCpuSourceTag) == "proc");
    for (std::int64_t c : arena::record_timing(g).charged_us) CHECK(c < 100000);
  }
}

TEST_CASE("cpu cgroup: a bot under the bubblewrap sandbox is in its group too", "[cli][timing][sandbox]") {
  if (const std::string why = arena::check_sandbox(arena::Sandbox::kBwrap); !why.empty()) {
    WARN(why + ": not tested");
    return;
  }
  ParentGroup parent("/sys/fs/cgroup/unified");
  if (!usable(parent, "cgroup v2")) return;
  shelltest::TempFolder t("arena-cgroup", "bwrap");
  fs::create_directories(t.path);
  const arena::GameRecord g =
      play(parent.path.string(), bin("timing_bot") + " burn 300", "--sandbox bwrap", t.path / "games.pgn");
  INFO(g.termination_detail);
  CHECK(g.termination == arena::Termination::kTimeForfeit);
  CHECK(g.players.at(g.fault_seat - 1) == "test");
  CHECK(tag(g, arena::kCpuSourceTag) == "cgroup v2");
  CHECK(parent.children().empty());
}

TEST_CASE("cpu cgroup: a bot killed with SIGKILL leaves no group and no process behind", "[cli][timing]") {
  ParentGroup parent("/sys/fs/cgroup/unified");
  if (!usable(parent, "cgroup v2")) return;
  shelltest::TempFolder t("arena-cgroup", "vanish");
  fs::create_directories(t.path);
  const fs::path pid_file = t.path / "hidden.pid";
  const arena::GameRecord g = play(parent.path.string(), bin("timing_bot") + " vanish " + pid_file.string(),
                                   "", t.path / "games.pgn");
  INFO(g.termination_detail);
  CHECK(g.termination == arena::Termination::kCrash);
  CHECK(g.termination_detail.find("signal 9") != std::string::npos);
  CHECK(parent.children().empty());
  // The process it hid (its own session, init's child, no environment) went with its group.
  std::ifstream in(pid_file);
  int hidden = 0;
  REQUIRE(in >> hidden);
  REQUIRE(hidden > 1);
  std::string state;
  for (int i = 0; i < 200; ++i) {  // reaped by init a moment after the kill
    std::ifstream stat("/proc/" + std::to_string(hidden) + "/stat");
    std::string line;
    if (!std::getline(stat, line)) break;
    state = line.substr(line.rfind(')') + 2, 1);
    if (state == "Z") break;
    ::usleep(10000);
  }
  const bool alive = ::kill(hidden, 0) == 0 && state != "Z";
  if (alive) ::kill(hidden, SIGKILL);  // never left running, whatever the verdict
  CHECK_FALSE(alive);
}

}  // namespace cpu_cgroup_test

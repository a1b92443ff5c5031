// Bots die with the referee even when it cannot clean up: `arena match` is SIGKILLed
// while its bots sleep, and every bot process must be gone shortly after (the kernel's
// parent-death signal, PR_SET_PDEATHSIG; under bubblewrap, --die-with-parent too).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <string>

#include "process/launch_request.h"
#include "referee_test_util.h"
#include "tests/killed_referee.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace pdeathsig_test {

namespace {

// Starts `arena match` with two slow bots (each answers once, then sleeps for a minute
// inside a generous clock), SIGKILLs it once both bots run, and checks they are gone.
void kill_referee_and_check(const std::string& extra_flags) {
  const std::string tag = reftest::new_tag();
  const std::string slow = reftest::bin("slow_bot") + " " + tag;
  const std::string cmd = "exec " + reftest::bin("arena") + " match clump:size=6 --bot 'a=" + slow +
                          "' --bot 'b=" + slow + "' --games 2 --tc 600+0 --seed 4 " + extra_flags +
                          " > /dev/null 2>&1";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Both bots of the first game are up (at most 20 s: sanitizer builds start slowly): the
  // bot programs themselves, not only their bubblewrap launchers. (bubblewrap 0.8's pid-1
  // child waits for its parent's set-up before it asks for its own parent-death signal;
  // a referee killed inside that window leaves it waiting: docs/security.md.)
  std::size_t running = 0;
  for (int i = 0; i < 400 && running < 2; ++i) {
    running = 0;
    for (int p : reftest::live_processes_with(tag))
      running += reftest::read_proc_file("/proc/" + std::to_string(p) + "/comm") == "slow_bot\n";
    if (running < 2) ::usleep(50 * 1000);
  }
  INFO("flags: " << extra_flags);
  REQUIRE(running >= 2);
  REQUIRE(::kill(pid, SIGKILL) == 0);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  reftest::remove_run_folder_of(pid);
  REQUIRE(WIFSIGNALED(status));
  // Gone within a few seconds (the signal is immediate, but a sandbox's teardown runs
  // through bubblewrap's own processes, slow on a loaded machine).
  std::vector<int> left = reftest::live_processes_with(tag);
  for (int i = 0; i < 250 && !left.empty(); ++i) {
    ::usleep(20 * 1000);
    left = reftest::live_processes_with(tag);
  }
  CHECK(left.empty());
  for (int p : left) ::kill(p, SIGKILL);  // do not leave them behind if the check failed
}

}  // namespace

TEST_CASE("pdeathsig: SIGKILL of arena match takes its bots with it", "[containment][pdeathsig]") {
  kill_referee_and_check("");
}

TEST_CASE("pdeathsig: SIGKILL of arena match takes its sandboxed bots with it",
          "[containment][pdeathsig][sandbox]") {
  if (const std::string why = arena::check_sandbox(arena::Sandbox::kBwrap); !why.empty()) {
    WARN("skipped: " << why);
    return;
  }
  kill_referee_and_check("--sandbox bwrap");
}

}  // namespace pdeathsig_test

// Output that cannot be written in the middle of a run (issue 14), through the real binary:
// a file size limit (RLIMIT_FSIZE with SIGXFSZ ignored, so writes fail with EFBIG, as on a
// full disk) stops `arena tournament` and `arena match` with a user error that says what was
// written, that nothing counted was lost, and (tournament) the exact --resume command; the
// resumed tournament completes. Also Ctrl-C of a tournament prints the standings so far.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/bin_path.h"
#include "tests/shell_run.h"
#include "tests/slurp.h"
#include "tests/temp_dir.h"
#include "tests/text_count.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace full_disk_test {

namespace {

using shelltest::Run;

// `arena ARGS` under sh, after `prefix` (e.g. a ulimit); stdout and stderr together.
Run arena(const std::string& args, const std::string& prefix = "") {
  return shelltest::run_shell(prefix + "exec " + std::string(ARENA_BIN_DIR) + "/arena " + args);
}

using shelltest::slurp;

using shelltest::count;

using shelltest::kRandom;
// Files may grow to 16 KiB (ulimit -f counts 512-byte blocks in sh, 1 KiB in bash: either
// is well below what the runs below write); writing past it fails with EFBIG.
const std::string kSmallFiles = "ulimit -f 32 && trap '' XFSZ && ";

}  // namespace

TEST_CASE("full disk: a tournament stops with what was kept and the resume command, resume completes",
          "[cli]") {
  const shelltest::TempDir tmp("disk");
  const std::string dir = tmp.str(), out = dir + "/t";
  const std::string args = "tournament clump:size=6 --bot a=" + kRandom + " --bot b=" + kRandom +
                           " --bot c=" + kRandom + " --games 20 --seed 2 --out " + out;
  Run r = arena(args, kSmallFiles);
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("arena: error: cannot write " + out + "/") != std::string::npos);
  CHECK(r.out.find("File too large") != std::string::npos);
  CHECK(r.out.find("nothing counted was lost") != std::string::npos);
  CHECK(r.out.find("continue with: arena tournament --resume " + out) != std::string::npos);
  CHECK(r.out.find("internal error") == std::string::npos);
  r = arena("tournament --resume " + out);
  INFO(r.out);
  CHECK(r.status == 0);
  const std::string pgn = slurp(out + "/games.pgn");
  CHECK(count(pgn, "[Game ") == 60);  // 3 pairings x 20 games, none twice, none lost
  CHECK(count(pgn, "[Result ") == 60);
}

TEST_CASE("full disk: arena match --out keeps whole records and says how many", "[cli]") {
  const shelltest::TempDir tmp("disk");
  const std::string dir = tmp.str(), pgn = dir + "/games.pgn";
  const Run r = arena("match clump:size=6 --bot a=" + kRandom + " --bot b=" + kRandom +
                          " --games 200 --seed 2 -q --out " + pgn,
                      kSmallFiles);
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("arena: error: cannot write '" + pgn + "': File too large") != std::string::npos);
  CHECK(r.out.find("game record(s) of this match are in it, each complete") != std::string::npos);
  CHECK(r.out.find("internal error") == std::string::npos);
  const std::string text = slurp(pgn);
  CHECK(count(text, "[Game ") >= 1);
  CHECK(count(text, "[Game ") == count(text, "[Result "));  // no record cut in the middle
  CHECK(r.out.find(std::to_string(count(text, "[Game ")) + " game record(s)") != std::string::npos);
  // What is there reads back as records.
  const Run v = arena("verify " + pgn);
  INFO(v.out);
  CHECK(v.status == 0);
}

TEST_CASE("Ctrl-C of arena tournament prints the standings so far and the resume command, as no error",
          "[cli]") {
  const shelltest::TempDir tmp("disk");
  const std::string dir = tmp.str(), out = dir + "/t", log = dir + "/log";
  const std::string cmd = "exec " + std::string(ARENA_BIN_DIR) +
                          "/arena tournament clump:size=6 --bot a=" + kRandom + " --bot b=" + kRandom +
                          " --games 100000 --seed 2 --out " + out + " > " + log + " 2>&1";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  for (int i = 0; i < 400 && slurp(out + "/journal.jsonl").empty(); ++i) ::usleep(50 * 1000);
  REQUIRE(::kill(pid, SIGINT) == 0);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  const std::string text = slurp(log);
  INFO(text);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK(text.find("(interrupted):") != std::string::npos);
  CHECK(text.find(" 1. ") != std::string::npos);  // the table: both bots, with their scores
  CHECK(text.find(" 2. ") != std::string::npos);
  // A stop asked for is no error: no "arena: error:", how far it got and how to go on.
  CHECK(text.find("arena: error") == std::string::npos);
  CHECK(text.find("\nstopped after ") != std::string::npos);
  CHECK(text.find(" games; run again to go on: arena tournament --resume " + out + "\n") !=
        std::string::npos);
}

}  // namespace full_disk_test

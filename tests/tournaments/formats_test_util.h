// Helpers of the tests that run tournaments of the staged formats (Swiss, knockout, SPRT)
// through the real `arena` binary: temporary folders, spawning and killing the binary,
// reading its journal, and comparing the records of two runs.
#pragma once

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "../referee/referee_test_util.h"
#include "tests/killed_referee.h"
#include "tests/slurp.h"
#include "tests/spawn_program.h"
#include "tests/temp_dir.h"
#include "tests/text_scrub.h"
#include "tournaments/journal.h"

extern char** environ;

namespace fmtest {

namespace fs = std::filesystem;

using shelltest::slurp;

using scrub::without_offsets;
using scrub::without_times;

inline std::vector<arena::JournalEntry> journal(const fs::path& dir) {
  std::vector<arena::JournalEntry> out;
  std::istringstream in(slurp(dir / "journal.jsonl"));
  for (std::string line; std::getline(in, line);) out.push_back(arena::parse_journal_line(line));
  return out;
}

// A temporary folder of this test process, absent at the start (`arena tournament` makes its
// --out folder), removed at the end of the scope.
struct Dir : shelltest::TempFolder {
  explicit Dir(const std::string& name) : TempFolder("arena-ft", name) {}
};

using shelltest::run;
using shelltest::spawn;
using shelltest::wait_exit;

// `arena tournament GAME` with the given bots (name, program in the build's bin folder),
// each tagged, a fixed seed, generous clocks, `--quiet`, then `extra`.
inline std::vector<std::string> tournament_args(const std::string& game,
                                                const std::vector<std::pair<std::string, std::string>>& bots,
                                                const fs::path& out, const std::string& tag, int concurrency,
                                                const std::vector<std::string>& extra) {
  std::vector<std::string> a{reftest::bin("arena"), "tournament", game};
  for (const auto& [name, exe] : bots)
    a.insert(a.end(), {"--bot", name + "=" + reftest::bin(exe) + " " + tag});
  a.insert(a.end(), {"--seed", "5", "--tc", "20+1", "--concurrency", std::to_string(concurrency), "--out",
                     out.string(), "--quiet"});
  a.insert(a.end(), extra.begin(), extra.end());
  return a;
}

// Waits until the journal at `dir` holds `target` lines; false when `pid` exited first
// (its status in `status`) or a minute passed.
inline bool wait_for_lines(pid_t pid, const fs::path& dir, std::size_t target, int& status, bool& exited) {
  auto lines = [&] {
    std::string j = slurp(dir / "journal.jsonl");
    return static_cast<std::size_t>(std::count(j.begin(), j.end(), '\n'));
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (lines() < target && std::chrono::steady_clock::now() < deadline) {
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      exited = true;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return lines() >= target;
}

// Kills the run each time its journal has grown by `step` lines, then resumes it, until it
// finishes; returns the number of kills that landed.
inline int run_with_kills(const std::vector<std::string>& start, const fs::path& dir, std::size_t step) {
  pid_t pid = spawn(start);
  int kills = 0;
  for (std::size_t target = step;; target += step) {
    int status = 0;
    bool exited = false;
    wait_for_lines(pid, dir, target, status, exited);
    if (exited) {
      REQUIRE(WIFEXITED(status));
      REQUIRE(WEXITSTATUS(status) == 0);
      return kills;
    }
    if (::kill(pid, SIGKILL) == 0) ++kills;
    const int code = wait_exit(pid);
    reftest::remove_run_folder_of(pid);
    if (code == 0) return kills;
    pid = spawn({reftest::bin("arena"), "tournament", "--resume", dir.string(), "--quiet"});
  }
}

// The records of a PGN file, each from its [Event tag on (joined, they give the file back).
inline std::vector<std::string> split_records(const std::string& pgn) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t at = pgn.find("\n[Event ", 1); at != std::string::npos;
       at = pgn.find("\n[Event ", at + 1)) {
    out.push_back(pgn.substr(start, at + 1 - start));
    start = at + 1;
  }
  out.push_back(pgn.substr(start));
  return out;
}

// The same journal and the same records, times apart; a difference names the first record
// that differs rather than printing both files whole.
inline void expect_same_records(const fs::path& a, const fs::path& b) {
  CHECK(without_offsets(slurp(a / "journal.jsonl")) == without_offsets(slurp(b / "journal.jsonl")));
  const auto ra = split_records(without_times(slurp(a / "games.pgn")));
  const auto rb = split_records(without_times(slurp(b / "games.pgn")));
  CHECK(ra.size() == rb.size());
  for (std::size_t i = 0; i < ra.size() && i < rb.size(); ++i) {
    if (ra[i] == rb[i]) continue;
    INFO("record " << i + 1 << " of " << ra.size() << " differs");
    CHECK(ra[i] == rb[i]);
    break;
  }
}

}  // namespace fmtest

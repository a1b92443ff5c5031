// End-to-end tournaments through the real `arena` binary: complete runs, determinism
// across concurrency, and resume after SIGKILL of the referee at random moments.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "../referee/referee_test_util.h"
#include "records/verify.h"
#include "tests/killed_referee.h"
#include "tests/slurp.h"
#include "tests/spawn_program.h"
#include "tests/temp_dir.h"
#include "tests/text_scrub.h"

extern char** environ;

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace tournament_test {

namespace fs = std::filesystem;

namespace {

using shelltest::slurp;

using scrub::without_offsets;
using scrub::without_times;

// Absent at the start: `arena tournament` makes its --out folder.
struct Dir : shelltest::TempFolder {
  explicit Dir(const std::string& name) : TempFolder("arena-tt", name) {}
};

std::vector<std::string> tournament_args(const fs::path& out, int concurrency, const std::string& tag,
                                         int games = 40) {
  return {reftest::bin("arena"),
          "tournament",
          "clump:size=6",
          "--bot",
          "rand=" + reftest::bin("random_bot") + " " + tag,
          "--bot",
          "greedy=" + reftest::bin("greedy_bot") + " " + tag,
          "--bot",
          "rand2=" + reftest::bin("random_bot") + " " + tag,
          "--games",
          std::to_string(games),
          "--seed",
          "11",
          "--tc",
          "20+1",
          "--concurrency",
          std::to_string(concurrency),
          "--out",
          out.string(),
          "--quiet"};
}

using shelltest::run;
using shelltest::spawn;
using shelltest::wait_exit;

std::vector<std::string> resume_args(const fs::path& out) {
  return {reftest::bin("arena"), "tournament", "--resume", out.string(), "--quiet"};
}

// Bots whose referee was killed see end of input and leave; give them a moment.
void expect_no_bots_left(const std::string& tag) { CHECK(reftest::processes_left(tag).empty()); }

}  // namespace

TEST_CASE("tournament: a complete run leaves verified records, journal and tables", "[tournament]") {
  Dir a("full");
  auto tag = reftest::new_tag();
  REQUIRE(run(tournament_args(a.path, 2, tag)) == 0);
  for (const char* f : {"tournament.json", "games.pgn", "journal.jsonl", "ratings.txt", "ratings.csv",
                        "ratings.json", "crosstable.txt", "crosstable.csv", "faults.txt", "faults.csv"})
    CHECK(fs::exists(a.path / f));
  std::string journal = slurp(a.path / "journal.jsonl");
  CHECK(std::count(journal.begin(), journal.end(), '\n') == 3 * 40);
  auto report = arena::verify_pgn(slurp(a.path / "games.pgn"), arena::registry_game_factory());
  CHECK(report.games == 120);
  CHECK(report.ok());
  CHECK_THAT(slurp(a.path / "ratings.txt"), Catch::Contains("greedy") && Catch::Contains("rand2"));
  // A finished folder is not started again by mistake.
  CHECK(run(tournament_args(a.path, 2, tag)) == 2);
  expect_no_bots_left(tag);
}

TEST_CASE("tournament: records do not depend on concurrency", "[tournament]") {
  Dir one("c1"), three("c3");
  auto tag = reftest::new_tag();
  REQUIRE(run(tournament_args(one.path, 1, tag)) == 0);
  REQUIRE(run(tournament_args(three.path, 3, tag)) == 0);
  CHECK(without_offsets(slurp(one.path / "journal.jsonl")) ==
        without_offsets(slurp(three.path / "journal.jsonl")));
  CHECK(without_times(slurp(one.path / "games.pgn")) == without_times(slurp(three.path / "games.pgn")));
  CHECK(slurp(one.path / "ratings.txt") == slurp(three.path / "ratings.txt"));
}

TEST_CASE("tournament: SIGKILL of the referee at random moments, then resume, equals an uninterrupted run",
          "[tournament]") {
  Dir reference("ref"), killed("killed");
  auto tag = reftest::new_tag();
  // Long enough that 20 kills, each after at least one more commit, all land mid-run
  // (games finishing within one 20 ms group-commit window are committed together).
  const int games = 600, total = 3 * games;
  REQUIRE(run(tournament_args(reference.path, 2, tag, games)) == 0);

  const std::string reference_journal = without_offsets(slurp(reference.path / "journal.jsonl"));
  std::mt19937 rng(12345);
  // The first start, then at least 20 kills of resumed runs at random points.
  pid_t pid = spawn(tournament_args(killed.path, 2, tag, games));
  int kills = 0, finished_early = 0, partial = 0;
  std::size_t last_lines = 0;
  auto journal_lines = [&] {
    std::string j = slurp(killed.path / "journal.jsonl");
    return static_cast<std::size_t>(std::count(j.begin(), j.end(), '\n'));
  };
  while (kills < 20) {
    // Let the run commit at least one more game, then kill it a moment later, so the
    // kills land all along the tournament (mid-game, mid-write, between games).
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    int status = 0;
    bool exited = false;
    while (journal_lines() <= last_lines && std::chrono::steady_clock::now() < deadline) {
      if (::waitpid(pid, &status, WNOHANG) == pid) {
        exited = true;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!exited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 3)(rng)));
      if (::kill(pid, SIGKILL) == 0) ++kills;
      if (wait_exit(pid) == 0) ++finished_early;  // it finished before the kill landed
      reftest::remove_run_folder_of(pid);
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      ++finished_early;
    }
    // Complete lines only: a commit is one write(2), but a full disk could still cut one,
    // and resume drops such a torn tail.
    std::string j = slurp(killed.path / "journal.jsonl");
    j = without_offsets(j.substr(0, j.rfind('\n') + 1));
    std::size_t lines = std::count(j.begin(), j.end(), '\n');
    CHECK(lines >= last_lines);  // nothing committed is ever lost
    CHECK(reference_journal.compare(0, j.size(), j) == 0);
    if (lines > 0 && lines < static_cast<std::size_t>(total)) ++partial;
    last_lines = lines;
    if (finished_early) break;
    pid = spawn(resume_args(killed.path));
  }
  if (!finished_early) REQUIRE(wait_exit(pid) == 0);
  INFO("kills: " << kills << ", runs that had already finished: " << finished_early);
  CHECK(kills >= 20);
  CHECK(partial >= 20);  // every kill landed in the middle of the tournament
  CHECK(without_offsets(slurp(killed.path / "journal.jsonl")) ==
        without_offsets(slurp(reference.path / "journal.jsonl")));
  CHECK(without_times(slurp(killed.path / "games.pgn")) ==
        without_times(slurp(reference.path / "games.pgn")));
  CHECK(slurp(killed.path / "ratings.txt") == slurp(reference.path / "ratings.txt"));
  CHECK(slurp(killed.path / "crosstable.txt") == slurp(reference.path / "crosstable.txt"));
  expect_no_bots_left(tag);
}

TEST_CASE("tournament: bad configuration is refused before anything runs", "[tournament]") {
  Dir d("bad");
  CHECK(run({reftest::bin("arena"), "tournament", "clump:size=7", "--bot", "a=x", "--bot", "b=y", "--out",
             d.path.string(), "--quiet"}) == 2);
  CHECK_FALSE(fs::exists(d.path));
  CHECK(run({reftest::bin("arena"), "tournament", "clump", "--bot", "a=x", "--out", d.path.string()}) == 2);
  CHECK(run({reftest::bin("arena"), "tournament", "--resume", d.path.string()}) == 2);
  CHECK(run({reftest::bin("arena"), "tournament", "clump", "--bot", "a=x", "--bot", "b=y", "--games", "3",
             "--out", d.path.string()}) == 2);
  CHECK_FALSE(fs::exists(d.path));
}

}  // namespace tournament_test

// `arena tournament --resume DIR` from another folder than the start: relative bot commands
// mean what they meant in the folder the tournament was started from (tournament.json keeps
// it as "started_in"), so the resumed tournament equals an uninterrupted one.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/shell_run.h"
#include "tests/temp_dir.h"
#include "tests/text_scrub.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace resume_folder_test {

namespace fs = std::filesystem;

namespace {

using shelltest::Run;
using shelltest::slurp;

using scrub::without_times;

using shelltest::TempDir;

// Cuts the tournament in `dir` back to its first `keep` games, as an interruption leaves it:
// the journal's first lines and the records they name.
void cut_back(const fs::path& dir, int keep) {
  std::istringstream journal(slurp(dir / "journal.jsonl"));
  std::string kept, line;
  std::size_t pgn_end = 0;
  for (int i = 0; i < keep && std::getline(journal, line); ++i) {
    const std::size_t at = line.find("\"pgn_end\":");
    REQUIRE(at != std::string::npos);
    pgn_end = std::stoul(line.substr(at + 10));
    kept += line + "\n";
  }
  std::ofstream(dir / "journal.jsonl", std::ios::trunc) << kept;
  fs::resize_file(dir / "games.pgn", pgn_end);
}

}  // namespace

TEST_CASE("cli: tournament --resume from another folder runs the bots of the folder it started in", "[cli]") {
  TempDir root("resume");
  const fs::path start = root.path / "start", elsewhere = root.path / "elsewhere";
  fs::create_directories(start / "kit");
  fs::create_directories(elsewhere);
  fs::create_symlink(ARENA_BIN_DIR, start / "bin");
  fs::copy_file(fs::path(ARENA_SOURCE_DIR) / "bots/random_bot.py", start / "kit/random_bot.py");
  const std::string bots =
      " --bot r=bin/random_bot --bot g=./bin/greedy_bot --bot py='python3 kit/random_bot.py'";
  const Run full = shelltest::run_arena_in(
      start, "tournament clump:size=6" + bots + " --games 2 --seed 11 -q --out ../full");
  REQUIRE(full.status == 0);
  const Run cut = shelltest::run_arena_in(
      start, "tournament clump:size=6" + bots + " --games 2 --seed 11 -q --out ../cut");
  REQUIRE(cut.status == 0);
  CHECK(slurp(root.path / "cut/tournament.json").find("\"started_in\":\"" + start.string() + "\"") !=
        std::string::npos);
  cut_back(root.path / "cut", 2);

  const Run resumed = shelltest::run_arena_in(elsewhere, "tournament --resume ../cut -q");
  INFO(resumed.out);
  REQUIRE(resumed.status == 0);
  CHECK(without_times(slurp(root.path / "cut/games.pgn")) ==
        without_times(slurp(root.path / "full/games.pgn")));
  CHECK(slurp(root.path / "cut/crosstable.txt") == slurp(root.path / "full/crosstable.txt"));
}

}  // namespace resume_folder_test

// Scale: a round-robin of many bots (many instances of one cheap binary) runs to the end
// without running out of descriptors or processes, every game normal, and leaves no bot
// process behind. bench/tournament_bench runs the same with 100 bots.
#include <dirent.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "../referee/referee_test_util.h"
#include "tournaments/tournament.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace many_bots_test {

namespace fs = std::filesystem;

namespace {

int children_of(pid_t parent) {
  int n = 0;
  DIR* d = ::opendir("/proc");
  if (!d) return -1;
  while (dirent* e = ::readdir(d)) {
    const int pid = std::atoi(e->d_name);
    if (pid <= 0) continue;
    int ppid = 0;
    if (reftest::proc_state(pid, &ppid) != 0 && ppid == parent) ++n;
  }
  ::closedir(d);
  return n;
}

}  // namespace

TEST_CASE("a round-robin of 30 bots completes with every game normal and no bot left",
          "[tournament][scale]") {
  const fs::path out = fs::temp_directory_path() / ("arena-many-bots-" + std::to_string(::getpid()));
  fs::remove_all(out);
  arena::TournamentConfig c;
  c.game = "clump:size=4";
  const int bots = 30;
  for (int i = 1; i <= bots; ++i)
    c.bots.push_back(arena::BotConfig{"first" + std::to_string(i), reftest::bin("first_move_bot"), {}, ""});
  c.games = 2;
  c.tc = "60+1";
  c.concurrency = 3;
  c.out = out.string();
  std::FILE* sink = std::fopen("/dev/null", "w");
  arena::TournamentRun run = arena::start_tournament(c, true, sink);
  std::fclose(sink);
  CHECK(run.scheduled == bots * (bots - 1));
  CHECK(run.complete());
  std::ifstream journal(out / "journal.jsonl");
  std::string line;
  int lines = 0, normal = 0;
  while (std::getline(journal, line)) {
    ++lines;
    if (line.find("\"termination\":\"normal\"") != std::string::npos) ++normal;
  }
  CHECK(lines == run.scheduled);
  CHECK(normal == lines);
  CHECK(children_of(::getpid()) == 0);
  fs::remove_all(out);
}

}  // namespace many_bots_test

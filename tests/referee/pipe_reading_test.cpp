// How a bot cuts its output into writes never changes what the referee reads: `arena match`
// (the real binary) against bots that write a move one byte at a time, several lines in one
// write, a line across a boundary of the referee's reads, half a line then a pause, a line
// cut by the end of output, and a line over the cap. The referee takes a short read of a
// pipe as proof it is empty (process/pipe_reader.h); these are the cases that would break
// if that were wrong. Each game is compared move for move with the same game between two
// first-move bots, which play the same moves.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "records/pgn.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace pipe_reading_test {

using namespace arena;

namespace {

struct Match {
  int status = -1;
  std::string out;
  std::vector<GameRecord> games;
};

// `arena match SPEC` of `a` against `b` (test bots by name), 2 games with seats swapped.
Match play_match(const std::string& spec, const std::string& a, const std::string& b,
                 const std::string& extra = "") {
  const auto pgn = std::filesystem::temp_directory_path() /
                   ("arena-pipe-reading-" + std::to_string(::getpid()) + "-" + a + "-" + b + ".pgn");
  std::filesystem::remove(pgn);
  const std::string cmd = reftest::bin("arena") + " match " + spec + " --bot a=" + reftest::bin(a) +
                          " --bot b=" + reftest::bin(b) + " --games 2 --seed 5 --move-time 2 -q --out " +
                          pgn.string() + " " + extra + " 2>&1";
  Match m;
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p);
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) m.out.append(buf, n);
  const int st = ::pclose(p);
  m.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::ifstream in(pgn);
  std::stringstream text;
  text << in.rdbuf();
  std::vector<PgnError> errors;
  m.games = parse_pgn(text.str(), errors);
  CHECK(errors.empty());
  std::filesystem::remove(pgn);
  return m;
}

// Every game of `bot` against the first-move bot is exactly the game of two first-move bots.
void check_reads_exactly(const std::string& spec, const std::string& bot) {
  const Match reference = play_match(spec, "first_move_bot", "first_move_bot");
  const Match m = play_match(spec, bot, "first_move_bot");
  INFO(bot << " on " << spec << ": " << m.out);
  CHECK(m.status == 0);
  REQUIRE(reference.games.size() == 2);
  REQUIRE(m.games.size() == 2);
  for (int g = 0; g < 2; ++g) {
    INFO("game " << g + 1 << ": " << m.games[g].termination_detail);
    CHECK(m.games[g].termination == reference.games[g].termination);
    CHECK(reftest::actions_text(m.games[g]) == reftest::actions_text(reference.games[g]));
    CHECK(m.games[g].actions.size() > 10);
  }
}

}  // namespace

TEST_CASE("pipe reading: a move written one byte per write is read whole", "[referee][pipe]") {
  check_reads_exactly("clump:size=6", "piecewise_bot");
}

TEST_CASE("pipe reading: several lines in one write are each taken, in order", "[referee][pipe]") {
  check_reads_exactly("clump:size=8", "batched_lines_bot");
  check_reads_exactly("flume:size=7", "batched_lines_bot");
}

TEST_CASE("pipe reading: a line across a boundary of the referee's reads is read exactly",
          "[referee][pipe]") {
  check_reads_exactly("clump:size=8", "straddle_bot");
}

TEST_CASE("pipe reading: half a line, a pause, then the rest is one line", "[referee][pipe]") {
  check_reads_exactly("clump:size=6", "pause_midline_bot");
}

TEST_CASE("pipe reading: a line cut by the end of output is not a move", "[referee][pipe]") {
  const Match m = play_match("clump:size=6", "eof_midline_bot", "first_move_bot");
  INFO(m.out);
  REQUIRE(m.games.size() == 2);
  for (int g = 0; g < 2; ++g) {
    const GameRecord& r = m.games[g];
    const int seat = g == 0 ? 1 : 2;  // seats swap between the two games
    INFO("game " << g + 1 << ": " << r.termination_detail);
    CHECK(r.termination == Termination::kCrash);
    CHECK(r.fault_seat == seat);
    int moves = 0;
    for (const auto& a : r.actions) moves += a.actor == seat;
    CHECK(moves == 2);  // the third, unfinished, was not taken
  }
}

TEST_CASE("pipe reading: a line over the cap is an output flood, never a move", "[referee][pipe]") {
  const Match m = play_match("clump:size=6", "long_line_bot", "first_move_bot");
  INFO(m.out);
  REQUIRE(m.games.size() == 2);
  for (int g = 0; g < 2; ++g) {
    INFO("game " << g + 1 << ": " << m.games[g].termination_detail);
    CHECK(m.games[g].termination == Termination::kOutputFlood);
    CHECK(m.games[g].fault_seat == (g == 0 ? 1 : 2));
  }
}

}  // namespace pipe_reading_test

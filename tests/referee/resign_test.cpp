// A bot may answer `go` with `resign` (docs/protocol.md): it loses (ranked as for a fault,
// without being one), stays in play for its next game, and check-bot accepts it.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdio>

#include "protocol/messages.h"
#include "records/verify.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace resign_test {

using namespace arena;
using namespace reftest;

TEST_CASE("resign: parsed as its own message", "[referee]") {
  CHECK(protocol::parse_bot_line("resign").kind == protocol::BotMessage::Kind::kResign);
  CHECK(protocol::parse_bot_line("resign now").kind == protocol::BotMessage::Kind::kMalformed);
}

TEST_CASE("resign: two seats, the resigning seat loses, more seats, it is ranked last, records verify",
          "[referee]") {
  const std::string tag = new_tag();
  RunnerOptions opt;
  opt.time.move_time_ms = 2000;
  opt.quit_grace = std::chrono::milliseconds(200);
  std::vector<BotSpec> bots = {bot("quitter", "resign_bot", tag), bot("r1", "random_bot", tag),
                               bot("r2", "random_bot", tag), bot("r3", "random_bot", tag)};
  const auto records = play(bots,
                            {{"flume:size=5", {0, 1}, 1, "1"},
                             {"flume:size=5", {1, 0}, 2, "2"},
                             {"flows:players=4", {1, 2, 0, 3}, 3, "3"}},
                            opt);
  for (std::size_t g = 0; g < records.size(); ++g) {
    const GameRecord& r = records[g];
    INFO("game " << g + 1 << ": " << termination_name(r.termination) << " " << r.termination_detail);
    REQUIRE(r.termination == Termination::kResign);
    const int seat = g == 0 ? 1 : g == 1 ? 2 : 3;
    CHECK(r.fault_seat == seat);
    CHECK(r.results[seat - 1].score == 0);
    for (const auto& x : r.results)
      if (x.team != r.results[seat - 1].team) CHECK(x.rank < r.results[seat - 1].rank);
    CHECK_FALSE(verify_record(r, registry_game_factory()));
  }
  CHECK(processes_left(tag).empty());
}

TEST_CASE("resign: check-bot accepts a bot that resigns", "[referee]") {
  const std::string cmd = std::string(ARENA_BIN_DIR) + "/arena check-bot " + bin("resign_bot") +
                          " --game flume:size=5 --games 3 2>&1";
  FILE* p = ::popen(cmd.c_str(), "r");
  REQUIRE(p);
  std::string out;
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int st = ::pclose(p);
  INFO(out);
  CHECK(WIFEXITED(st));
  CHECK(WEXITSTATUS(st) == 0);
}

}  // namespace resign_test

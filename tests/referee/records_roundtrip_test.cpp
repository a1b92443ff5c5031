// The records the referee writes: every verdict and every game pass `arena verify`'s
// checks, read back unchanged, and an edited record fails.
#include <catch2/catch.hpp>

#include "engine/core/registry.h"
#include "records/pgn.h"
#include "records/verify.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace records_roundtrip_test {

using namespace arena;
using namespace reftest;

TEST_CASE("referee records: normal games and every fault verify and read back", "[referee]") {
  const std::string tag = new_tag();
  std::vector<BotSpec> bots = {bot("good", "random_bot", tag),     bot("slow", "slow_bot", tag),
                               bot("illegal", "illegal_bot", tag), bot("garbage", "garbage_bot", tag),
                               bot("crash", "crash_bot", tag),     bot("silent", "silent_bot", tag)};
  std::vector<GameJob> jobs;
  for (int b = 1; b < static_cast<int>(bots.size()); ++b) jobs.push_back(GameJob{"clump", {0, b}, 9, "f"});
  for (const GameEntry* entry : all_games()) {
    auto g = make_game(entry->info.id);
    jobs.push_back(GameJob{g->spec(), std::vector<int>(g->num_players(), 0), 4, entry->info.id});
  }
  RunnerOptions opt;
  opt.time.move_time_ms = 300;
  opt.time.startup_ms = 500;
  opt.concurrency = 4;
  auto records = play(bots, jobs, opt);
  std::string text;
  for (const auto& r : records) text += format_pgn(r);
  VerifyReport report = verify_pgn(text, registry_game_factory());
  for (const auto& f : report.failures)
    UNSCOPED_INFO("game " << f.game << " line " << f.line << ": " << f.message);
  CHECK(report.ok());
  CHECK(report.games == static_cast<int>(jobs.size()));

  std::vector<PgnError> errors;
  auto back = parse_pgn(text, errors);
  CHECK(errors.empty());
  REQUIRE(back.size() == records.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    CHECK(back[i].termination == records[i].termination);
    CHECK(back[i].fault_seat == records[i].fault_seat);
    CHECK(back[i].players == records[i].players);
    CHECK(back[i].results == records[i].results);
    CHECK(actions_text(back[i]) == actions_text(records[i]));
  }

  // An edited record (a seat's last move replaced by another seat's) fails.
  GameRecord edited = records.back();
  REQUIRE(edited.actions.size() >= 2);
  edited.actions.back().text = "zz-zz";
  CHECK_FALSE(verify_pgn(format_pgn(edited), registry_game_factory()).ok());
  CHECK(processes_left(tag).empty());
}

}  // namespace records_roundtrip_test

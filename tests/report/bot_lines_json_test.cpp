// The bots' lines in a replay (report/bot_lines_json.h): each line with its decision, seat and
// kind, and the cap's cut, which the page states; the record's comment numbered N is decision N-1
// (records/decisions.h).
#include <catch2/catch.hpp>

#include "records/json_text.h"
#include "report/replay.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace bot_lines_json_test {

using namespace arena;

TEST_CASE("replay JSON holds the bot lines and where the cap cut them", "[report][botlines]") {
  GameRecord r;
  r.spec = "clump:size=6";
  r.players = {"a", "b"};
  r.actions = {{1, "a1-b1", 10}};
  r.termination = Termination::kAborted;
  r.bot_lines = {{1, 1, BotLine::Kind::kStderr, "hello"}, {2, 2, BotLine::Kind::kInfo, "value 0.5"}};
  r.bot_lines_cut = 2;
  r.bot_lines_dropped = 99;
  const auto replay = report::replay_json(r, true);
  CHECK(json_text(replay.at("i")) == R"([[0,1,1,"hello"],[1,2,0,"value 0.5"]])");
  CHECK(json_text(replay.at("ic")) == "[1,99]");
  r.bot_lines.clear();
  r.bot_lines_cut = 0;
  const auto quiet = report::replay_json(r, true);
  CHECK(!quiet.contains("i"));
  CHECK(!quiet.contains("ic"));
}

}  // namespace bot_lines_json_test

// The bots' own lines through the real `arena` binary (docs/records.md, "Bot lines"): every
// info and stderr line of tests/bots/chatty_bot lands in the record at the ply of the decision
// it was written for, no bot hears another's lines, and --bot-lines-cap cuts a prefix and says
// where.
#include <catch2/catch.hpp>

#include "../tournaments/formats_test_util.h"
#include "records/pgn.h"
#include "tests/pgn_read.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace bot_lines_test {

namespace {

using namespace fmtest;

using shelltest::records;

std::string chatty(const std::string& name, const fs::path& spy, const std::string& tag) {
  return name + "=" + reftest::bin("chatty_bot") + " --spy " + spy.string() + " " + tag;
}

std::string number(double x) {
  std::ostringstream s;
  s << x;
  return s.str();
}

}  // namespace

TEST_CASE("bot lines: info and stderr lines land in the record at the ply they were written for",
          "[cli][botlines]") {
  Dir dir("botlines");
  fs::create_directories(dir.path);
  const auto tag = reftest::new_tag();
  const fs::path pgn = dir.path / "games.pgn", a_spy = dir.path / "a.spy", b_spy = dir.path / "b.spy";
  REQUIRE(run({reftest::bin("arena"), "match", "clump:size=6", "--games", "2", "--seed", "5", "--out",
               pgn.string(), "--bot", chatty("a", a_spy, tag), "--bot", chatty("b", b_spy, tag), "--quiet"},
              dir.path / "out.txt") == 0);
  const auto games = records(pgn);
  REQUIRE(games.size() == 2);
  for (const arena::GameRecord& g : games) {
    std::vector<std::string> expected;  // "ply seat kind text", in order
    std::vector<int> decisions(3, 0);
    for (std::size_t i = 0; i < g.actions.size(); ++i) {
      const int s = g.actions[i].actor;
      REQUIRE(s >= 1);  // clump has no chance
      const int d = ++decisions[s];
      // The record numbers the lines of decision i (taken in position i, sent `obs ply i`) i+1.
      const std::string p = std::to_string(i + 1) + " " + std::to_string(s) + " ";
      const std::string cell = g.actions[i].text.substr(0, g.actions[i].text.find('-'));
      expected.push_back(p + "stderr chatty: seat " + std::to_string(s) + " turn " + std::to_string(d) +
                         " obs ply " + std::to_string(i));
      expected.push_back(p + "info value " + number((s == 1 ? 1 : -1) * d / 10.0));
      expected.push_back(p + "info mark " + cell + " zebra-" + std::to_string(d));
      expected.push_back(p + "info data nodes " + std::to_string(d * 100));
    }
    std::vector<std::string> got;
    for (const arena::BotLine& l : g.bot_lines)
      got.push_back(std::to_string(l.ply) + " " + std::to_string(l.seat) + " " +
                    (l.kind == arena::BotLine::Kind::kInfo ? "info " : "stderr ") + l.text);
    CHECK(got == expected);
    CHECK(g.bot_lines_cut == 0);
  }
  // The referee forwards none of it: neither bot was ever sent a line of the other's.
  for (const fs::path& spy : {a_spy, b_spy}) {
    const std::string heard = slurp(spy);
    REQUIRE(heard.find("newgame") != std::string::npos);
    CHECK(heard.find("zebra") == std::string::npos);
    CHECK(heard.find("chatty:") == std::string::npos);
    CHECK(heard.find("nodes") == std::string::npos);
    CHECK(heard.find("value") == std::string::npos);
  }
  // And `arena verify` reads such records as any other.
  CHECK(run({reftest::bin("arena"), "verify", pgn.string()}, dir.path / "verify.txt") == 0);
}

TEST_CASE("bot lines: --bot-lines-cap keeps a prefix and the record says where it cut", "[cli][botlines]") {
  Dir dir("botlines-cap");
  fs::create_directories(dir.path);
  const auto tag = reftest::new_tag();
  const fs::path pgn = dir.path / "games.pgn";
  REQUIRE(run({reftest::bin("arena"), "match", "clump:size=6", "--games", "1", "--seed", "5", "--out",
               pgn.string(), "--bot-lines-cap", "300", "--bot", chatty("a", dir.path / "a.spy", tag), "--bot",
               chatty("b", dir.path / "b.spy", tag), "--quiet"},
              dir.path / "out.txt") == 0);
  const auto games = records(pgn);
  REQUIRE(games.size() == 1);
  const arena::GameRecord& g = games[0];
  std::size_t kept = 0;
  for (const arena::BotLine& l : g.bot_lines) kept += l.text.size();
  CHECK(kept <= 300);
  CHECK(kept > 200);  // the lines are short: the cap is nearly filled before it cuts
  REQUIRE(g.bot_lines_cut > 0);
  CHECK(g.bot_lines.back().ply <= g.bot_lines_cut);
  CHECK(g.bot_lines_dropped > 0);
  CHECK(slurp(pgn).find("[BotLinesCut \"" + std::to_string(g.bot_lines_cut) + " ") != std::string::npos);
  // 0 keeps none.
  const fs::path none = dir.path / "none.pgn";
  REQUIRE(run({reftest::bin("arena"), "match", "clump:size=6", "--games", "1", "--seed", "5", "--out",
               none.string(), "--bot-lines-cap", "0", "--bot", chatty("a", dir.path / "a.spy", tag), "--bot",
               chatty("b", dir.path / "b.spy", tag), "--quiet"},
              dir.path / "out.txt") == 0);
  const auto quiet = records(none);
  REQUIRE(quiet.size() == 1);
  CHECK(quiet[0].bot_lines.empty());
  CHECK(quiet[0].bot_lines_cut == 0);
}

}  // namespace bot_lines_test

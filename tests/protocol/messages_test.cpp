#include "protocol/messages.h"

#include <catch2/catch.hpp>
#include <cstdio>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace messages_test {

using namespace arena::protocol;
using K = BotMessage::Kind;

TEST_CASE("messages: referee lines", "[protocol]") {
  CHECK(hello_line() == "arena 1");
  CHECK(newgame_line("clump:size=8", 2, 2, 42) == "newgame clump:size=8 2 2 42");
  CHECK(event_line(1, "c3") == "event 1 c3");
  CHECK(event_line(0, "?") == "event chance ?");
  CHECK(legal_line({"a1", "b2"}) == "legal a1 b2");
  CHECK(legal_line({}) == "legal");
  CHECK(go_line(1500, 100, -1) == "go 1500 100 -1");
  CHECK(gameover_line("normal", {{1, 1}, {2, 0}}) == "gameover normal 1:1 2:0");
  CHECK(gameover_line("time-forfeit", {{1, 0.5}, {1, 0.5}}) == "gameover time-forfeit 1:0.5 1:0.5");
  CHECK(quit_line() == "quit");
  std::string buffer;
  append_obs_line(buffer, "board x.o");
  CHECK(buffer == "obs board x.o\n");
}

TEST_CASE("messages: a gameover line writes scores as printf's %g does", "[protocol]") {
  // The protocol's lines do not change with how they are made: every kind of score a game
  // can give (whole, halves, thirds, large, small, negative) against snprintf.
  for (const double score : {0.0, -0.0, 1.0, 0.5, 1.0 / 3, 2.0 / 3, -7.25, 21.0, 123456.0, 1234567.0, 1e-5,
                             0.0001, -1e12, 99.99995}) {
    char expected[64];
    std::snprintf(expected, sizeof expected, "gameover normal 3:%g", score);
    CHECK(gameover_line("normal", {{3, score}}) == expected);
  }
}

TEST_CASE("messages: bot lines", "[protocol]") {
  auto m = parse_bot_line("move c3");
  CHECK(m.kind == K::kMove);
  CHECK(m.text == "c3");
  CHECK(parse_bot_line("  move\tc3  ").text == "c3");
  CHECK(parse_bot_line("move").kind == K::kMalformed);
  CHECK(parse_bot_line("move a b").kind == K::kMalformed);
  m = parse_bot_line("name Deep  Clump 2");
  CHECK(m.kind == K::kName);
  CHECK(m.text == "Deep  Clump 2");
  CHECK(parse_bot_line("author A. Person").text == "A. Person");
  CHECK(parse_bot_line("name").kind == K::kMalformed);
  CHECK(parse_bot_line("ready").kind == K::kReady);
  CHECK(parse_bot_line("ready now").kind == K::kMalformed);
  m = parse_bot_line("info depth 3 score +12");
  CHECK(m.kind == K::kInfo);
  CHECK(m.text == "depth 3 score +12");
  CHECK(parse_bot_line("info").kind == K::kInfo);
  CHECK(parse_bot_line("").kind == K::kEmpty);
  CHECK(parse_bot_line("   ").kind == K::kEmpty);
  m = parse_bot_line("c3");
  CHECK(m.kind == K::kUnknown);
  CHECK(m.error.find("'c3'") != std::string::npos);
  CHECK(parse_bot_line(std::string("move a\x01")).kind == K::kUnknown);
  CHECK(parse_bot_line("MOVE c3").kind == K::kUnknown);  // keywords are case-sensitive
}

}  // namespace messages_test

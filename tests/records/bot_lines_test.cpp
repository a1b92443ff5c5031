// Bot lines in records (docs/records.md, "Bot lines"): the round trip through the PGN writer
// and reader, what older readers see, the per-game cap and malformed bot-line comments.
#include "records/bot_lines.h"

#include <catch2/catch.hpp>

#include "records/pgn.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace bot_lines_test {

using namespace arena;

namespace {

GameRecord record_with_lines() {
  GameRecord r;
  r.round = "1";
  r.spec = "clump:size=8";
  r.seed = 5;
  r.players = {"a", "b"};
  r.actions = {{1, "c3", 1000}, {2, "d4", 2000}, {1, "e5", 3000}};
  r.results = {{2, 0, 0}, {1, 1, 1}};
  r.termination = Termination::kIllegalMove;
  r.fault_seat = 1;
  r.bot_lines = {
      {1, 1, BotLine::Kind::kStderr, "loading weights"},
      {1, 1, BotLine::Kind::kInfo, "value 0.25"},
      {1, 2, BotLine::Kind::kStderr, "pondering {while} 100% [sure]\tdone\x01"},
      {2, 2, BotLine::Kind::kInfo, "mark c3 my threat"},
      {3, 1, BotLine::Kind::kInfo, ""},
      {3, 1, BotLine::Kind::kInfo, "data nodes 12345"},
      // The decision that ended the game (an illegal move, not an action): one past the last.
      {4, 1, BotLine::Kind::kStderr,
       std::string("why ") + std::string(60, 'x') + " then [bracket]  two  spaces and a much longer tail " +
           std::string(100, 'y') + " end "},
      {4, 1, BotLine::Kind::kStderr, "ünïcode ✓"},
  };
  return r;
}

GameRecord read_one(const std::string& text) {
  std::vector<PgnError> errors;
  auto games = parse_pgn(text, errors);
  INFO(text);
  for (const auto& e : errors) INFO(e.line << ": " << e.message);
  REQUIRE(errors.empty());
  REQUIRE(games.size() == 1);
  return games[0];
}

}  // namespace

TEST_CASE("bot lines round-trip through the PGN writer and reader at their plies", "[records][botlines]") {
  const GameRecord r = record_with_lines();
  const std::string text = format_pgn(r);
  CHECK(text.find("{1: s1 stderr loading weights}\n{1: s1 info value 0.25}") != std::string::npos);
  CHECK(text.find("{1: s2 stderr pondering %7Bwhile%7D 100%25 [sure]%09done%01}") != std::string::npos);
  // Before the action they were written for, each comment on lines of its own.
  CHECK(text.find("{2: s2 info mark c3 my threat}\n{2. s2 d4") != std::string::npos);
  const std::size_t movetext = text.find("\n\n") + 2;
  for (std::size_t start = movetext, end; (end = text.find('\n', start)) != std::string::npos;
       start = end + 1) {
    const std::string line = text.substr(start, end - start);
    CHECK(line.size() <= 79 + 100);            // only the run of 100 y's cannot be broken
    if (!line.empty()) CHECK(line[0] != '[');  // a line starting with '[' would read as a tag
  }
  const GameRecord back = read_one(text);
  CHECK(back.bot_lines == r.bot_lines);
  CHECK(back.actions.size() == 3);
  CHECK(back.bot_lines_cut == 0);
  CHECK(format_pgn(back) == text);
}

TEST_CASE("bot line comments are free comments to a reader that does not know them", "[records][botlines]") {
  // What an older Arena reader (and any PGN reader) sees: comments that are not actions.
  std::string text = format_pgn(record_with_lines());
  GameRecord plain = record_with_lines();
  plain.bot_lines.clear();
  const std::string without = format_pgn(plain);
  const GameRecord back = read_one(text);
  CHECK(back.actions.size() == read_one(without).actions.size());
  // A hand-written annotation shaped almost like a bot line stays an annotation.
  const std::size_t at = without.find("{1. s1");
  const GameRecord annotated =
      read_one(without.substr(0, at) + "{1: s1 thinks hard} {2: nothing}\n" + without.substr(at));
  CHECK(annotated.bot_lines.empty());
}

TEST_CASE("the bot lines cap keeps a prefix and the record says where it cut", "[records][botlines]") {
  GameRecord r = record_with_lines();
  r.bot_lines.clear();
  BotLineCap cap(20);
  cap.keep(r, 1, 1, BotLine::Kind::kInfo, "value 0.5");     // 9 bytes
  cap.keep(r, 2, 2, BotLine::Kind::kStderr, "0123456789");  // 19
  cap.keep(r, 3, 1, BotLine::Kind::kInfo, "value 0.75");    // would be 29: cut here
  cap.keep(r, 3, 2, BotLine::Kind::kInfo, "x");             // fits, but after the cut: dropped
  REQUIRE(r.bot_lines.size() == 2);
  CHECK(r.bot_lines[1].text == "0123456789");
  CHECK(r.bot_lines_cut == 3);
  CHECK(r.bot_lines_dropped == 11);
  const std::string text = format_pgn(r);
  CHECK(text.find("[BotLinesCut \"3 11\"]") != std::string::npos);
  const GameRecord back = read_one(text);
  CHECK(back.bot_lines == r.bot_lines);
  CHECK(back.bot_lines_cut == 3);
  CHECK(back.bot_lines_dropped == 11);
  CHECK(back.extra_tags.empty());
  BotLineCap none(0);
  GameRecord quiet = record_with_lines();
  quiet.bot_lines.clear();
  none.keep(quiet, 1, 1, BotLine::Kind::kInfo, "");  // an empty line fits even a zero cap
  none.keep(quiet, 2, 1, BotLine::Kind::kInfo, "a");
  CHECK(quiet.bot_lines.size() == 1);
  CHECK(quiet.bot_lines_cut == 2);
}

TEST_CASE("malformed bot lines are errors naming what is wrong", "[records][botlines]") {
  const std::string good = format_pgn(record_with_lines());
  auto error_of = [](const std::string& text) {
    std::vector<PgnError> errors;
    parse_pgn(text, errors);
    return errors.empty() ? std::string() : errors[0].message;
  };
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = good;
    const std::size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    return t.replace(at, from.size(), to);
  };
  CHECK_THAT(error_of(replaced("{2: s2 info mark", "{3: s2 info mark")),
             Catch::Contains("before action 2 must be numbered 2"));
  CHECK_THAT(error_of(replaced("{2: s2 info mark", "{2: s3 info mark")),
             Catch::Contains("bot line of seat s3 but the game has 2 seats"));
  CHECK_THAT(error_of(replaced("100%25", "100%2")), Catch::Contains("bad %-escape"));
  CHECK_THAT(error_of(replaced("[Termination", "[BotLinesCut \"x\"]\n[Termination")),
             Catch::Contains("BotLinesCut 'x' is not 'PLY BYTES'"));
}

}  // namespace bot_lines_test

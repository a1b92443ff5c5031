#include "records/pgn.h"

#include <algorithm>
#include <catch2/catch.hpp>

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace pgn_test {

using namespace arena;

namespace {

GameRecord two_seat_record() {
  GameRecord r;
  r.event = "Arena test";
  r.site = "lab";
  r.date = "2026.11.21";
  r.round = "3.2";
  r.spec = "clump:size=8";
  r.seed = 18446744073709551615ull;
  r.time_control = "10+0.1";
  r.players = {"Random \"Joe\" \\ v2", "greedy bot"};
  r.actions = {{1, "c3", 512000}, {2, "d4", 1}, {kChance, "roll:6", -1}, {1, "e5", 1234567}};
  r.results = {{1, 1.0, 0}, {2, 0.0, 1}};
  r.termination = Termination::kNormal;
  r.referee_version = "arena 0.1.0";
  r.extra_tags = {{"Annotator", "me"}};
  return r;
}

GameRecord four_seat_record() {
  GameRecord r;
  r.spec = "flush:players=4";
  r.seed = 7;
  r.players = {"a", "b b", "c", "d"};
  for (int i = 0; i < 40; ++i) r.actions.push_back({i % 4 + 1, "play:" + std::to_string(i), 1000 * i});
  r.actions.push_back({kChance, "deal:AH", -1});
  r.results = {{1, 3.5, 0}, {2, 1, 1}, {2, 1, 0}, {4, -2.25, 1}};
  r.termination = Termination::kTimeForfeit;
  r.fault_seat = 4;
  r.termination_detail = "no move in 10s\nline2\t\x01";
  return r;
}

void check_same(const GameRecord& a, const GameRecord& b) {
  CHECK(a.event == b.event);
  CHECK(a.site == b.site);
  CHECK(a.date == b.date);
  CHECK(a.round == b.round);
  CHECK(a.spec == b.spec);
  CHECK(a.seed == b.seed);
  CHECK(a.time_control == b.time_control);
  CHECK(a.players == b.players);
  REQUIRE(a.actions.size() == b.actions.size());
  for (size_t i = 0; i < a.actions.size(); ++i) {
    CHECK(a.actions[i].actor == b.actions[i].actor);
    CHECK(a.actions[i].text == b.actions[i].text);
    CHECK(a.actions[i].micros == b.actions[i].micros);
  }
  CHECK(a.results == b.results);
  CHECK(a.termination == b.termination);
  CHECK(a.fault_seat == b.fault_seat);
  CHECK(a.termination_detail == b.termination_detail);
  CHECK(a.referee_version == b.referee_version);
  CHECK(a.extra_tags == b.extra_tags);
}

std::vector<GameRecord> parse_ok(const std::string& text) {
  std::vector<PgnError> errors;
  auto games = parse_pgn(text, errors);
  for (const auto& e : errors) INFO("game " << e.game << " line " << e.line << ": " << e.message);
  CHECK(errors.empty());
  return games;
}

PgnError parse_one_error(const std::string& text) {
  std::vector<PgnError> errors;
  auto games = parse_pgn(text, errors);
  CHECK(games.empty());
  REQUIRE(errors.size() == 1);
  return errors[0];
}

std::string replace(std::string s, const std::string& from, const std::string& to) {
  size_t p = s.find(from);
  REQUIRE(p != std::string::npos);
  return s.replace(p, from.size(), to);
}

}  // namespace

TEST_CASE("termination names round trip and are distinct", "[records]") {
  std::vector<std::string> names;
  for (int t = 0; t <= static_cast<int>(Termination::kAborted); ++t) {
    auto term = static_cast<Termination>(t);
    std::string name = termination_name(term);
    CHECK(termination_from_name(name) == term);
    for (const auto& n : names) CHECK(n != name);
    names.push_back(name);
  }
  CHECK(termination_name(Termination::kTimeForfeit) == std::string("time forfeit"));
  CHECK_FALSE(termination_from_name("Time Forfeit"));
  CHECK_FALSE(termination_from_name(""));
}

TEST_CASE("pgn: a two-seat record round trips and carries standard tags", "[records]") {
  GameRecord r = two_seat_record();
  std::string text = format_pgn(r);
  CHECK(text.find("[White \"Random \\\"Joe\\\" \\\\ v2\"]\n") != std::string::npos);
  CHECK(text.find("[Black \"greedy bot\"]\n") != std::string::npos);
  CHECK(text.find("[Result \"1-0\"]\n") != std::string::npos);
  CHECK(text.find("[Game \"clump:size=8\"]\n") != std::string::npos);
  CHECK(text.find("[Seat2 \"greedy bot\"]\n") != std::string::npos);
  CHECK(text.find("[Seed \"18446744073709551615\"]\n") != std::string::npos);
  CHECK(
      text.find("{1. s1 c3 0.512s} {2. s2 d4 0.000001s} {3. chance roll:6} {4. s1 e5 1.234567s}\n1-0\n\n") !=
      std::string::npos);
  auto games = parse_ok(text);
  REQUIRE(games.size() == 1);
  check_same(games[0], r);
}

TEST_CASE("pgn: results map to 1-0, 0-1, 1/2-1/2 and * for aborted games", "[records]") {
  GameRecord r = two_seat_record();
  r.results = {{2, 0, 0}, {1, 1, 1}};
  CHECK(format_pgn(r).find("[Result \"0-1\"]") != std::string::npos);
  r.results = {{1, 0.5, 0}, {1, 0.5, 1}};
  CHECK(format_pgn(r).find("[Result \"1/2-1/2\"]") != std::string::npos);
  r.results.clear();
  r.termination = Termination::kAborted;
  std::string text = format_pgn(r);
  CHECK(text.find("[Result \"*\"]") != std::string::npos);
  CHECK(text.find("Ranks") == std::string::npos);
  auto games = parse_ok(text);
  REQUIRE(games.size() == 1);
  check_same(games[0], r);
}

TEST_CASE("pgn: a multi-seat record with teams, fault and escapes round trips", "[records]") {
  GameRecord r = four_seat_record();
  std::string text = format_pgn(r);
  CHECK(text.find("White") == std::string::npos);
  CHECK(text.find("[Result \"*\"]") != std::string::npos);
  CHECK(text.find("[Ranks \"1 2 2 4\"]") != std::string::npos);
  CHECK(text.find("[Scores \"3.5 1 1 -2.25\"]") != std::string::npos);
  CHECK(text.find("[Teams \"0 1 0 1\"]") != std::string::npos);
  CHECK(text.find("[Termination \"time forfeit\"]") != std::string::npos);
  CHECK(text.find("[FaultSeat \"4\"]") != std::string::npos);
  CHECK(text.find("[TerminationDetail \"no move in 10s\\nline2\\t\\x01\"]") != std::string::npos);
  // Movetext lines stay within the PGN export limit.
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    CHECK(end - start < 80);
    start = end + 1;
  }
  auto games = parse_ok(text);
  REQUIRE(games.size() == 1);
  check_same(games[0], r);
}

TEST_CASE("pgn: unknown fields read back as empty, odd move texts are escaped", "[records]") {
  GameRecord r = two_seat_record();
  r.event = r.site = r.date = r.round = r.time_control = "";
  r.actions = {{1, "a{b}c%d", 5}, {2, "x y", -1}};
  std::string text = format_pgn(r);
  CHECK(text.find("[Date \"????.??.??\"]") != std::string::npos);
  CHECK(text.find("{1. s1 a%7Bb%7Dc%25d 0.000005s} {2. s2 x%20y}") != std::string::npos);
  auto games = parse_ok(text);
  REQUIRE(games.size() == 1);
  check_same(games[0], r);
}

TEST_CASE("pgn: many games per file, CRLF line ends, comments and escapes ignored", "[records]") {
  GameRecord a = two_seat_record(), b = four_seat_record();
  std::string text = "% written by a test\n" + format_pgn(a) + format_pgn(b) + format_pgn(a);
  std::string crlf;
  for (char c : text) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  auto games = parse_ok(crlf);
  REQUIRE(games.size() == 3);
  check_same(games[0], a);
  check_same(games[1], b);
  check_same(games[2], a);
  // A free annotation comment and a ';' comment are not actions.
  std::string annotated = replace(format_pgn(a), "{2. s2", "{a note} ; rest\n{2. s2");
  games = parse_ok(annotated);
  REQUIRE(games.size() == 1);
  check_same(games[0], a);
}

TEST_CASE("pgn: plain two-seat PGN results imply ranks", "[records]") {
  auto games = parse_ok(
      "[White \"x\"]\n[Black \"y\"]\n[Result \"0-1\"]\n[Game \"clump\"]\n[Seat1 \"x\"]\n"
      "[Seat2 \"y\"]\n\n{1. s1 a1} 0-1\n");
  REQUIRE(games.size() == 1);
  CHECK(games[0].results == std::vector<SeatResult>{{2, 0, 0}, {1, 1, 1}});
  CHECK(games[0].termination == Termination::kNormal);
  CHECK(games[0].actions[0].micros == -1);
}

TEST_CASE("pgn: malformed records give an error with game and line, never a crash", "[records]") {
  const std::string good = format_pgn(two_seat_record());
  // Lines: 1 Event, 2 Site, 3 Date, 4 Round, 5 White, 6 Black, 7 Result, 8 Game, 9 Seat1,
  // 10 Seat2, 11 Seed, 12 TimeControl, 13 Ranks, 14 Scores, 15 Termination, ..., 19 movetext.
  struct Case {
    std::string from, to;
    int line;
    std::string needle;
  };
  std::vector<Case> cases = {
      {"[Seed \"18446744073709551615\"]", "[Seed \"12x\"]", 11, "Seed"},
      {"[Seed \"18446744073709551615\"]", "[Seed \"18446744073709551616\"]", 11, "Seed"},
      {"[Game \"clump:size=8\"]", "[Game \"clump:size=8]", 8, "closing quote"},
      {"[Game \"clump:size=8\"]", "[Game clump]", 8, "quoted"},
      {"[Game \"clump:size=8\"]\n", "", 1, "Game"},
      {"[Termination \"normal\"]", "[Termination \"resigned\"]", 15, "Termination"},
      {"[Ranks \"1 2\"]", "[Ranks \"1\"]", 13, "Ranks"},
      {"[Ranks \"1 2\"]", "[Ranks \"2 1\"]", 7, "disagrees"},
      {"[Scores \"1 0\"]", "[Scores \"1 zero\"]", 14, "Scores"},
      {"[White \"Random", "[White \"Randy", 5, "White"},
      {"[Result \"1-0\"]", "[Result \"2-0\"]", 7, "Result"},
      {"{2. s2 d4 0.000001s}", "{3. s2 d4 0.000001s}", 19, "expected action number 2"},
      {"{2. s2 d4 0.000001s}", "{2. s3 d4 0.000001s}", 19, "seats"},
      {"{2. s2 d4 0.000001s}", "{2. p2 d4 0.000001s}", 19, "actor"},
      {"{2. s2 d4 0.000001s}", "{2. s2 d4 1.5ms}", 19, "time"},
      {"{2. s2 d4 0.000001s}", "{2. s2 d%4 0.000001s}", 19, "escape"},
      {"{3. chance roll:6}", "{3. chance roll:6 0.1s}", 19, "chance"},
      {"{2. s2 d4 0.000001s}", "{2. s2 d4 0.000001s", 19, "never closed"},
      {"{2. s2 d4 0.000001s}", "2. d4", 19, "unexpected '2.'"},
      {"\n1-0\n", "\n", 1, "no result"},
      {"}\n1-0\n\n", "}\n0-1\n\n", 20, "movetext ends in 0-1"},
      {"[Seat2 \"greedy bot\"]", "[Seat3 \"greedy bot\"]", 10, "Seat3 without"},
      {"[Round \"3.2\"]", "[Round \"3.2\"] [Round \"4\"]", 4, "twice"},
      {"[Event \"Arena test\"]", "[Event \"a\\q\"]", 1, "escape"},
  };
  for (const Case& c : cases) {
    INFO(c.from << " -> " << c.to);
    PgnError e = parse_one_error(replace(good, c.from, c.to));
    CHECK(e.game == 1);
    CHECK(e.line == c.line);
    INFO(e.message);
    CHECK(e.message.find(c.needle) != std::string::npos);
  }
}

TEST_CASE("pgn: a bad game is skipped and reading goes on with the next", "[records]") {
  GameRecord a = two_seat_record(), b = four_seat_record();
  std::string bad = replace(format_pgn(a), "{2. s2", "{7. s2");
  std::string truncated = format_pgn(a).substr(0, 200);
  std::string text =
      format_pgn(b) + bad + format_pgn(a) + truncated + "\n" + format_pgn(b) + "garbage here\n";
  std::vector<PgnError> errors;
  auto games = parse_pgn(text, errors);
  REQUIRE(games.size() == 3);
  check_same(games[0], b);
  check_same(games[1], a);
  check_same(games[2], b);
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].game == 2);
  CHECK(errors[1].game == 4);
  INFO(errors[1].message);
  CHECK(errors[1].message.find("no closing quote") != std::string::npos);  // cut mid-tag
  CHECK(errors[2].game == 6);
  CHECK(errors[2].message.find("without tag pairs") != std::string::npos);
  // A repeated tag name starts the next game: a file cut short and appended to loses one game only.
  errors.clear();
  games = parse_pgn(format_pgn(b).substr(0, 52) + format_pgn(a), errors);
  REQUIRE(games.size() == 1);
  check_same(games[0], a);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].line == 1);
  CHECK(errors[0].message.find("no movetext") != std::string::npos);
  // Line numbers point into the whole text: game 2's bad action is after game 1's lines.
  errors.clear();
  parse_pgn(text, errors);
  const std::string first = format_pgn(b);
  CHECK(errors[0].line > static_cast<int>(std::count(first.begin(), first.end(), '\n')));
}

TEST_CASE("pgn: arbitrary bytes never crash the reader", "[records]") {
  const std::string good = format_pgn(four_seat_record()) + format_pgn(two_seat_record());
  std::uint64_t x = 88172645463325252ull;
  auto next = [&] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  const char alphabet[] = "[]{}\"\\%;. \n\r\t1-0*/sx";
  for (int round = 0; round < 2000; ++round) {
    std::string text = good;
    int edits = 1 + next() % 6;
    for (int e = 0; e < edits; ++e) {
      size_t pos = next() % text.size();
      switch (next() % 3) {
        case 0:
          text[pos] = alphabet[next() % (sizeof alphabet - 1)];
          break;
        case 1:
          text.erase(pos, 1 + next() % 20);
          break;
        default:
          text.insert(pos, 1, static_cast<char>(next() % 256));
          break;
      }
      if (text.empty()) text = "[";
    }
    std::vector<PgnError> errors;
    auto games = parse_pgn(text, errors);
    CHECK(games.size() + errors.size() >= 1);
    for (const auto& err : errors) {
      CHECK(err.line >= 1);
      CHECK(!err.message.empty());
    }
  }
}

}  // namespace pgn_test

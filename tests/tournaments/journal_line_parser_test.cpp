#include "tournaments/journal_line_parser.h"

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "tournaments/journal.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace journal_line_parser_test {

using namespace arena;

namespace {
JournalEntry sample() {
  JournalEntry e;
  e.index = 41;
  e.round = "3.17.2";
  e.seed = 18446744073709551615ULL;  // 2^64 - 1: kept exactly as text
  e.players = {"alpha", "beta-2", "gamma"};
  e.ranks = {2, 1, 2};
  e.scores = {0.1, -12.5, 1e300};
  e.teams = {0, 1, 0};
  e.termination = "time-forfeit";
  e.fault_seat = 3;
  e.pgn_end = 123456789012ULL;
  return e;
}

// With `exact_scores` false, scores may differ in the last place: from_chars rounds
// exactly, Boost.JSON 1.81 may be an ulp off on long mantissas.
void check_equal(const JournalEntry& a, const JournalEntry& b, bool exact_scores = true) {
  CHECK(a.index == b.index);
  CHECK(a.round == b.round);
  CHECK(a.seed == b.seed);
  CHECK(a.players == b.players);
  CHECK(a.ranks == b.ranks);
  if (exact_scores) {
    CHECK(a.scores == b.scores);
  } else {
    REQUIRE(a.scores.size() == b.scores.size());
    for (std::size_t k = 0; k < a.scores.size(); ++k)
      CHECK(a.scores[k] == Approx(b.scores[k]).epsilon(1e-15));
  }
  CHECK(a.teams == b.teams);
  CHECK(a.termination == b.termination);
  CHECK(a.fault_seat == b.fault_seat);
  CHECK(a.pgn_end == b.pgn_end);
}

// `line` without its newline.
std::string line_of(const JournalEntry& e) {
  std::string line = journal_line(e);
  line.pop_back();
  return line;
}

// A general JSON reading of a line, the reference for the mutated lines: Boost.JSON's
// object, its keys in journal_line()'s order and nothing else.
bool read_by_boost(const std::string& line, JournalEntry& e) {
  namespace json = boost::json;
  json::error_code ec;
  const json::value v = json::parse(line, ec);
  if (ec || !v.is_object()) return false;
  const json::object& o = v.as_object();
  const char* keys[] = {"index",  "round", "seed",        "players",    "ranks",
                        "scores", "teams", "termination", "fault_seat", "pgn_end"};
  if (o.size() != std::size(keys)) return false;
  std::size_t k = 0;
  for (const auto& kv : o)
    if (kv.key() != keys[k++]) return false;
  try {
    e.index = json::value_to<int>(o.at("index"));
    e.round = json::value_to<std::string>(o.at("round"));
    e.seed = std::stoull(json::value_to<std::string>(o.at("seed")));
    e.players = json::value_to<std::vector<std::string>>(o.at("players"));
    e.ranks = json::value_to<std::vector<int>>(o.at("ranks"));
    e.scores = json::value_to<std::vector<double>>(o.at("scores"));
    e.teams = json::value_to<std::vector<int>>(o.at("teams"));
    e.termination = json::value_to<std::string>(o.at("termination"));
    e.fault_seat = json::value_to<int>(o.at("fault_seat"));
    e.pgn_end = json::value_to<std::uint64_t>(o.at("pgn_end"));
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

// A fixed xorshift sequence: the same lines every run.
struct Xorshift {
  std::uint64_t state;
  std::uint64_t operator()() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
};
}  // namespace

TEST_CASE("journal line parser: every field of a written line", "[journal]") {
  const JournalEntry e = sample();
  JournalEntry read;
  parse_journal_line(std::string_view(line_of(e)), read);
  check_equal(read, e);
  // An aborted game: empty arrays; negative and zero numbers.
  JournalEntry aborted = e;
  aborted.index = 0;
  aborted.ranks.clear();
  aborted.scores.clear();
  aborted.teams.clear();
  aborted.fault_seat = -1;
  aborted.seed = 0;
  aborted.pgn_end = 0;
  parse_journal_line(std::string_view(line_of(aborted)), read);  // reuses read's buffers
  check_equal(read, aborted);
  check_equal(parse_journal_line(line_of(e)), e);
}

TEST_CASE("journal line parser: scores read back bit for bit", "[journal]") {
  JournalEntry e = sample();
  e.scores = {0.5, 1.0 / 3, 2.0 / 3, 1e-310, -0.0, 123456.789, 5e-324};
  const JournalEntry read = parse_journal_line(line_of(e));
  CHECK(read.scores == e.scores);
  CHECK(std::signbit(read.scores[4]));
}

TEST_CASE("journal line parser: escaped and non-ASCII strings", "[journal]") {
  JournalEntry e = sample();
  e.players = {"a \"quoted\" bot", "back\\slash", "tab\there", std::string("ctrl\x01\x1f/", 7)};
  e.round = "r\u00e9sum\u00e9 \U0001F600";
  check_equal(parse_journal_line(line_of(e)), e);
  // \u escapes as any JSON writer may put them, a surrogate pair among them.
  std::string line = line_of(sample());
  line.replace(line.find("\"alpha\""), 7, R"("\u00e9\ud83d\ude00\/\b\f\n\r")");
  CHECK(parse_journal_line(line).players[0] == "\u00e9\U0001F600/\b\f\n\r");
}

TEST_CASE("journal line parser: every line the writer writes reads back whole", "[journal]") {
  Xorshift next{29};
  for (int round = 0; round < 2000; ++round) {
    JournalEntry e;
    auto text = [&next] {
      std::string s;
      for (int n = next() % 12; n > 0; --n) s += static_cast<char>(1 + next() % 255);
      return s;
    };
    e.index = static_cast<int>(next());
    e.round = text();
    e.seed = next();
    for (int seats = next() % 5; seats > 0; --seats) {
      e.players.push_back(text());
      e.ranks.push_back(static_cast<int>(next()));
      double d;
      do {
        const std::uint64_t bits = next();
        std::memcpy(&d, &bits, sizeof d);
      } while (!std::isfinite(d));
      e.scores.push_back(d);
      e.teams.push_back(static_cast<int>(next() % 3));
    }
    e.termination = text();
    e.fault_seat = round % 2 ? std::numeric_limits<int>::min() : std::numeric_limits<int>::max();
    e.pgn_end = next();
    INFO(journal_line(e));
    check_equal(parse_journal_line(line_of(e)), e);
  }
}

TEST_CASE("journal line parser: malformed lines are named", "[journal]") {
  const std::string good = line_of(sample());
  CHECK_THROWS_WITH(parse_journal_line(good.substr(0, good.size() / 2)),
                    Catch::Contains("not a JSON object"));
  CHECK_THROWS_WITH(parse_journal_line(good + "x"), Catch::Contains("not a JSON object"));
  CHECK_THROWS_WITH(parse_journal_line(""), Catch::Contains("not a JSON object"));
  CHECK_THROWS_WITH(parse_journal_line("{\"index\":1}"), Catch::Contains("missing \"round\""));
  std::string spaced = good;
  spaced.insert(1, " ");
  CHECK_THROWS_WITH(parse_journal_line(spaced), Catch::Contains("expected \"index\" at byte 2"));
  std::string reordered = good;
  reordered.replace(0, reordered.find(",\"seed\""), R"({"round":"3.17.2","index":41)");
  CHECK_THROWS_WITH(parse_journal_line(reordered), Catch::Contains("expected \"index\""));
  std::string bad_seed = good;
  bad_seed.replace(bad_seed.find("18446744073709551615"), 20, "12x");
  CHECK_THROWS_WITH(parse_journal_line(bad_seed), Catch::Contains("\"seed\": not a string of digits"));
  std::string text_index = good;
  text_index.replace(text_index.find("41"), 2, "\"41\"");
  CHECK_THROWS_WITH(parse_journal_line(text_index), Catch::Contains("\"index\": not a number"));
  std::string big_rank = good;
  big_rank.replace(big_rank.find("[2,1,2]"), 7, "[2,1,99999999999]");
  CHECK_THROWS_WITH(parse_journal_line(big_rank), Catch::Contains("\"ranks\": 99999999999 is out of range"));
  std::string leading_zero = good;
  leading_zero.replace(leading_zero.find("\"index\":41"), 10, "\"index\":041");
  CHECK_THROWS_WITH(parse_journal_line(leading_zero), Catch::Contains("leading zero"));
  std::string lone = good;
  lone.replace(lone.find("\"alpha\""), 7, R"("\ud83d")");
  CHECK_THROWS_WITH(parse_journal_line(lone), Catch::Contains("\"players\": a lone surrogate"));
  std::string raw_tab = good;
  raw_tab.replace(raw_tab.find("alpha"), 1, "\t");
  CHECK_THROWS_WITH(parse_journal_line(raw_tab), Catch::Contains("control character"));
  CHECK_THROWS_WITH(parse_journal_line(good.substr(0, good.size() - 1) + ",\"extra\":1}"),
                    Catch::Contains("\"pgn_end\": unexpected text"));
}

TEST_CASE("journal line parser: a mutated line is read as a JSON reader reads it, or named", "[journal]") {
  const std::string good = line_of(sample());
  const std::string alphabet = "0123456789-+.eE\",:[]{} \\xu";
  Xorshift next{20};
  int accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string line = good;
    for (int edits = 1 + next() % 3; edits > 0; --edits) {
      const std::size_t at = next() % line.size();
      const char c = alphabet[next() % alphabet.size()];
      switch (next() % 3) {
        case 0:
          line[at] = c;
          break;
        case 1:
          line.insert(line.begin() + at, c);
          break;
        default:
          line.erase(at, 1);
      }
    }
    INFO(line);
    JournalEntry read;
    try {
      read = parse_journal_line(line);
    } catch (const UserError&) {
      continue;  // named: the journal reports it with its line number
    }
    ++accepted;
    JournalEntry general;
    REQUIRE(read_by_boost(line, general));
    check_equal(read, general, false);
  }
  CHECK(accepted > 100);  // the mutations do reach the accepting side
}

TEST_CASE("journal line parser: a time forfeit's CPU pressure after pgn_end is read, and only that",
          "[journal]") {
  const std::string good = line_of(sample());
  JournalEntry e;
  parse_journal_line(std::string_view(good.substr(0, good.size() - 1) + ",\"pressure\":41}"), e);
  CHECK(e.pressure == 41);
  parse_journal_line(std::string_view(good), e);  // reused: a line without it resets it
  CHECK(e.pressure == -1);
  CHECK_THROWS_WITH(parse_journal_line(good.substr(0, good.size() - 1) + ",\"pressure\":41,\"extra\":1}"),
                    Catch::Contains("\"pressure\": unexpected text"));
}

}  // namespace journal_line_parser_test

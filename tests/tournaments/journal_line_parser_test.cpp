#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "tournaments/journal.h"
#include "tournaments/journal_line_parser.h"

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

void check_equal(const JournalEntry& a, const JournalEntry& b) {
  CHECK(a.index == b.index);
  CHECK(a.round == b.round);
  CHECK(a.seed == b.seed);
  CHECK(a.players == b.players);
  CHECK(a.ranks == b.ranks);
  CHECK(a.scores == b.scores);
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
}  // namespace

TEST_CASE("journal line parser: every field of a written line, as the general parser reads it", "[journal]") {
  const JournalEntry e = sample();
  JournalEntry fast;
  REQUIRE(parse_journal_line_fast(line_of(e), fast));
  check_equal(fast, e);
  check_equal(fast, parse_journal_line_general(line_of(e)));
  // An aborted game: empty arrays; negative and zero numbers.
  JournalEntry aborted = e;
  aborted.index = 0;
  aborted.ranks.clear();
  aborted.scores.clear();
  aborted.teams.clear();
  aborted.fault_seat = -1;
  aborted.seed = 0;
  aborted.pgn_end = 0;
  REQUIRE(parse_journal_line_fast(line_of(aborted), fast));  // reuses fast's buffers
  check_equal(fast, aborted);
  check_equal(fast, parse_journal_line_general(line_of(aborted)));
}

TEST_CASE("journal line parser: scores read back bit for bit", "[journal]") {
  JournalEntry e = sample();
  e.scores = {0.5, 1.0 / 3, 2.0 / 3, 1e-310, -0.0, 123456.789, 5e-324};
  JournalEntry fast;
  REQUIRE(parse_journal_line_fast(line_of(e), fast));
  CHECK(fast.scores == e.scores);
  CHECK(std::signbit(fast.scores[4]));
}

TEST_CASE("journal line parser: escaped or non-ASCII strings go to the general parser", "[journal]") {
  JournalEntry e = sample();
  e.players = {"a \"quoted\" bot", "back\\slash", "tab\there"};
  e.round = "r\u00e9sum\u00e9";
  JournalEntry fast;
  CHECK_FALSE(parse_journal_line_fast(line_of(e), fast));
  check_equal(parse_journal_line(line_of(e)), e);  // through the fallback
  JournalEntry into;
  parse_journal_line(line_of(e), into);
  check_equal(into, e);
}

TEST_CASE("journal line parser: other shapes go to the general parser, which still reads them", "[journal]") {
  const JournalEntry e = sample();
  std::string spaced = line_of(e);
  spaced.insert(1, " ");
  JournalEntry fast;
  CHECK_FALSE(parse_journal_line_fast(spaced, fast));
  check_equal(parse_journal_line(spaced), e);
  // Keys in another order: valid JSON, read by the general parser.
  const std::string reordered =
      R"({"round":"1.1.1","index":0,"seed":"7","players":["a","b"],"ranks":[1,2],"scores":[1,0],)"
      R"("teams":[0,1],"termination":"normal","fault_seat":0,"pgn_end":10})";
  CHECK_FALSE(parse_journal_line_fast(reordered, fast));
  const JournalEntry r = parse_journal_line(reordered);
  CHECK(r.round == "1.1.1");
  CHECK(r.scores == std::vector<double>{1, 0});
}

TEST_CASE("journal line parser: malformed lines are refused by the fast path and named by the general one",
          "[journal]") {
  const std::string good = line_of(sample());
  JournalEntry fast;
  const std::string torn = good.substr(0, good.size() / 2);
  CHECK_FALSE(parse_journal_line_fast(torn, fast));
  CHECK_THROWS_WITH(parse_journal_line(torn), Catch::Contains("not a JSON object"));
  CHECK_FALSE(parse_journal_line_fast(good + "x", fast));
  CHECK_FALSE(parse_journal_line_fast("", fast));
  CHECK_THROWS_WITH(parse_journal_line("{\"index\":1}"), Catch::Contains("missing \"round\""));
  // A seed that is no number, an index that is text, a rank out of int's range: the
  // general parser's answers, as before the fast path.
  std::string bad_seed = good;
  bad_seed.replace(bad_seed.find("18446744073709551615"), 20, "12x");
  CHECK_FALSE(parse_journal_line_fast(bad_seed, fast));
  CHECK(parse_journal_line(bad_seed).seed == 12);  // the general parser's stoull stops at the x
  std::string text_index = good;
  text_index.replace(text_index.find("41"), 2, "\"41\"");
  CHECK_FALSE(parse_journal_line_fast(text_index, fast));
  CHECK_THROWS_WITH(parse_journal_line(text_index), Catch::Contains("not a number"));
  std::string big_rank = good;
  big_rank.replace(big_rank.find("[2,1,2]"), 7, "[2,1,99999999999]");
  CHECK_FALSE(parse_journal_line_fast(big_rank, fast));
  CHECK_THROWS_WITH(parse_journal_line(big_rank), Catch::Contains("not exact"));
  std::string leading_zero = good;
  leading_zero.replace(leading_zero.find("\"index\":41"), 10, "\"index\":041");
  CHECK_FALSE(parse_journal_line_fast(leading_zero, fast));
  CHECK_THROWS(parse_journal_line(leading_zero));
}

TEST_CASE(
    "journal line parser: on mutated lines the fast path accepts only what the general parser reads alike",
    "[journal]") {
  const std::string good = line_of(sample());
  const std::string alphabet = "0123456789-+.eE\",:[]{} \\x";
  std::uint64_t state = 20;  // a fixed xorshift sequence: the same lines every run
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  int accepted = 0;
  JournalEntry fast;
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
    if (!parse_journal_line_fast(line, fast)) continue;
    ++accepted;
    INFO(line);
    JournalEntry general;
    REQUIRE_NOTHROW(general = parse_journal_line_general(line));
    CHECK(fast.index == general.index);
    CHECK(fast.round == general.round);
    CHECK(fast.seed == general.seed);
    CHECK(fast.players == general.players);
    CHECK(fast.ranks == general.ranks);
    CHECK(fast.teams == general.teams);
    CHECK(fast.termination == general.termination);
    CHECK(fast.fault_seat == general.fault_seat);
    CHECK(fast.pgn_end == general.pgn_end);
    REQUIRE(fast.scores.size() == general.scores.size());
    // from_chars rounds exactly; Boost.JSON 1.81 may be an ulp off on long mantissas.
    for (std::size_t k = 0; k < fast.scores.size(); ++k)
      CHECK(fast.scores[k] == Approx(general.scores[k]).epsilon(1e-15));
  }
  CHECK(accepted > 100);  // the mutations do reach the fast path's accepting side
}

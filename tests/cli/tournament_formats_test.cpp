// Multi-seat Swiss and knockout tournaments through the real `arena` binary, their tables
// checked against the documented rules applied to the run's own results, surviving kill -9
// and --resume; knockout seeding from a previous run's ratings (--seeds-from); the bracket
// in report.html.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "../tournaments/formats_test_util.h"
#include "tournaments/standings.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace tournament_formats_test {

namespace {

using namespace fmtest;
using Entries = std::vector<arena::JournalEntry>;
using Bots = std::vector<std::pair<std::string, std::string>>;

const char* kThreeSeats = "flush:players=3";

// n bots named b0, b1, ... alternating random and first-move players.
Bots bots(int n) {
  Bots out;
  for (int i = 0; i < n; ++i)
    out.emplace_back("b" + std::to_string(i), i % 2 ? "first_move_bot" : "random_bot");
  return out;
}

std::string round_of(const std::string& label) { return label.substr(0, label.find('.')); }
std::string table_of(const std::string& label) { return label.substr(0, label.rfind('.')); }

// Points each bot scored in the games whose label starts with `prefix` ("2." a round, "2.3." a table).
std::map<std::string, double> points(const Entries& games, const std::string& prefix) {
  std::map<std::string, double> out;
  for (const auto& e : games) {
    if (e.round.rfind(prefix, 0) != 0) continue;
    const auto seat = arena::seat_points(e);
    for (std::size_t s = 0; s < seat.size(); ++s) out[e.players[s]] += seat[s];
  }
  return out;
}

// The bots seated at table "R.T" (every game of the table seats the same bots).
std::set<std::string> seated(const Entries& games, const std::string& table) {
  std::set<std::string> out;
  for (const auto& e : games)
    if (table_of(e.round) == table) out.insert(e.players.begin(), e.players.end());
  return out;
}

int count_tables(const Entries& games, const std::string& round) {
  std::set<std::string> tables;
  for (const auto& e : games)
    if (round_of(e.round) == round) tables.insert(table_of(e.round));
  return static_cast<int>(tables.size());
}

// Swiss with three seats, as docs/tournaments.md says: rank by score then given order; the
// `n mod 3` lowest-ranked with the fewest byes sit out (a bye scores half a table's points);
// the rest sit three by three in ranking order. Checks every round of the run against it.
void check_swiss_tables(const Entries& games, int n, int rounds, double bye_points) {
  std::vector<double> score(n, 0);
  std::vector<int> byes(n, 0);
  for (int r = 1; r <= rounds; ++r) {
    std::vector<int> ranked(n);
    for (int i = 0; i < n; ++i) ranked[i] = i;
    std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) { return score[a] > score[b]; });
    std::vector<int> candidates(ranked.rbegin(), ranked.rend());
    std::stable_sort(candidates.begin(), candidates.end(), [&](int a, int b) { return byes[a] < byes[b]; });
    const std::set<int> out(candidates.begin(), candidates.begin() + n % 3);
    std::vector<std::set<std::string>> tables;
    for (int b : ranked) {
      if (out.count(b)) continue;
      if (tables.empty() || tables.back().size() == 3) tables.emplace_back();
      tables.back().insert("b" + std::to_string(b));
    }
    INFO("round " << r);
    CHECK(count_tables(games, std::to_string(r)) == static_cast<int>(tables.size()));
    for (std::size_t t = 0; t < tables.size(); ++t)
      CHECK(seated(games, std::to_string(r) + "." + std::to_string(t + 1)) == tables[t]);
    for (int b : out) score[b] += bye_points, ++byes[b];
    for (const auto& [name, p] : points(games, std::to_string(r) + "."))
      score[std::stoi(name.substr(1))] += p;
  }
  for (int b = 0; b < n; ++b) CHECK(byes[b] <= 1);  // seven bots, three rounds: three different byes
}

// Knockout with three seats (docs/tournaments.md): the field in seed order (here the given
// order); its `n mod 3` top seeds have byes; `n / 3` tables by snake seeding, each sending on
// its best (points, then seed) `advance`, raised until the next round fills a table; at most
// three left: the final table. Checks every round of the run against it; returns the winner.
std::string check_knockout_tables(const Entries& games, int n, int advance) {
  auto name = [](int b) { return "b" + std::to_string(b); };
  std::vector<int> field(n);
  for (int i = 0; i < n; ++i) field[i] = i;
  for (int r = 1; r <= n; ++r) {
    INFO("round " << r);
    const int size = static_cast<int>(field.size()), tables = std::max(1, size / 3);
    const int byes = size <= 3 ? 0 : size % 3;
    const int go_on = size <= 3 ? 1 : std::min(2, std::max(advance, (3 - byes + tables - 1) / tables));
    std::vector<std::vector<int>> groups(tables);
    for (int i = byes; i < size; ++i) {
      const int k = i - byes, lap = k / tables, j = k % tables;
      groups[lap % 2 ? tables - 1 - j : j].push_back(field[i]);
    }
    CHECK(count_tables(games, std::to_string(r)) == tables);
    std::vector<int> next(field.begin(), field.begin() + byes);
    for (int g = 0; g < tables; ++g) {
      const std::string table = std::to_string(r) + "." + std::to_string(byes + g + 1);
      std::set<std::string> names;
      for (int b : groups[g]) names.insert(name(b));
      CHECK(seated(games, table) == names);
      auto p = points(games, table + ".");
      std::vector<int> order = groups[g];
      std::sort(order.begin(), order.end(),
                [&](int a, int b) { return p[name(a)] != p[name(b)] ? p[name(a)] > p[name(b)] : a < b; });
      if (size <= 3) return name(order[0]);
      next.insert(next.end(), order.begin(), order.begin() + go_on);
    }
    std::sort(next.begin(), next.end());
    field = next;
  }
  FAIL("the knockout never reached its final table");
  return "";
}

}  // namespace

TEST_CASE("tournament formats: a three-seat Swiss groups bots by score, kill -9 and --resume agree",
          "[formats][cli]") {
  Dir reference("swiss-ms-ref"), killed("swiss-ms-killed");
  const auto tag = reftest::new_tag();
  const std::vector<std::string> swiss{"--format", "swiss", "--rounds", "3"};
  REQUIRE(run(tournament_args(kThreeSeats, bots(7), reference.path, tag, 1, swiss)) == 0);
  const Entries games = journal(reference.path);
  // Three rounds of two tables (one bot sits out), each table all three rotations.
  REQUIRE(games.size() == 3 * 2 * 3);
  // Round 1 by hand: the given order, b6 sits out.
  CHECK(seated(games, "1.1") == std::set<std::string>{"b0", "b1", "b2"});
  CHECK(seated(games, "1.2") == std::set<std::string>{"b3", "b4", "b5"});
  check_swiss_tables(games, 7, 3, 1.5);
  CHECK_THAT(slurp(reference.path / "swiss.txt"), Catch::Contains("buchholz") && Catch::Contains("b6"));
  // Killed every three games and resumed, at another concurrency: the same records.
  const int kills =
      run_with_kills(tournament_args(kThreeSeats, bots(7), killed.path, tag, 2, swiss), killed.path, 3);
  INFO(kills << " kills");
  CHECK(kills >= 2);
  expect_same_records(reference.path, killed.path);
  CHECK(slurp(killed.path / "swiss.txt") == slurp(reference.path / "swiss.txt"));
}

TEST_CASE(
    "tournament formats: three-seat knockouts of 8 and 5 bots with --advance, kill -9 and --resume agree",
    "[formats][cli]") {
  const auto tag = reftest::new_tag();
  for (const auto& [n, advance] : std::vector<std::pair<int, int>>{{8, 1}, {5, 2}}) {
    INFO(n << " bots, --advance " << advance);
    Dir reference("ko-ms-ref"), killed("ko-ms-killed");
    const std::vector<std::string> ko{"--format", "knockout", "--advance", std::to_string(advance)};
    REQUIRE(run(tournament_args(kThreeSeats, bots(n), reference.path, tag, 1, ko)) == 0);
    const Entries games = journal(reference.path);
    // Round 1 by hand: seeds 1 and 2 have byes; 8 bots sit snake-wise at two tables.
    if (n == 8) {
      CHECK(seated(games, "1.3") == std::set<std::string>{"b2", "b5", "b6"});
      CHECK(seated(games, "1.4") == std::set<std::string>{"b3", "b4", "b7"});
    } else {
      CHECK(seated(games, "1.3") == std::set<std::string>{"b2", "b3", "b4"});
    }
    const std::string winner = check_knockout_tables(games, n, advance);
    const std::string bracket = slurp(reference.path / "bracket.txt");
    CHECK_THAT(bracket, Catch::Contains("b0 (1): bye") && Catch::Contains("Winner: " + winner + "\n"));
    CHECK_FALSE(fs::exists(reference.path / "crosstable.txt"));
    const int kills =
        run_with_kills(tournament_args(kThreeSeats, bots(n), killed.path, tag, 2, ko), killed.path, 3);
    INFO(kills << " kills");
    CHECK(kills >= 2);
    expect_same_records(reference.path, killed.path);
    CHECK(slurp(killed.path / "bracket.txt") == bracket);
  }
}

namespace {

// The names of a ratings.json, in its order (best Elo first).
std::vector<std::string> rated_order(const fs::path& file) {
  std::vector<std::string> out;
  const boost::json::value table = boost::json::parse(slurp(file));
  for (const auto& b : table.as_object().at("bots").as_array())
    out.emplace_back(b.as_object().at("name").as_string());
  return out;
}

std::vector<std::string> seeds_of(const fs::path& dir) {
  std::vector<std::string> out;
  const boost::json::value config = boost::json::parse(slurp(dir / "tournament.json"));
  for (const auto& s : config.as_object().at("seeds").as_array()) out.emplace_back(s.as_string());
  return out;
}

}  // namespace

TEST_CASE("tournament formats: --seeds-from seeds a knockout by a previous run's ratings", "[formats][cli]") {
  Dir previous("seeds-prev"), ko("seeds-ko");
  const auto tag = reftest::new_tag();
  const Bots rated{{"greedy", "greedy_bot"}, {"first", "first_move_bot"}, {"rand", "random_bot"}};
  REQUIRE(run(tournament_args("clump:size=4", rated, previous.path, tag, 2, {"--games", "4"})) == 0);
  const std::vector<std::string> by_rating = rated_order(previous.path / "ratings.json");
  REQUIRE(by_rating.size() == 3);
  // Two newcomers without a rating follow the rated bots: new2 first (--seeds), then new1.
  const Bots field{{"new1", "random_bot"},
                   {"rand", "random_bot"},
                   {"new2", "random_bot"},
                   {"first", "first_move_bot"},
                   {"greedy", "greedy_bot"}};
  const std::vector<std::string> ko_flags{"--format", "knockout", "--games",      "4",
                                          "--seeds",  "new2",     "--seeds-from", previous.path.string()};
  // Killed after its first games; the previous folder is gone before the resume, which needs it no more.
  const pid_t pid = spawn(tournament_args("clump:size=4", field, ko.path, tag, 1, ko_flags));
  int status = 0;
  bool exited = false;
  if (wait_for_lines(pid, ko.path, 2, status, exited)) ::kill(pid, SIGKILL);
  wait_exit(pid);
  reftest::remove_run_folder_of(pid);
  std::vector<std::string> expected = by_rating;
  expected.insert(expected.end(), {"new2", "new1"});
  CHECK(seeds_of(ko.path) == expected);
  fs::remove_all(previous.path);
  REQUIRE(run({reftest::bin("arena"), "tournament", "--resume", ko.path.string(), "--quiet"}) == 0);
  const std::string bracket = slurp(ko.path / "bracket.txt");
  for (std::size_t i = 0; i < expected.size(); ++i)
    CHECK_THAT(bracket, Catch::Contains(expected[i] + " (" + std::to_string(i + 1) + ")"));
  // Round 1 of five: seeds 4 and 5, the two newcomers, meet; the top three have byes.
  const Entries games = journal(ko.path);
  REQUIRE_FALSE(games.empty());
  CHECK(std::set<std::string>(games[0].players.begin(), games[0].players.end()) ==
        std::set<std::string>{"new1", "new2"});
}

TEST_CASE("tournament formats: --seeds-from without usable ratings is refused before anything starts",
          "[formats][cli]") {
  Dir empty("seeds-empty"), previous("seeds-prev2"), out("seeds-out");
  const auto tag = reftest::new_tag();
  fs::create_directories(empty.path);
  const fs::path err = out.path.string() + ".err";
  struct RemovedAtEnd {
    fs::path path;
    ~RemovedAtEnd() { fs::remove(path); }  // also when a REQUIRE ends the test early
  } err_file{err};
  const Bots field{{"x", "random_bot"}, {"y", "random_bot"}};
  auto attempt = [&](const std::vector<std::string>& flags) {
    return run(tournament_args("clump:size=4", field, out.path, tag, 1, flags), "/dev/null", err);
  };
  CHECK(attempt({"--format", "knockout", "--seeds-from", empty.path.string()}) == 2);
  CHECK_THAT(slurp(err), Catch::Contains("has no ratings.json"));
  // A previous run of other bots: its ratings name none of x and y.
  const Bots others{{"p", "random_bot"}, {"q", "first_move_bot"}};
  REQUIRE(run(tournament_args("clump:size=4", others, previous.path, tag, 1, {})) == 0);
  CHECK(attempt({"--format", "knockout", "--seeds-from", previous.path.string()}) == 2);
  CHECK_THAT(slurp(err), Catch::Contains("rates none of this event's bots (it rates "));
  CHECK(attempt({"--format", "swiss", "--seeds-from", previous.path.string()}) == 2);
  CHECK_THAT(slurp(err), Catch::Contains("only meaningful with format knockout"));
  CHECK_FALSE(fs::exists(out.path / "tournament.json"));
}

TEST_CASE("tournament formats: the report of a knockout shows the bracket in place of the crosstable",
          "[formats][cli]") {
  Dir ko("report-ko"), rr("report-rr");
  const auto tag = reftest::new_tag();
  const Bots field{{"a", "random_bot"}, {"b", "first_move_bot"}, {"c", "greedy_bot"}};
  REQUIRE(run(tournament_args("clump:size=4", field, ko.path, tag, 1, {"--format", "knockout"})) == 0);
  const std::string html = slurp(ko.path / "report.html");
  CHECK_THAT(html, Catch::Contains("\"bracket\":\"Round 1\\n"));
  CHECK_THAT(html, Catch::Contains("Winner: "));
  REQUIRE(run(tournament_args("clump:size=4", field, rr.path, tag, 1, {})) == 0);
  CHECK_THAT(slurp(rr.path / "report.html"), !Catch::Contains("\"bracket\":"));
}

namespace {

// Two-seat Swiss of four bots (docs/tournaments.md), worked by hand from the run's own
// results: rank by score then given order; the best-ranked bot left meets the best-ranked
// left it has not met (with four bots this never needs to backtrack: the three rounds are the
// three ways to pair them); seat 1 of the pair's first game goes to the bot that started
// fewer pairings, on a tie the better-ranked in odd rounds and the other in even ones.
void check_two_seat_swiss(const Entries& games, int rounds) {
  const int n = 4;
  std::vector<double> score(n, 0);
  std::vector<int> started(n, 0);
  std::set<std::pair<int, int>> met;
  for (int r = 1; r <= rounds; ++r) {
    std::vector<int> left(n);
    for (int i = 0; i < n; ++i) left[i] = i;
    std::stable_sort(left.begin(), left.end(), [&](int a, int b) { return score[a] > score[b]; });
    for (int t = 1; !left.empty(); ++t) {
      const int a = left[0];
      auto b_it = std::find_if(left.begin() + 1, left.end(), [&](int b) { return !met.count({a, b}); });
      REQUIRE(b_it != left.end());
      const int b = *b_it;
      left.erase(b_it);
      left.erase(left.begin());
      met.insert({a, b});
      met.insert({b, a});
      const bool swap = started[b] < started[a] || (started[b] == started[a] && r % 2 == 0);
      const int first = swap ? b : a, second = swap ? a : b;
      ++started[first];
      const std::string label = std::to_string(r) + "." + std::to_string(t) + ".1";
      auto game = std::find_if(games.begin(), games.end(), [&](const auto& e) { return e.round == label; });
      REQUIRE(game != games.end());
      CHECK(game->players ==
            std::vector<std::string>{"b" + std::to_string(first), "b" + std::to_string(second)});
    }
    for (const auto& [name, p] : points(games, std::to_string(r) + "."))
      score[std::stoi(name.substr(1))] += p;
  }
}

}  // namespace

TEST_CASE("tournament formats: a two-seat Swiss of four bots pairs as worked by hand from its results",
          "[formats][cli]") {
  Dir dir("swiss-2");
  const auto tag = reftest::new_tag();
  const Bots field{
      {"b0", "greedy_bot"}, {"b1", "random_bot"}, {"b2", "first_move_bot"}, {"b3", "random_bot"}};
  REQUIRE(run(tournament_args("clump:size=4", field, dir.path, tag, 2,
                              {"--format", "swiss", "--rounds", "3", "--games", "2"})) == 0);
  const Entries games = journal(dir.path);
  REQUIRE(games.size() == 3 * 2 * 2);
  INFO(slurp(dir.path / "journal.jsonl"));
  check_two_seat_swiss(games, 3);
}

TEST_CASE(
    "tournament formats: a knockout match that stays tied plays its extra pairs, then the better seed goes "
    "on",
    "[formats][cli]") {
  Dir dir("ko-tie");
  const auto tag = reftest::new_tag();
  // Two first-move bots play the same game from either seat: every pair is split 1-1.
  const Bots twins{{"one", "first_move_bot"}, {"two", "first_move_bot"}};
  REQUIRE(run(tournament_args(
              "clump:size=4", twins, dir.path, tag, 1,
              {"--format", "knockout", "--games", "2", "--extra-pairs", "2", "--seeds", "two"})) == 0);
  const Entries games = journal(dir.path);
  REQUIRE(games.size() == 6);  // one pair, then two extra pairs, one at a time
  CHECK(games[4].round == "1.1.5");
  const std::string bracket = slurp(dir.path / "bracket.txt");
  CHECK_THAT(bracket,
             Catch::Contains("two (1) 3 - one (2) 3  -> two  (after 2 extra)  (still tied: better seed)"));
  CHECK_THAT(bracket, Catch::Contains("Winner: two"));
}

}  // namespace tournament_formats_test

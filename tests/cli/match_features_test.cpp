// Issue 19's features through the real `arena` binary beyond the formats themselves:
// SPRT stopping on both bounds (a strong and a weak bot either way round, identical bots)
// with live LLR lines; openings given out pair by pair in a tournament and validated there;
// a resigning bot in a match and in a tournament.
#include <catch2/catch.hpp>
#include <iterator>
#include <set>

#include "../tournaments/formats_test_util.h"
#include "records/pgn.h"
#include "records/verify.h"
#include "tests/pgn_read.h"
#include "tests/text_count.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace match_features_test {

namespace {

using namespace fmtest;

using shelltest::records;

std::vector<std::string> match(const std::string& game, const std::vector<std::string>& flags) {
  std::vector<std::string> a{reftest::bin("arena"), "match", game};
  a.insert(a.end(), flags.begin(), flags.end());
  return a;
}

std::string bot(const std::string& name, const std::string& exe, const std::string& tag) {
  return name + "=" + reftest::bin(exe) + " " + tag;
}

using shelltest::count;

}  // namespace

TEST_CASE("features: arena match --sprt accepts H0 for the weaker bot and prints the LLR live", "[cli]") {
  Dir dir("sprt-weak");
  fs::create_directories(dir.path);
  const auto tag = reftest::new_tag();
  const fs::path out = dir.path / "out.txt";
  // The random bot tested against the greedy one: H0 (no gain of 50 Elo), long before the cap.
  REQUIRE(run(match("clump:size=6",
                    {"--games", "400", "--seed", "1", "--sprt", "elo0=0,elo1=50,alpha=0.05,beta=0.05",
                     "--bot", bot("r", "random_bot", tag), "--bot", bot("g", "greedy_bot", tag)}),
              out) == 0);
  const std::string text = slurp(out);
  INFO(text);
  CHECK_THAT(text, Catch::Contains("H0 accepted"));
  CHECK(count(text, "SPRT: LLR") >= 3);  // one line per finished game, as it goes
  CHECK_THAT(text, Catch::Contains("(bounds -2.94, 2.94)"));
  CHECK(count(text, "SPRT: LLR") < 400);
}

TEST_CASE("features: a tournament gives each pair of games one opening, in file order, validated first",
          "[cli]") {
  Dir dir("openings-t");
  fs::create_directories(dir.path);
  const auto tag = reftest::new_tag();
  const fs::path file = dir.path / "openings.txt";
  REQUIRE(run({reftest::bin("arena"), "openings", "clump:size=6", "--count", "3", "--plies", "2", "--seed",
               "4", "--out", file.string()}) == 0);
  std::vector<std::vector<std::string>> openings;
  {
    std::istringstream in(slurp(file));
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream words(line.substr(line.find('|') == std::string::npos ? 0 : line.find('|') + 1));
      openings.emplace_back(std::istream_iterator<std::string>(words), std::istream_iterator<std::string>());
    }
  }
  REQUIRE(openings.size() == 3);
  const fs::path out = dir.path / "t";
  const std::vector<std::pair<std::string, std::string>> bots{
      {"a", "random_bot"}, {"b", "first_move_bot"}, {"c", "greedy_bot"}};
  REQUIRE(run(tournament_args(
              "clump:size=6", bots, out, tag, 2,
              {"--games", "2", "--openings", file.string(), "--random-opening-plies", "1"})) == 0);
  const auto games = records(out / "games.pgn");
  REQUIRE(games.size() == 6);  // three pairings, one pair each
  for (std::size_t g = 0; g < games.size(); ++g) {
    INFO("game " << g + 1);
    const auto& opening = openings[(g / 2) % openings.size()];  // the k-th pair takes opening k
    CHECK(games[g].opening_plies == static_cast<int>(opening.size()) + 1);
    for (std::size_t i = 0; i < opening.size(); ++i) CHECK(games[g].actions[i].text == opening[i]);
    // Both games of a pair: the same seed, the same opening (random ply included), seats swapped.
    const auto& first = games[g - g % 2];
    CHECK(games[g].seed == first.seed);
    CHECK(games[g].actions[opening.size()].text == first.actions[opening.size()].text);
    CHECK_FALSE(arena::verify_record(games[g], arena::registry_game_factory()));
  }
  CHECK(games[1].players == std::vector<std::string>{games[0].players[1], games[0].players[0]});
  // A bad line stops the tournament before it starts, naming the line.
  std::ofstream(dir.path / "bad.txt") << "# fine\n\nzz99\n";
  const fs::path err = dir.path / "err.txt";
  CHECK(run(tournament_args("clump:size=6", bots, dir.path / "t2", tag, 1,
                            {"--openings", (dir.path / "bad.txt").string()}),
            "/dev/null", err) == 2);
  CHECK_THAT(slurp(err), Catch::Contains("bad.txt:3:"));
  CHECK_FALSE(fs::exists(dir.path / "t2" / "journal.jsonl"));
}

TEST_CASE("features: a resigning bot loses its games in a match and in a tournament, without a fault",
          "[cli]") {
  Dir dir("resign");
  fs::create_directories(dir.path);
  const auto tag = reftest::new_tag();
  const fs::path pgn = dir.path / "m.pgn";
  REQUIRE(
      run(match("flume:size=5", {"--games", "2", "--seed", "3", "--bot", bot("quitter", "resign_bot", tag),
                                 "--bot", bot("r", "random_bot", tag), "-o", pgn.string()})) == 0);
  for (const auto& r : records(pgn)) {
    REQUIRE(r.termination == arena::Termination::kResign);
    const int seat = r.players[0] == "quitter" ? 1 : 2;
    CHECK(r.fault_seat == seat);
    CHECK(r.results[seat - 1].score == 0);
    CHECK(r.results[2 - seat].score == 1);
    CHECK_FALSE(arena::verify_record(r, arena::registry_game_factory()));
  }
  CHECK(run({reftest::bin("arena"), "verify", pgn.string()}) == 0);
  const fs::path out = dir.path / "t";
  REQUIRE(run(tournament_args("flume:size=5", {{"quitter", "resign_bot"}, {"r", "random_bot"}}, out, tag, 1,
                              {"--games", "2"})) == 0);
  const auto games = journal(out);
  REQUIRE(games.size() == 2);
  for (const auto& e : games) CHECK(e.termination == "resign");
  CHECK_THAT(slurp(out / "crosstable.txt"), Catch::Contains("0/2"));
}

TEST_CASE("features: random opening plies are the same for every rotation of a multi-seat table", "[cli]") {
  Dir dir("plies-3");
  const auto tag = reftest::new_tag();
  REQUIRE(run(tournament_args("flush:players=3",
                              {{"a", "random_bot"}, {"b", "first_move_bot"}, {"c", "random_bot"}}, dir.path,
                              tag, 1, {"--random-opening-plies", "3"})) == 0);
  const auto games = records(dir.path / "games.pgn");
  REQUIRE(games.size() == 3);  // one table, its three rotations on one seed
  std::set<std::vector<std::string>> seatings;
  for (const auto& g : games) {
    CHECK(g.seed == games[0].seed);
    REQUIRE(g.opening_plies >= 3);  // the deal (chance) and three random plies
    CHECK(g.opening_plies == games[0].opening_plies);
    for (int i = 0; i < g.opening_plies; ++i) CHECK(g.actions[i].text == games[0].actions[i].text);
    seatings.insert(g.players);
  }
  CHECK(seatings.size() == 3);
}

}  // namespace match_features_test

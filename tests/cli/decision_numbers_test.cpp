// One decision, one number (docs/records.md, "Positions and decisions"), through the real
// binary: in games of tests/bots/chatty_bot, which writes the `obs ply` it was sent for every
// decision, the record, `arena repro --ply K` (the lines it regenerates, the position it prints,
// the bot rerun), `arena show --ply K` (the picture, the seat's view and the decision it names)
// and the bot's own `obs ply` agree on every decision K of the game. The report's viewer is held
// to the same numbers in tests/browser/report_test.mjs (checkDecisions).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "records/pgn.h"
#include "tests/bin_path.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace decision_numbers_test {

namespace {

using shelltest::run_arena;
using shelltest::slurp;
using shelltest::TempFolder;

using shelltest::kBin;

// The `obs` lines among `lines`, without their "obs " ("ply 4\n" for "obs ply 4\n").
std::string obs_lines(const std::string& lines) {
  std::string out;
  std::size_t at = 0;
  while (at < lines.size()) {
    const std::size_t nl = lines.find('\n', at);
    const std::string line = lines.substr(at, nl - at);
    if (line.rfind("obs ", 0) == 0) out += line.substr(4) + "\n";
    at = nl == std::string::npos ? lines.size() : nl + 1;
  }
  return out;
}

// Every place that names decision K of game 1 of `pgn`, against the record and the bot's `obs ply`.
void check_every_decision(const std::string& pgn) {
  std::vector<arena::PgnError> errors;
  const std::vector<arena::GameRecord> games = arena::parse_pgn(slurp(pgn), errors);
  REQUIRE(errors.empty());
  REQUIRE(!games.empty());
  const arena::GameRecord& g = games[0];
  const std::string chatty = kBin + "/chatty_bot";
  for (std::size_t k = 0; k < g.actions.size(); ++k) {
    const int seat = g.actions[k].actor;
    const std::string K = std::to_string(k), S = std::to_string(seat);
    INFO("decision " << K << " of seat " << S << " (" << g.actions[k].text << ")");
    REQUIRE(seat >= 1);
    // The record: the lines of decision K are its comments numbered K+1, and the bot wrote them
    // at `obs ply K`.
    std::string wrote;
    for (const arena::BotLine& l : g.bot_lines)
      if (l.ply == static_cast<int>(k) + 1 && l.seat == seat) wrote += l.text + "\n";
    CHECK(wrote.find(" obs ply " + K + "\n") != std::string::npos);
    // repro --print-lines --ply K: the lines sent for decision K, with `obs ply K`.
    const auto sent = run_arena("repro " + pgn + " --game 1 --seat " + S + " --ply " + K + " --print-lines");
    REQUIRE(sent.status == 0);
    if (k > 0) CHECK(sent.out.find("\nobs ply " + K + "\n") != std::string::npos);
    // show --ply K: the position of decision K, and the decision it names.
    const auto shown = run_arena("show " + pgn + " --game 1 --ply " + K);
    REQUIRE(shown.status == 0);
    CHECK(shown.out.find("position " + K + " of ") != std::string::npos);
    CHECK(shown.out.find("next: decision " + K + ": seat " + S + " (" + g.players[seat - 1] + ") answered " +
                         g.actions[k].text) != std::string::npos);
    // show --ply K --seat S: what the seat was shown is the `obs` lines it was sent.
    const auto seen = run_arena("show " + pgn + " --game 1 --ply " + K + " --seat " + S);
    REQUIRE(seen.status == 0);
    const std::string obs = obs_lines(sent.out);
    REQUIRE(!obs.empty());
    CHECK(seen.out.find("what seat " + S + " was shown:\n" + obs) != std::string::npos);
    // repro --ply K with the bot (its seat found from K): the same decision, the same position as
    // show prints it, the recorded answer, and the bot again at `obs ply K`.
    const auto rerun = run_arena("repro " + pgn + " --game 1 --ply " + K + " --runs 1 --bot " + chatty);
    INFO(rerun.out);
    REQUIRE(rerun.status == 0);
    CHECK(rerun.out.find(", seat " + S + " (" + g.players[seat - 1] + "), decision " + K + " (") !=
          std::string::npos);
    CHECK(rerun.out.find(shown.out) != std::string::npos);
    CHECK(rerun.out.find("recorded: move " + g.actions[k].text + "\n") != std::string::npos);
    CHECK(rerun.out.find(" obs ply " + K + "\n") != std::string::npos);
    CHECK(rerun.out.find("SAME as recorded") != std::string::npos);
  }
}

void play(const std::string& spec, const std::string& pgn) {
  const std::string chatty = kBin + "/chatty_bot";
  const auto m = run_arena("match " + spec + " --bot a=" + chatty + " --bot b=" + chatty +
                           " --games 1 --seed 4 --quiet --out " + pgn);
  REQUIRE(m.status == 0);
}

}  // namespace

TEST_CASE("decision K is one number: the record, obs ply, arena repro --ply and arena show --ply agree",
          "[cli][decisions]") {
  TempFolder dir("arena-decisions", "numbers");
  std::filesystem::create_directories(dir.path);
  // Clump: the seats alternate. Flume: a placement next to three stones gives the same seat the
  // next decision too.
  for (const std::string spec : {"clump:size=6", "flume:size=5"}) {
    INFO(spec);
    const std::string pgn = (dir.path / (spec.substr(0, spec.find(':')) + ".pgn")).string();
    play(spec, pgn);
    check_every_decision(pgn);
  }
}

TEST_CASE("arena repro --ply K names whose decision K is when it is not the seat's", "[cli][decisions]") {
  TempFolder dir("arena-decisions", "whose");
  std::filesystem::create_directories(dir.path);
  const std::string pgn = (dir.path / "g.pgn").string();
  play("clump:size=6", pgn);
  auto r = run_arena("repro " + pgn + " --seat 2 --ply 2 --print-lines");
  CHECK(r.status == 2);
  CHECK(r.out.find("--ply 2: seat 2 of game 1 did not take decision 2: it is seat 1's (the game has ") !=
        std::string::npos);
  CHECK(r.out.find("the seat took decisions 1, 3, 5,") != std::string::npos);
  r = run_arena("repro " + pgn + " --ply 100000 --print-lines");
  CHECK(r.status == 2);
  CHECK(r.out.find(": no position 100000 (the game has ") != std::string::npos);
  // A chance position has no decision (Flush deals before anyone decides).
  const std::string flush = (dir.path / "flush.pgn").string();
  REQUIRE(run_arena("match flush:players=3 --bot a=" + kBin + "/random_bot --bot b=" + kBin +
                    "/random_bot --bot c=" + kBin + "/random_bot --games 1 --seed 2 --quiet --out " + flush)
              .status == 0);
  r = run_arena("repro " + flush + " --ply 0 --print-lines");
  CHECK(r.status == 2);
  CHECK(r.out.find("position 0 is chance's: no decision; give the seat to rerun with --seat S (1 to 3)") !=
        std::string::npos);
}

}  // namespace decision_numbers_test

// Bad input from every layer is one type, UserError, thrown once where the mistake is found
// with a message that no layer above re-words (engine/core/user_error.h). A std exception in
// its place (which arena reports as a bug), a subclass nobody needs, or a prefix added twice
// fails here; tests/cli/user_error_cli_test.cpp checks what the user then reads.
#include "engine/core/user_error.h"

#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <typeinfo>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/sampled_state.h"
#include "process/command_line.h"
#include "ratings/sprt.h"
#include "referee/time_control.h"
#include "tournaments/journal.h"
#include "tournaments/schedule.h"
#include "tournaments/staged_schedule.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace user_error_test {

using namespace arena;
namespace fs = std::filesystem;

namespace {

// The message of the exception `f` throws, which must be a UserError itself: anything else,
// or nothing, fails the test.
std::string user_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const UserError& e) {
    CHECK(typeid(e) == typeid(UserError));
    return e.what();
  }
  FAIL("no UserError thrown");
  return "";
}

ScheduleRequest request(int bots, int seats) {
  ScheduleRequest r;
  r.bots = bots;
  r.seats = seats;
  return r;
}

TournamentConfig config(Format format, int bots) {
  TournamentConfig c;
  c.format = format;
  for (int b = 0; b < bots; ++b) c.bots.push_back({"b" + std::to_string(b), "./bot", {}, ""});
  return c;
}

}  // namespace

TEST_CASE("user errors: the engine's, thrown where the input is read", "[user_error]") {
  CHECK(user_error_of([] { make_game("clump:size=7"); }) == "clump: size must be even (got 7)");
  CHECK(user_error_of([] { make_game("clump:colour=red"); }) ==
        "clump: unknown parameter 'colour' (allowed: size)");
  // The sampler names the game, the seat and the action once (it used to be re-prefixed twice).
  auto game = make_game("flush:players=2");
  const std::vector<SeenAction> nonsense{{kChance, "#start1"}, {kChance, "#zz"}};
  Rng rng(1);
  const std::string sampled = user_error_of([&] { game->sample_state(1, nonsense, rng); });
  CHECK(sampled.starts_with(game->spec() + ": no state shows seat 1 these 2 actions (action 2, '#zz': "));
  CHECK(sampled.find("no state shows", 1) == sampled.find("no state shows"));
}

TEST_CASE("user errors: flags and settings name themselves", "[user_error]") {
  CHECK(user_error_of([] { parse_named_command("a=x 'y"); }) == "--bot: bot a: unterminated ' quote in 'x 'y'");
  CHECK(user_error_of([] { parse_named_command("a"); }) ==
        "--bot: 'a' is not NAME=COMMAND (e.g. alpha=./bots/alpha)");
  CHECK(user_error_of([] { parse_sprt("elo0=0,elo1=x,alpha=0.05,beta=0.05"); }) ==
        "--sprt: elo1='x' is not a number");
  CHECK(user_error_of([] { parse_sprt("elo0=0", "sprt"); }) == "sprt: needs elo0=..,elo1=..,alpha=..,beta=..");
  TimeControl tc;
  CHECK(user_error_of([&] { parse_tc("abc", tc, "tc"); }) ==
        "tc base: 'abc' is not a number of seconds (e.g. 5, 0.25)");
}

TEST_CASE("user errors: schedules and plans, without a format's prefix", "[user_error]") {
  ScheduleRequest no_rounds = request(4, 2);
  no_rounds.rounds = 0;
  CHECK(user_error_of([&] { make_schedule(no_rounds); }) == "rounds must be at least 1");
  CHECK(user_error_of([] { make_plan(config(Format::kSwiss, 2), request(2, 3)); }) ==
        "a Swiss tournament needs at least as many bots as the game has seats");
  TournamentConfig sprt = config(Format::kGauntlet, 3);
  sprt.sprt = "x";
  ScheduleRequest gauntlet = request(3, 2);
  gauntlet.format = Format::kGauntlet;
  gauntlet.gauntlet = {0};
  CHECK(user_error_of([&] { make_plan(sprt, gauntlet); }) == "sprt: 'x' is not KEY=VALUE");
}

TEST_CASE("user errors: a broken journal line, with its file and line once", "[user_error]") {
  CHECK(user_error_of([] { parse_journal_line("garbage"); }) == "not a JSON object");
  const fs::path path = fs::temp_directory_path() / ("arena-user-error-" + std::to_string(::getpid()));
  {
    JournalEntry e;
    e.players = {"a", "b"};
    e.ranks = {1, 2};
    std::ofstream out(path);
    out << journal_line(e) << "{not json\n";
  }
  CHECK(user_error_of([&] { Journal j(path.string()); }) == path.string() + ":2: not a JSON object");
  fs::remove(path);
}

}  // namespace user_error_test

// arena check-bot: sample bots pass on every game, each misbehaving bot fails the check
// named for its fault, and a bot that breaks only in a rare situation is caught with a
// position that rebuilds exactly that situation.
#include "referee/check_bot.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <sstream>

#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace check_bot_test {

using namespace arena;
using reftest::bin;
using reftest::new_tag;

namespace {

CheckBotOptions options_for(const std::string& spec, std::vector<std::string> argv, int games) {
  CheckBotOptions o;
  o.spec = spec;
  o.command.argv = std::move(argv);
  o.games = games;
  o.seed = 7;
  o.time.move_time_ms = 2000;
  o.time.startup_ms = 5000;
  o.quit_grace = std::chrono::milliseconds(500);
  return o;
}

CheckResult::Status status_of(const CheckBotReport& r, const std::string& name) {
  const CheckResult* c = r.find(name);
  REQUIRE(c != nullptr);
  return c->status;
}

// Every game the engine has, with the spec variants whose rare situations differ.
std::vector<std::string> every_game_spec() {
  std::vector<std::string> specs;
  for (const GameEntry* g : all_games()) {
    specs.push_back(g->info.id);
    // The rare situations that exist only with five players: Flows' extra turn, the
    // Flume card game's call.
    if (g->info.id == "flows" || g->info.id == "flume-cards") specs.push_back(g->info.id + ":players=5");
  }
  return specs;
}

void require_all_pass(const CheckBotReport& r, const std::string& output) {
  INFO(output);
  CHECK(r.passed());
  for (const auto& c : r.checks) {
    INFO(format_check(c));
    // Only a situation that needs another number of players may be skipped.
    if (c.status == CheckResult::Status::kSkip)
      CHECK(c.detail.find("exists only with") != std::string::npos);
    else
      CHECK(c.status == CheckResult::Status::kPass);
  }
  CHECK_FALSE(r.has_position);
}

}  // namespace

TEST_CASE("check-bot: the C++ random bot passes every check on every game, rare situations included",
          "[check-bot]") {
  for (const std::string& spec : every_game_spec()) {
    const std::string tag = new_tag();
    std::ostringstream out;
    CheckBotReport r = check_bot(options_for(spec, {bin("random_bot"), tag}, 4), &out);
    INFO(spec);
    require_all_pass(r, out.str());
    CHECK(out.str().find("PASS many_games") != std::string::npos);
    CHECK(out.str().find("result: all checks passed") != std::string::npos);
    CHECK(reftest::processes_left(tag).empty());
  }
}

TEST_CASE("check-bot: the Python random bot passes every check on every game", "[check-bot]") {
  const std::string src = ARENA_SOURCE_DIR;
  for (const std::string& spec : every_game_spec()) {
    const std::string tag = new_tag();
    std::ostringstream out;
    CheckBotReport r = check_bot(options_for(spec, {"python3", src + "/bots/random_bot.py", tag}, 2), &out);
    INFO(spec);
    require_all_pass(r, out.str());
    CHECK(reftest::processes_left(tag).empty());
  }
}

TEST_CASE("check-bot: each misbehaving bot fails the check named for its fault", "[check-bot]") {
  struct Case {
    const char* bot;
    const char* check;
    bool position;  // failed during a game: a position is printed
  };
  const Case cases[] = {
      {"illegal_bot", "legal_moves", true},   {"slow_bot", "time", true},
      {"silent_bot", "handshake", false},     {"crash_bot", "no_crash", true},
      {"garbage_bot", "messages", true},      {"flood_bot", "messages", true},
      {"close_stdout_bot", "no_crash", true}, {"stubborn_bot", "quit", false},
      {"orphan_child_bot", "quit", false},    {"one_game_bot", "many_games", true},
      {"orphan_session_bot", "quit", false},  // its child left the group and the session
  };
  for (const Case& c : cases) {
    const std::string tag = new_tag();
    auto o = options_for("clump", {bin(c.bot), tag}, 3);
    o.time.move_time_ms = 300;
    o.time.startup_ms = 500;
    o.quit_grace = std::chrono::milliseconds(300);
    std::ostringstream out;
    CheckBotReport r = check_bot(o, &out);
    INFO(c.bot << "\n" << out.str());
    CHECK_FALSE(r.passed());
    CHECK(status_of(r, c.check) == CheckResult::Status::kFail);
    CHECK(out.str().find(std::string("FAIL ") + c.check + ":") != std::string::npos);
    // Exactly one check fails: the verdict names the cause, not its consequences.
    CHECK(std::count_if(r.checks.begin(), r.checks.end(),
                        [](const CheckResult& x) { return x.status == CheckResult::Status::kFail; }) == 1);
    CHECK(r.has_position == c.position);
    if (c.position) CHECK(out.str().find("reproduce: arena perft 'clump") != std::string::npos);
    CHECK(reftest::processes_left(tag).empty());
  }
}

TEST_CASE("check-bot: a bot that breaks only on Flume's extra placement is caught there, with the position",
          "[check-bot]") {
  const std::string tag = new_tag();
  std::ostringstream out;
  CheckBotReport r = check_bot(options_for("flume", {bin("repeat_crash_bot"), tag}, 4), &out);
  INFO(out.str());
  CHECK_FALSE(r.passed());
  CHECK(status_of(r, "no_crash") == CheckResult::Status::kFail);
  CHECK(status_of(r, "situation:extra_placement") == CheckResult::Status::kFail);
  CHECK(r.find("no_crash")->detail.find("situation extra_placement") != std::string::npos);
  CHECK(r.find("no_crash")->detail.find("SIGABRT") != std::string::npos);  // how the process ended
  CHECK(status_of(r, "handshake") == CheckResult::Status::kPass);
  REQUIRE(r.has_position);
  CHECK(out.str().find("first failing position: " + r.spec) != std::string::npos);

  // The printed actions rebuild a position where the seat that acted last acts again.
  auto game = make_game(r.spec);
  auto state = game->new_initial_state();
  int last_actor = 0;
  for (const auto& text : r.position_actions) {
    last_actor = state->current_player();
    state->apply(parse_or_throw(*state, text));
  }
  REQUIRE_FALSE(state->is_terminal());
  CHECK(state->current_player() == last_actor);
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("check-bot: situations that need more players are skipped with a note, not failed", "[check-bot]") {
  const std::string tag = new_tag();
  std::ostringstream out;
  CheckBotReport r = check_bot(options_for("flume-cards:players=4", {bin("random_bot"), tag}, 2), &out);
  INFO(out.str());
  CHECK(r.passed());
  CHECK(status_of(r, "situation:call") == CheckResult::Status::kSkip);
  CHECK(out.str().find("SKIP situation:call:") != std::string::npos);
  CHECK(status_of(r, "situation:discard") == CheckResult::Status::kPass);
}

TEST_CASE("check-bot: bad input is a clear error, a missing bot is a failed handshake", "[check-bot]") {
  CHECK_THROWS_AS(check_bot(options_for("nosuchgame", {bin("random_bot")}, 2), nullptr), SpecError);
  CHECK_THROWS_AS(check_bot(options_for("clump", {bin("random_bot")}, 0), nullptr), UserError);
  CHECK_THROWS_AS(check_bot(options_for("clump", {}, 2), nullptr), UserError);
  CheckBotReport r = check_bot(options_for("clump", {bin("no_such_bot_here")}, 2), nullptr);
  CHECK(status_of(r, "handshake") == CheckResult::Status::kFail);
  CHECK(r.find("handshake")->detail.find("cannot start") != std::string::npos);
  CHECK(status_of(r, "legal_moves") == CheckResult::Status::kSkip);
}

TEST_CASE("check-bot: the arena command exits 0 when all checks pass and 1 on a failure", "[check-bot]") {
  const std::string arena = bin("arena");
  auto run = [&](const std::string& args) {
    const int status = std::system((arena + " check-bot " + args + " >/dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  CHECK(run(bin("random_bot") + " --game clump --games 2") == 0);
  CHECK(run(bin("crash_bot") + " --game clump --games 2") == 1);
  CHECK(run("'python3 " + std::string(ARENA_SOURCE_DIR) + "/bots/random_bot.py' --game clump --games 2") ==
        0);
  CHECK(run(bin("random_bot") + " --game nosuchgame") == 2);
}

}  // namespace check_bot_test

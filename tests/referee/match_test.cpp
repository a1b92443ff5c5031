// Real matches between bot processes: sample bots on every game, every kind of
// misbehaving bot with its exact verdict, deadline precision, clean shutdown.
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "referee/match_schedule.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace match_test {

using namespace arena;
using namespace reftest;

TEST_CASE("referee: random bots play every game to its end, the same way at any concurrency", "[referee]") {
  for (const GameEntry* entry : all_games()) {
    auto game = make_game(entry->info.id);
    const int seats = game->num_players();
    INFO(game->spec());
    const std::string tag = new_tag();
    std::vector<BotSpec> bots;
    for (int s = 0; s < seats; ++s) bots.push_back(bot("r" + std::to_string(s + 1), "random_bot", tag));
    auto jobs = rotation_schedule(game->spec(), seats, seats, 2 * seats, 99);
    RunnerOptions opt;
    // Generous for the slow ASan build on a loaded machine; a deadline is not what this
    // test is about.
    opt.time.move_time_ms = 10000;
    opt.concurrency = 1;
    auto serial = play(bots, jobs, opt);
    opt.concurrency = 3;
    opt.threads = 3;  // one event loop per slot: games on different threads
    auto parallel = play(bots, jobs, opt);
    for (std::size_t j = 0; j < jobs.size(); ++j) {
      INFO("game " << j + 1 << ": " << serial[j].termination_detail);
      CHECK((serial[j].termination == Termination::kNormal ||
             serial[j].termination == Termination::kLengthCap));
      CHECK(serial[j].results.size() == static_cast<std::size_t>(seats));
      CHECK(serial[j].players.size() == static_cast<std::size_t>(seats));
      CHECK(serial[j].spec == game->spec());
      CHECK_FALSE(serial[j].actions.empty());
      // Replaying the recorded actions gives the recorded result.
      auto state = game->new_initial_state();
      for (const auto& a : serial[j].actions) {
        REQUIRE(state->current_player() == a.actor);
        state->apply(parse_or_throw(*state, a.text));
      }
      if (serial[j].termination == Termination::kNormal) CHECK(state->results() == serial[j].results);
      CHECK(actions_text(serial[j]) == actions_text(parallel[j]));
      CHECK(serial[j].results == parallel[j].results);
    }
    // Paired games: the seat rotation replays the same seed.
    CHECK(jobs[0].seed == jobs[seats - 1].seed);
    CHECK(processes_left(tag).empty());
  }
}

namespace {

struct Expectation {
  const char* exe;
  Termination verdict;
  int seat;  // where the misbehaving bot sits
};

}  // namespace

TEST_CASE("referee: every misbehaving bot gets its exact verdict while other games go on", "[referee]") {
  const std::string tag = new_tag();
  const std::vector<Expectation> cases = {
      {"slow_bot", Termination::kTimeForfeit, 2},    {"flood_bot", Termination::kOutputFlood, 1},
      {"illegal_bot", Termination::kIllegalMove, 2}, {"garbage_bot", Termination::kUnparseable, 1},
      {"crash_bot", Termination::kCrash, 2},         {"close_stdout_bot", Termination::kCrash, 1},
      {"silent_bot", Termination::kStartFailure, 2},
  };
  std::vector<BotSpec> bots = {bot("good", "random_bot", tag), bot("good2", "random_bot", tag),
                               bot("stubborn", "stubborn_bot", tag)};
  std::vector<GameJob> jobs;
  for (const auto& c : cases) {
    bots.push_back(bot(c.exe, c.exe, tag));
    const int bad = static_cast<int>(bots.size()) - 1;
    jobs.push_back(
        GameJob{"clump", c.seat == 1 ? std::vector<int>{bad, 0} : std::vector<int>{0, bad}, 5, c.exe});
  }
  // Well-behaved games in the same run, among them one with the bot that ignores
  // SIGTERM and "quit" and leaves a child behind.
  jobs.push_back(GameJob{"clump", {0, 1}, 6, "good-1"});
  jobs.push_back(GameJob{"flume", {1, 0}, 7, "good-2"});
  jobs.push_back(GameJob{"clump", {2, 1}, 8, "stubborn"});

  RunnerOptions opt;
  opt.time.move_time_ms = 400;
  opt.time.startup_ms = 600;
  opt.time.margin_ms = 50;
  opt.concurrency = 5;
  opt.quit_grace = std::chrono::milliseconds(200);
  opt.limits.max_lines_per_decision = 500;
  const auto start = std::chrono::steady_clock::now();
  auto records = play(bots, jobs, opt);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& c = cases[i];
    const auto& r = records[i];
    INFO(c.exe << ": " << r.termination_detail);
    CHECK(r.termination == c.verdict);
    CHECK(r.fault_seat == c.seat);
    REQUIRE(r.results.size() == 2);
    CHECK(r.results[c.seat - 1].rank == 2);
    CHECK(r.results[c.seat - 1].score == 0);
    CHECK(r.results[2 - c.seat].rank == 1);
    CHECK(r.results[2 - c.seat].score == 1);
    CHECK_FALSE(r.termination_detail.empty());
  }
  CHECK(records[2].termination_detail.find("legal moves") != std::string::npos);  // illegal: count given
  for (std::size_t i = cases.size(); i < jobs.size(); ++i) {
    INFO(jobs[i].round << ": " << records[i].termination_detail);
    CHECK(records[i].termination == Termination::kNormal);
  }
  // The slow bot's deadline is 400 + 50 ms after its request; the ruling is at once.
  const std::string& detail = records[0].termination_detail;
  const auto at = detail.find("ruled at ");
  REQUIRE(at != std::string::npos);
  const double ruled_ms = std::stod(detail.substr(at + 9));
  CHECK(ruled_ms >= 450);
  CHECK(ruled_ms <= 450 + 50);
  CHECK(seconds < 30);
  CHECK(processes_left(tag).empty());
}

TEST_CASE("referee: a bot process plays many games, it is restarted only after a fault", "[referee]") {
  const std::string tag = new_tag();
  const auto dir = std::filesystem::temp_directory_path() / ("arena-reuse-" + tag.substr(tag.find('=') + 1));
  std::vector<BotSpec> bots = {bot("steady", "random_bot", tag), bot("crashy", "crash_bot", tag)};
  RunnerOptions opt;
  opt.time.move_time_ms = 2000;
  opt.log_dir = dir.string();
  std::vector<GameJob> jobs;
  for (int g = 0; g < 3; ++g) jobs.push_back(GameJob{"clump", {0, 1}, static_cast<std::uint64_t>(g), "1"});
  auto records = play(bots, jobs, opt);
  for (const auto& r : records) CHECK(r.termination == Termination::kCrash);
  auto starts = [&](const std::string& file) {
    std::ifstream in(dir / file);
    int n = 0;
    for (std::string line; std::getline(in, line);) n += line.rfind("[referee] started pid", 0) == 0;
    return n;
  };
  CHECK(starts("steady.slot1.log") == 1);
  CHECK(starts("crashy.slot1.log") == 3);
  std::filesystem::remove_all(dir);
  CHECK(processes_left(tag).empty());
}

TEST_CASE("referee: stop() aborts running games and leaves no process behind", "[referee]") {
  const std::string tag = new_tag();
  std::vector<BotSpec> bots = {bot("good", "random_bot", tag), bot("slow", "slow_bot", tag)};
  RunnerOptions opt;
  opt.time.move_time_ms = 30000;
  opt.concurrency = 2;
  opt.stop_on_signals = false;
  opt.quit_grace = std::chrono::milliseconds(100);
  std::vector<GameJob> jobs;
  for (int g = 0; g < 6; ++g) jobs.push_back(GameJob{"clump", {0, 1}, static_cast<std::uint64_t>(g), "1"});
  MatchRunner runner(bots, opt);
  std::vector<GameRecord> got;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    runner.stop();
  });
  const auto start = std::chrono::steady_clock::now();
  runner.run(jobs, [&](std::size_t, const GameRecord& r) { got.push_back(r); });
  stopper.join();
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  REQUIRE(got.size() == 2);  // the two games in progress, nothing started after stop()
  for (const auto& r : got) {
    CHECK(r.termination == Termination::kAborted);
    CHECK(r.results.empty());
  }
  CHECK(processes_left(tag).empty());
}

TEST_CASE("referee: a bot that cannot start loses every game it is seated in, with the reason", "[referee]") {
  std::vector<BotSpec> bots = {bot("good", "random_bot", new_tag())};
  BotSpec missing;
  missing.name = "missing";
  missing.command.argv = {"/nonexistent/bot"};
  bots.push_back(missing);
  RunnerOptions opt;
  auto records = play(bots, {GameJob{"clump", {1, 0}, 1, "1"}}, opt);
  CHECK(records[0].termination == Termination::kStartFailure);
  CHECK(records[0].fault_seat == 1);
  CHECK(records[0].termination_detail.find("/nonexistent/bot") != std::string::npos);
}

TEST_CASE("referee: a script named by a path relative to the referee's folder plays, as in the demo",
          "[referee]") {
  // scripts/demo seats "python3 bots/random_bot.py": the path is the referee's folder's,
  // not the bot's scratch folder's.
  const std::string tag = new_tag();
  const std::string script =
      std::filesystem::relative(std::filesystem::path(ARENA_SOURCE_DIR) / "bots" / "random_bot.py").string();
  REQUIRE(script.front() != '/');
  BotSpec py;
  py.name = "random-py";
  py.command.argv = {"python3", script, tag};
  RunnerOptions opt;
  auto records =
      play({bot("random", "random_bot", tag), py},
           {GameJob{"clump:size=6", {0, 1}, 3, "1"}, GameJob{"clump:size=6", {1, 0}, 3, "2"}}, opt);
  for (const auto& r : records) {
    INFO(r.termination_detail);
    CHECK((r.termination == Termination::kNormal || r.termination == Termination::kLengthCap));
  }
  CHECK(processes_left(tag).empty());
}

TEST_CASE("referee: invalid jobs are rejected before any process starts", "[referee]") {
  std::vector<BotSpec> bots = {bot("a", "random_bot", new_tag())};
  RunnerOptions opt;
  CHECK_THROWS_AS(play(bots, {GameJob{"nosuchgame", {0, 0}, 1, "1"}}, opt), SpecError);
  CHECK_THROWS_WITH(play(bots, {GameJob{"clump", {0}, 1, "1"}}, opt), Catch::Contains("2 seats"));
  CHECK_THROWS_WITH(play(bots, {GameJob{"clump", {0, 3}, 1, "1"}}, opt), Catch::Contains("no bot number 3"));
}

TEST_CASE("referee: Python sample bots and the greedy bot play full games", "[referee]") {
  const std::string tag = new_tag();
  const std::string src = ARENA_SOURCE_DIR;
  std::vector<BotSpec> bots = {bot("greedy", "greedy_bot", tag)};
  BotSpec py, sdk;
  py.name = "py";
  py.command.argv = {"python3", src + "/bots/random_bot.py", tag};
  sdk.name = "sdk";
  sdk.command.argv = {"python3", src + "/bots/random_sdk_bot.py", tag};
  bots.push_back(py);
  bots.push_back(sdk);
  RunnerOptions opt;
  opt.time.move_time_ms = 5000;
  opt.time.startup_ms = 10000;
  opt.concurrency = 2;
  std::vector<GameJob> jobs = {
      {"clump", {0, 1}, 1, "1"}, {"flume", {2, 0}, 2, "2"}, {"flume:size=5", {1, 2}, 3, "3"}};
  auto records = play(bots, jobs, opt);
  for (const auto& r : records) {
    INFO(r.spec << ": " << r.termination_detail);
    CHECK(r.termination == Termination::kNormal);
  }
  // The same seeds give the same games.
  auto again = play(bots, jobs, opt);
  for (std::size_t i = 0; i < jobs.size(); ++i) CHECK(actions_text(records[i]) == actions_text(again[i]));
  CHECK(processes_left(tag).empty());
}

TEST_CASE("referee: a fault in a multi-seat game ends it, the faulting seat is ranked last", "[referee]") {
  const std::string tag = new_tag();
  std::vector<BotSpec> bots = {bot("a", "random_bot", tag), bot("b", "random_bot", tag),
                               bot("crashy", "crash_bot", tag)};
  RunnerOptions opt;
  opt.time.move_time_ms = 2000;
  auto records = play(bots, {GameJob{"flush:players=3", {0, 2, 1}, 3, "1"}}, opt);
  const auto& r = records[0];
  INFO(r.termination_detail);
  CHECK(r.termination == Termination::kCrash);
  CHECK(r.fault_seat == 2);
  REQUIRE(r.results.size() == 3);
  CHECK(r.results[0].rank == 1);
  CHECK(r.results[1].rank == 3);
  CHECK(r.results[2].rank == 1);
  CHECK(processes_left(tag).empty());
}

TEST_CASE("referee: info lines and stderr reach the bot's log, capped", "[referee]") {
  const std::string tag = new_tag();
  const auto dir = std::filesystem::temp_directory_path() / ("arena-log-" + tag.substr(tag.find('=') + 1));
  // flood_bot writes info lines until the per-decision line cap ends its game.
  std::vector<BotSpec> bots = {bot("good", "random_bot", tag), bot("chatty", "flood_bot", tag)};
  RunnerOptions opt;
  opt.time.move_time_ms = 2000;
  opt.log_dir = dir.string();
  opt.limits.max_lines_per_decision = 300;
  opt.limits.log_cap = 4000;
  auto records = play(bots, {GameJob{"clump", {0, 1}, 1, "1"}}, opt);
  CHECK(records[0].termination == Termination::kOutputFlood);
  CHECK(records[0].termination_detail.find("300 lines") != std::string::npos);
  std::ifstream in(dir / "chatty.slot1.log");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text.find("info thinking very hard 0") != std::string::npos);
  CHECK(text.find("log cap of 4000 bytes reached") != std::string::npos);
  // The bot's output stops at the cap; the referee's notes go on after it (issue 22), up to
  // twice the cap: the fault is still there.
  CHECK(text.find("fault: output-flood", text.find("log cap of 4000")) != std::string::npos);
  CHECK(text.size() <= 8000);
  std::filesystem::remove_all(dir);
}

TEST_CASE("referee: stop() during bot start-up does not wait for the start-up time", "[referee]") {
  const std::string tag = new_tag();
  std::vector<BotSpec> bots = {bot("good", "random_bot", tag), bot("silent", "silent_bot", tag)};
  RunnerOptions opt;
  opt.time.startup_ms = 60000;
  opt.stop_on_signals = false;
  opt.quit_grace = std::chrono::milliseconds(100);
  MatchRunner runner(bots, opt);
  std::vector<GameRecord> got;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    runner.stop();
  });
  const auto start = std::chrono::steady_clock::now();
  runner.run({GameJob{"clump", {0, 1}, 1, "1"}, GameJob{"clump", {1, 0}, 1, "2"}},
             [&](std::size_t, const GameRecord& r) { got.push_back(r); });
  stopper.join();
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  REQUIRE(got.size() == 1);
  CHECK(got[0].termination == Termination::kAborted);
  CHECK(processes_left(tag).empty());
}

}  // namespace match_test

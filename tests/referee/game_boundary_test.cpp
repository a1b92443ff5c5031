// Games stay apart: what a bot sends for a game that is over never reaches the next one
// (docs/protocol.md, "Between games").
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <map>

#include "process/bot_name.h"
#include "referee/log_file_name.h"
#include "referee_test_util.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace game_boundary_test {

using namespace arena;
using namespace reftest;

namespace {

RunnerOptions boundary_options() {
  RunnerOptions opt;
  opt.time.move_time_ms = 2000;
  opt.time.startup_ms = 2000;
  opt.quit_grace = std::chrono::milliseconds(200);
  opt.term_grace = std::chrono::milliseconds(100);
  return opt;
}

}  // namespace

TEST_CASE("game boundary: a bot thinking when its opponent crashes is not charged in its next games",
          "[adversarial]") {
  RunnerOptions opt = boundary_options();
  SECTION("its late answer is read and discarded") {}
  SECTION("a bot that does not answer within the wait is restarted, not faulted") {
    opt.late_answer_wait = std::chrono::milliseconds(20);
  }
  const std::string tag = new_tag();
  std::vector<BotSpec> bots = {bot("crasher", "late_exit_bot", tag), bot("innocent", "deliberate_bot", tag)};
  std::vector<GameJob> jobs;
  for (int g = 0; g < 4; ++g)
    jobs.push_back(GameJob{"clump:size=4", g % 2 ? std::vector<int>{1, 0} : std::vector<int>{0, 1},
                           static_cast<std::uint64_t>(g + 1), std::to_string(g + 1)});
  const auto records = play(bots, jobs, opt);
  for (std::size_t g = 0; g < records.size(); ++g) {
    const GameRecord& r = records[g];
    INFO("game " << g + 1 << ": " << termination_name(r.termination) << ": " << r.termination_detail);
    CHECK(r.termination == Termination::kCrash);
    const int crasher_seat = g % 2 ? 2 : 1;
    CHECK(r.fault_seat == crasher_seat);
  }
  CHECK(processes_left(tag).empty());
}

namespace {

struct ProcessGames {
  std::map<int, int> games;  // per bot process: games it began
  int remembered = 0;        // games begun by a process that had already been shown cards
};

// Plays one seat rotation (one seed) of `spec` with memory bots and reads what they wrote.
ProcessGames play_rotation(const std::string& spec, int seats, RunnerOptions opt) {
  const std::string tag = new_tag();
  char path_template[] = "/tmp/arena-memory-XXXXXX";
  const int fd = ::mkstemp(path_template);
  REQUIRE(fd >= 0);
  ::close(fd);
  const std::string path = path_template;
  std::vector<BotSpec> bots;
  for (int b = 0; b < seats; ++b) {
    BotSpec spec_b;
    spec_b.name = "memory" + std::to_string(b + 1);
    spec_b.command.argv = {bin("memory_bot"), path, tag};
    bots.push_back(spec_b);
  }
  std::vector<GameJob> jobs;
  for (int g = 0; g < seats; ++g) {
    GameJob job{spec, {}, 77, std::to_string(g + 1)};  // one seed: the same deal from every seat
    for (int s = 0; s < seats; ++s) job.seats.push_back((s + g) % seats);
    jobs.push_back(job);
  }
  const auto records = play(bots, jobs, opt);
  for (const auto& r : records) CHECK(r.termination == Termination::kNormal);
  ProcessGames out;
  std::ifstream in(path);
  for (int pid, nth, shown; in >> pid >> nth >> shown;) {
    ++out.games[pid];
    if (shown > 0) ++out.remembered;
  }
  ::unlink(path.c_str());
  CHECK(processes_left(tag).empty());
  return out;
}

}  // namespace

TEST_CASE("game boundary: in a rotation of a hidden-information game no process sees a deal twice",
          "[adversarial]") {
  RunnerOptions opt = boundary_options();
  for (const char* spec : {"flush:players=3,max_rounds=2", "flume-cards:hand_cap=2"}) {
    INFO(spec);
    const int seats = std::string(spec).rfind("flush", 0) == 0 ? 3 : 4;
    const ProcessGames fresh = play_rotation(spec, seats, opt);
    CHECK(fresh.games.size() == static_cast<std::size_t>(seats * seats));  // a process per seat per game
    CHECK(fresh.remembered == 0);
    // With reuse forced, the same bots do carry cards from one game of the deal to the next:
    // the test can see a leak when there is one.
    opt.process_reuse = ProcessReuse::kAlways;
    const ProcessGames reused = play_rotation(spec, seats, opt);
    CHECK(reused.games.size() == static_cast<std::size_t>(seats));
    CHECK(reused.remembered > 0);
    opt.process_reuse = ProcessReuse::kAuto;
  }
}

TEST_CASE("game boundary: perfect-information games keep reusing bot processes", "[referee]") {
  const ProcessGames p = play_rotation("clump:size=4", 2, boundary_options());
  CHECK(p.games.size() == 2);
}

TEST_CASE("log files: one per bot name, short, whatever the name", "[referee]") {
  CHECK(log_file_stem("random") == "random");
  CHECK(log_file_stem("bötA") != log_file_stem("bätA"));  // differ only outside ASCII
  CHECK(log_file_stem("bötA").rfind("b__tA-", 0) == 0);
  CHECK(log_file_stem("a/b") != log_file_stem("a_b"));
  CHECK(log_file_stem("..")[0] != '.');
  CHECK(log_file_stem(std::string(300, 'x')).size() <= 49);
  CHECK(log_file_stem(std::string(300, 'x')) != log_file_stem(std::string(301, 'x')));
  CHECK_FALSE(log_file_stem("").empty());

  // Through the runner: a name of the longest allowed length, all non-ASCII, plays, and two
  // names that differ outside ASCII keep their logs apart.
  const std::string tag = new_tag();
  char dir_template[] = "/tmp/arena-logs-XXXXXX";
  REQUIRE(::mkdtemp(dir_template));
  RunnerOptions opt = boundary_options();
  opt.log_dir = dir_template;
  std::vector<BotSpec> bots = {bot(
                                   [] {
                                     std::string n;
                                     for (int i = 0; i < 32; ++i) n += "é";  // 64 bytes
                                     return n;
                                   }(),
                                   "random_bot", tag),
                               bot("bötA", "random_bot", tag), bot("bätA", "random_bot", tag)};
  const auto records = play(bots, {{"clump:size=4", {0, 1}, 1, "1"}, {"clump:size=4", {1, 2}, 2, "2"}}, opt);
  for (const auto& r : records) CHECK(r.termination == Termination::kNormal);
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir_template)) {
    ++files;
    CHECK(e.path().filename().string().size() < 64);
  }
  // One per bot (and slot); none per game: these bots never said anything (GAME.SEAT.log is
  // made only for a seat that did).
  CHECK(files == 3);
  std::filesystem::remove_all(dir_template);
  CHECK(processes_left(tag).empty());
}

TEST_CASE("bot names: validated before anything starts, with the reason", "[referee]") {
  CHECK(bot_name_problem("random").empty());
  CHECK(bot_name_problem("Ünïcödé bot").empty());
  CHECK_THAT(bot_name_problem(""), Catch::Contains("empty"));
  CHECK_THAT(bot_name_problem(std::string(300, 'n')), Catch::Contains("300 bytes long; at most 64"));
  CHECK_THAT(bot_name_problem("evil\x1b]0;x\x07"), Catch::Contains("control characters"));
  CHECK_THAT(bot_name_problem("bad\xff"), Catch::Contains("invalid UTF-8"));
  CHECK_THAT(bot_name_problem(" padded"), Catch::Contains("space"));
  RunnerOptions opt = boundary_options();
  CHECK_THROWS_WITH(MatchRunner({bot(std::string(300, 'n'), "random_bot", "x")}, opt),
                    Catch::Contains("at most 64"));
}

}  // namespace game_boundary_test

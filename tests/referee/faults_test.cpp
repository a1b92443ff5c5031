// Faults a bot author must be able to read (issue 26), through the real `arena` binary: a
// crash with its exit status and traceback (no --log-dir needed), a silent start-up with its
// usual cause, a refused `name` line with its reason, and the log of one game in one file,
// made only for a seat that had something to say in that game.
#include <sys/wait.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "process/bot_name.h"
#include "referee_test_util.h"
#include "tests/shell_run.h"
#include "tests/temp_dir.h"
#include "tests/text_count.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace faults_test {

namespace {

using shelltest::Run;
using shelltest::run_arena;

using shelltest::count;

using shelltest::TempDir;

std::string python_bot(const std::string& script, const std::string& args) {
  return "'python3 " + std::string(ARENA_SOURCE_DIR) + "/tests/bots/" + script + " " + args + "'";
}

// The per-game logs in a log folder: NAME.slotK.log files aside, every file is GAME.SEAT.log.
std::vector<std::string> game_logs(const std::string& logs) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(logs)) {
    const std::string name = e.path().filename().string();
    if (name.find(".slot") == std::string::npos) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("faults: a Python bot's crash shows its exit code and traceback in the output and the record",
          "[referee][faults]") {
  const std::string tag = reftest::new_tag();
  TempDir dir("faults");
  // No --log-dir: the traceback comes from the stderr the referee keeps in memory.
  const Run r = run_arena("match clump:size=4 --games 1 --seed 1 --bot crashy=" +
                          python_bot("stderr_bot.py", "--crash 2 " + tag) +
                          " --bot steady=" + reftest::bin("random_bot") + " -o " + dir.str() + "/games.pgn");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("(crash by crashy") != std::string::npos);
  CHECK(r.out.find("actions): the bot exited with code 1\n  stderr: ") != std::string::npos);
  CHECK(r.out.find("\n  stderr: Traceback (most recent call last):\n") != std::string::npos);
  CHECK(r.out.find("\n  stderr: RuntimeError: stderr-bot crashes at decision 2 on purpose") !=
        std::string::npos);
  CHECK(r.out.find("closed its output or exited") == std::string::npos);
  const std::string pgn = shelltest::slurp(dir.str() + "/games.pgn");
  INFO(pgn);
  CHECK(pgn.find("[TerminationDetail \"the bot exited with code 1\\n  stderr: ") != std::string::npos);
  CHECK(pgn.find("\\n  stderr: RuntimeError: stderr-bot crashes at decision 2 on purpose") !=
        std::string::npos);
  // At most the last 10 lines: the line of the game's start, written first, is not among them.
  CHECK(count(r.out, "\n  stderr: ") <= 10);
  CHECK(r.out.find("stderr: stderr-bot: game seat") == std::string::npos);
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("faults: a bot that dies before 'ready' is reported with its exit and traceback",
          "[referee][faults]") {
  const std::string tag = reftest::new_tag();
  Run r = run_arena(
      "match clump --games 1 --bot early=" + python_bot("stderr_bot.py", "--crash-at-start " + tag) +
      " --bot steady=" + reftest::bin("random_bot"));
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find(
            "bot 'early' could not start: the bot exited with code 1 before 'ready'\n  command: python3 ") !=
        std::string::npos);
  CHECK(r.out.find("\n  stderr: RuntimeError: stderr-bot crashes at start-up on purpose") !=
        std::string::npos);
  CHECK(r.out.find("its standard error ended with") == std::string::npos);  // not twice
  r = run_arena("check-bot " + python_bot("stderr_bot.py", "--crash-at-start " + tag) +
                " --game clump --games 1");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("FAIL handshake: copy 1: the bot exited with code 1 before 'ready'\n  stderr: ") !=
        std::string::npos);
  CHECK(r.out.find("\n  stderr: RuntimeError: stderr-bot crashes at start-up on purpose") !=
        std::string::npos);
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("faults: a bot that writes nothing at start-up is told to flush and how to wait longer",
          "[referee][faults]") {
  const std::string tag = reftest::new_tag();
  // silent_bot never writes a line: the verdict does not depend on how busy the machine is.
  const Run r =
      run_arena("match clump --games 1 --startup-time 1 --bot quiet='" + reftest::bin("silent_bot") + " " +
                tag + "' --bot steady=" + reftest::bin("random_bot"));
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("bot 'quiet' could not start: no 'ready' within the start-up time of 1000 ms, and not one "
                   "line on its standard output") != std::string::npos);
  CHECK(r.out.find("print(..., flush=True)") != std::string::npos);
  CHECK(r.out.find("--startup-time SECONDS") != std::string::npos);
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("faults: a refused name line says why, in a match and in check-bot alike", "[referee][faults]") {
  CHECK(arena::reported_text_problem("name", std::string(64, 'n'), arena::kMaxBotNameBytes).empty());
  CHECK(arena::reported_text_problem("name", "Ünïcödé bot", arena::kMaxBotNameBytes).empty());
  CHECK(arena::reported_text_problem("name", std::string(65, 'n'), arena::kMaxBotNameBytes)
            .find("is 65 bytes long; a name must be printable UTF-8 text of at most 64 bytes") !=
        std::string::npos);
  CHECK_FALSE(arena::reported_text_problem("name", "a\tb", arena::kMaxBotNameBytes).empty());
  CHECK_FALSE(arena::reported_text_problem("author", "a\xff", arena::kMaxAuthorBytes).empty());

  const std::string tag = reftest::new_tag();
  const std::string escapes = "its 'name' line was refused: the name '\\x1B]0;pwned\\x07\\x1B[31mevilxx";
  const std::string why =
      "holds control characters (terminal escapes, tabs) or invalid UTF-8 (shown as \\xHH) and is 4019 "
      "bytes long; a name must be printable UTF-8 text of at most 64 bytes";
  Run r = run_arena("match clump --games 1 --bot evil=" + python_bot("long_name_bot.py", tag) +
                    " --bot steady=" + reftest::bin("random_bot"));
  INFO(r.out);
  CHECK(r.status == 2);
  CHECK(r.out.find("bot 'evil' could not start: " + escapes) != std::string::npos);
  CHECK(r.out.find(why) != std::string::npos);
  CHECK(r.out.find("\x1b") == std::string::npos);
  r = run_arena("check-bot " + python_bot("long_name_bot.py", tag) + " --game clump --games 1");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("FAIL handshake: copy 1: " + escapes) != std::string::npos);
  CHECK(r.out.find(why) != std::string::npos);
  r = run_arena("check-bot " + python_bot("long_name_bot.py", "--plain " + tag) + " --game clump --games 1");
  CHECK(r.status == 1);
  CHECK(r.out.find("FAIL handshake: copy 1: its 'name' line was refused: the name 'nnn") !=
        std::string::npos);
  CHECK(r.out.find("is 65 bytes long; a name must be printable UTF-8 text of at most 64 bytes") !=
        std::string::npos);
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("faults: check-bot's start-up limit scales with the copies it starts at once",
          "[check-bot][faults]") {
  const std::string tag = reftest::new_tag();
  // Two seats, two copies started together: each copy's second of --startup-time counts twice.
  Run r = run_arena("check-bot '" + reftest::bin("silent_bot") + " " + tag +
                    "' --game clump --games 1 --startup-time 1");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find(
            "FAIL handshake: copy 1: no 'ready' within the start-up time of 2000 ms, and not one line on "
            "its standard output") != std::string::npos);
  CHECK(r.out.find("(check-bot's limit: 1000 ms per copy x 2 copies started at once)") != std::string::npos);
  r = run_arena("check-bot '" + reftest::bin("random_bot") + " " + tag + "' --game clump --games 1");
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("limit 20000 ms = 10000 ms per copy x 2 copies started at once); name 'random'") !=
        std::string::npos);
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("faults: with --log-dir each game's stderr of a seat is one file, GAME.SEAT.log",
          "[referee][faults][game-logs]") {
  const std::string tag = reftest::new_tag();
  TempDir dir("faults");
  const std::string logs = dir.str() + "/logs";
  const Run r =
      run_arena("match clump:size=4 --games 2 --seed 1 --bot talker=" + python_bot("stderr_bot.py", tag) +
                " --bot steady=" + reftest::bin("random_bot") + " --log-dir " + logs);
  INFO(r.out);
  REQUIRE(r.status == 0);
  // The slot's log has both games; each game's log has its own game only, from the right seat.
  CHECK(count(shelltest::slurp(logs + "/talker.slot1.log"), "stderr-bot: game seat") == 2);
  // Only the talker's seats have a file: the quiet bot's games leave none.
  const std::vector<std::string> files = game_logs(logs);
  REQUIRE(files.size() == 2);
  for (const char* game : {"1", "2"}) {
    int games_seen = 0;
    for (const char* seat : {"1", "2"}) {
      const std::string name = std::string(game) + "." + seat + ".log";
      if (std::find(files.begin(), files.end(), name) == files.end()) continue;
      INFO(name);
      const std::string text = shelltest::slurp(logs + "/" + name);
      // The header first, then the bot's own lines.
      CHECK(text.rfind(std::string("[referee] game ") + game + " ", 0) == 0);
      CHECK(text.find(std::string(" seat ") + seat + " seed ") < text.find('\n'));
      CHECK(count(text, "[referee] game ") == 1);
      CHECK(count(text, "stderr-bot: game seat") == 1);
      CHECK(text.find(std::string("stderr-bot: game seat ") + seat + " ") != std::string::npos);
      CHECK(text.find("stderr-bot: decision ") != std::string::npos);
      ++games_seen;
    }
    CHECK(games_seen == 1);  // the talker sat in one seat of each game
  }
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("faults: a tournament of bots that say nothing leaves no per-game log",
          "[referee][faults][game-logs]") {
  const std::string tag = reftest::new_tag();
  TempDir dir("faults");
  const std::string out = dir.str() + "/t";
  const std::string quiet = "'" + reftest::bin("random_bot") + " " + tag + "'";
  const Run r =
      run_arena("tournament clump:size=4 --games 4 --rounds 2 --seed 1 --concurrency 2 --bot a=" + quiet +
                " --bot b=" + quiet + " --bot c=" + quiet + " --out " + out + " --quiet");
  INFO(r.out);
  REQUIRE(r.status == 0);
  REQUIRE(count(shelltest::slurp(out + "/journal.jsonl"), "\n") == 24);  // 3 pairings x 4 games x 2 rounds
  CHECK(game_logs(out + "/logs").empty());
  // The slot logs still have every game.
  std::size_t headers = 0;
  for (const auto& e : std::filesystem::directory_iterator(out + "/logs"))
    headers += count(shelltest::slurp(e.path()), "[referee] game ");
  CHECK(headers == 2 * 24);
  CHECK(reftest::processes_left(tag).empty());
}

TEST_CASE("faults: a crashing bot's file of the game holds the crash, even a bot that said nothing",
          "[referee][faults][game-logs]") {
  const std::string tag = reftest::new_tag();
  TempDir dir("faults");
  // A Python traceback: the bot's last words and the referee's notes on how it ended.
  std::string logs = dir.str() + "/python";
  Run r = run_arena("match clump:size=4 --games 1 --seed 1 --bot crashy=" +
                    python_bot("stderr_bot.py", "--crash 2 " + tag) +
                    " --bot steady=" + reftest::bin("random_bot") + " --log-dir " + logs);
  INFO(r.out);
  REQUIRE(r.status == 0);
  std::vector<std::string> files = game_logs(logs);
  REQUIRE(files.size() == 1);  // the crashing seat's: the quiet opponent has nothing to say
  std::string text = shelltest::slurp(logs + "/" + files[0]);
  INFO(text);
  CHECK(text.rfind("[referee] game 1 ", 0) == 0);
  CHECK(text.find("[referee] fault: crash: ") != std::string::npos);
  CHECK(text.find("[referee] bot exited with code 1\n") != std::string::npos);
  CHECK(text.find("RuntimeError: stderr-bot crashes at decision 2 on purpose") != std::string::npos);

  // A bot that dies without a word: the referee's notes alone make the file.
  logs = dir.str() + "/silent";
  r = run_arena("match clump:size=8 --games 1 --seed 1 --bot crashy='" + reftest::bin("crash_bot") + " " +
                tag + "' --bot steady=" + reftest::bin("random_bot") + " --log-dir " + logs);
  INFO(r.out);
  REQUIRE(r.status == 0);
  files = game_logs(logs);
  REQUIRE(files.size() == 1);
  text = shelltest::slurp(logs + "/" + files[0]);
  CHECK(text.rfind("[referee] game 1 ", 0) == 0);
  CHECK(text.find("[referee] fault: crash: ") != std::string::npos);
  CHECK(text.find("[referee] bot killed by signal 6") != std::string::npos);
  CHECK(reftest::processes_left(tag).empty());
}

}  // namespace faults_test

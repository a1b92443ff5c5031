// A person at the terminal (`arena match --bot me=human`), scripted through the real binary:
// ARENA_HUMAN_INPUT names a FIFO the test types into, ARENA_HUMAN_OUTPUT the file the human
// seat prints to. Whole games are played; the printed text is checked (issue 14): the
// engine's spellings and reasons, `help`, what happened since the last turn, the legal moves
// wrapped to 80 columns, and Ctrl-C keeping every game (the interrupted one as '*').
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <sstream>
#include <string>

#include "tests/bin_path.h"
#include "tests/killed_referee.h"
#include "tests/slurp.h"
#include "tests/text_count.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace play_human_test {

namespace {

using shelltest::kRandom;

using shelltest::slurp;

using shelltest::count;

// The first move of the last legal-move list printed (group labels "[..]" skipped).
std::string first_legal(const std::string& screen) {
  const std::size_t at = screen.rfind("legal moves (");
  if (at == std::string::npos) return "";
  std::istringstream lines(screen.substr(screen.find('\n', at) + 1));
  std::string word;
  while (lines >> word)
    if (word.front() != '[') return word;
  return "";
}

struct Session {
  std::string dir, screen, log;
  int status = -1;
};

// Runs `arena ARGS` with the human seat on files; `answer(prompt_number, screen)` gives each
// line typed ("" to stop typing: end of input resigns); `interrupt(prompt, screen)` true
// sends SIGINT to arena instead of answering.
Session play(const std::string& args, const std::function<std::string(int, const std::string&)>& answer,
             const std::function<bool(int, const std::string&)>& interrupt = nullptr) {
  Session s;
  char t[] = "/tmp/arena-human-XXXXXX";
  REQUIRE(::mkdtemp(t));
  s.dir = t;
  const std::string fifo = s.dir + "/in", screen = s.dir + "/screen", log = s.dir + "/log";
  std::string full_args = args;  // {DIR}: the session's folder
  for (std::size_t p; (p = full_args.find("{DIR}")) != std::string::npos;) full_args.replace(p, 5, s.dir);
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string cmd = "ARENA_HUMAN_INPUT=" + fifo + " ARENA_HUMAN_OUTPUT=" + screen + " exec " +
                          std::string(ARENA_BIN_DIR) + "/arena " + full_args + " > " + log + " 2>&1";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const int in = ::open(fifo.c_str(), O_RDWR);  // never blocks; the human reads the other end
  REQUIRE(in >= 0);
  int answered = 0, status = 0;
  bool typing = true;
  for (int i = 0; i < 6000 && ::waitpid(pid, &status, WNOHANG) == 0; ++i) {  // at most 60 s
    s.screen = slurp(screen);
    const int prompts = static_cast<int>(count(s.screen, "your move: "));
    const bool waiting =
        s.screen.size() >= 11 && s.screen.compare(s.screen.size() - 11, 11, "your move: ") == 0;
    if (typing && waiting && prompts > answered) {
      answered = prompts;
      if (interrupt && interrupt(prompts, s.screen)) {
        ::kill(pid, SIGINT);
        typing = false;
        continue;
      }
      const std::string line = answer(prompts, s.screen);
      if (line.empty()) {
        typing = false;
        ::close(in);
        continue;
      }
      REQUIRE(::write(in, (line + "\n").data(), line.size() + 1) == static_cast<ssize_t>(line.size() + 1));
    }
    ::usleep(10 * 1000);
  }
  if (typing) ::close(in);
  if (::waitpid(pid, &status, WNOHANG) == 0) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
    reftest::remove_run_folder_of(pid);
    FAIL("arena did not finish within 60 s; screen:\n" << slurp(screen));
  }
  s.screen = slurp(screen);
  s.log = slurp(log);
  s.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return s;
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The widest line on the screen. At a terminal the person's typing and Enter follow the
// prompt, so what is printed after "your move: " starts a line of its own.
std::size_t longest_line(std::string text) {
  for (std::size_t p = 0; (p = text.find("your move: ", p)) != std::string::npos;) text.insert(p += 11, "\n");
  std::size_t longest = 0;
  std::istringstream lines(text);
  for (std::string l; std::getline(lines, l);) longest = std::max(longest, l.size());
  return longest;
}

}  // namespace

TEST_CASE("human seat: a whole Clump game typed with the engine's spellings, help and reasons", "[cli]") {
  const Session s = play(
      "match clump:size=4 --bot me=human --bot r=" + kRandom + " --games 1 --seed 3 --out {DIR}/games.pgn",
      [](int prompt, const std::string& screen) -> std::string {
        if (prompt == 1) return "help";
        if (prompt == 2) return "a1-a9";    // off the board: the engine's reason
        return upper(first_legal(screen));  // upper case: accepted by parse_move
      });
  INFO(s.screen << "\n---\n" << s.log);
  CHECK(s.status == 0);
  CHECK(s.screen.find("you are seat 1 of 2 ===\nType 'help' for the notation") != std::string::npos);
  CHECK(s.screen.find("A move names your stone") != std::string::npos);  // Clump's notation_help
  CHECK(s.screen.find("Commands: help") != std::string::npos);
  CHECK(s.screen.find("'a1-a9'") != std::string::npos);  // the parser's message about the typo
  CHECK(s.screen.find("since your last turn:\n  you played ") != std::string::npos);
  CHECK(s.screen.find("seat 2 played ") != std::string::npos);
  CHECK(s.screen.find("=== game over") != std::string::npos);
  CHECK(s.screen.find("not one of the legal moves") == std::string::npos);
  CHECK(longest_line(s.screen) <= 80);
  // The end says who won, to the person, and by name on the match's output.
  const bool won =
      s.screen.find("=== game over (normal): you won ===\nranks: 1. you  2. seat 2\n") != std::string::npos;
  const bool lost =
      s.screen.find("=== game over (normal): you lost ===\nranks: 1. seat 2  2. you\n") != std::string::npos;
  CHECK(won != lost);
  CHECK(s.log.find(won ? "me: you won; ranks: 1. me  2. r" : "me: you lost; ranks: 1. r  2. me") !=
        std::string::npos);
  const std::string pgn = slurp(s.dir + "/games.pgn");
  CHECK(count(pgn, "[Result ") == 1);
  CHECK(pgn.find("[Result \"*\"]") == std::string::npos);
  std::filesystem::remove_all(s.dir);
}

TEST_CASE("human seat: Flume (cards) is readable and every typed move is the seat's own", "[cli]") {
  const Session s = play("match flume-cards:target=5 --bot me=human --bot a=" + kRandom +
                             " --bot b=" + kRandom + " --bot c=" + kRandom + " --games 1 --seed 11",
                         [](int prompt, const std::string& screen) -> std::string {
                           if (prompt == 1) return "help";
                           if (prompt == 2) return "hello";
                           return first_legal(screen);
                         });
  INFO(s.screen << "\n---\n" << s.log);
  CHECK(s.status == 0);
  CHECK(s.screen.find("Cards: the rank\nA K Q J T") != std::string::npos);  // flume-cards' notation_help
  CHECK(s.screen.find("'hello'") != std::string::npos);                     // the reason for the typo
  CHECK(s.screen.find("=== game over") != std::string::npos);
  CHECK(longest_line(s.screen) <= 80);
  std::filesystem::remove_all(s.dir);
}

TEST_CASE("human seat: Flush, a game with many moves: legal moves grouped and wrapped", "[cli]") {
  const Session s = play("match flush:players=3,limit=20 --bot me=human --bot a=" + kRandom +
                             " --bot b=" + kRandom + " --games 1 --seed 5",
                         [](int, const std::string& screen) { return first_legal(screen); });
  INFO(s.screen << "\n---\n" << s.log);
  CHECK(s.status == 0);
  CHECK(s.screen.find("=== game over") != std::string::npos);
  CHECK(s.screen.find("since your last turn:") != std::string::npos);
  CHECK(longest_line(s.screen) <= 80);
  std::filesystem::remove_all(s.dir);
}

TEST_CASE("human seat: Flush typed in upper case, pick-ups and skipped turns are told", "[cli]") {
  const Session s = play("match flush:players=3,limit=20 --bot me=human --bot a=" + kRandom +
                             " --bot b=" + kRandom + " --games 1 --seed 6",
                         [](int, const std::string& screen) { return upper(first_legal(screen)); });
  INFO(s.screen << "\n---\n" << s.log);
  CHECK(s.status == 0);
  CHECK(s.screen.find("type 'help'") == std::string::npos);  // every move accepted (4B for 4b, ...)
  CHECK(s.screen.find(" picked up the pile with ") != std::string::npos);
  CHECK(s.screen.find("; you are skipped") != std::string::npos);
  CHECK(s.screen.find("; seat 2 is skipped") != std::string::npos);
  CHECK(s.screen.find("=== game over (normal): you ") != std::string::npos);
  CHECK(s.log.find("me: you ") != std::string::npos);
  CHECK(s.log.find("; ranks: 1. ") != std::string::npos);
  CHECK(longest_line(s.screen) <= 80);
  std::filesystem::remove_all(s.dir);
}

TEST_CASE("human seat: Ctrl-C keeps the finished game and the interrupted one (Result '*')", "[cli]") {
  bool resigned = false;
  const Session s = play(
      "match clump:size=6 --bot me=human --bot r=" + kRandom + " --games 3 --seed 4 --out {DIR}/games.pgn",
      [&](int, const std::string& screen) -> std::string {
        if (!resigned) return resigned = true, std::string("resign");  // game 1 ends at once
        return first_legal(screen);
      },
      [](int, const std::string& screen) {
        // In game 2, after one move of the person's: Ctrl-C.
        const std::size_t game2 = screen.find("=== new game", screen.find("=== game over"));
        return game2 != std::string::npos && screen.find("you played", game2) != std::string::npos &&
               count(screen, "=== game over") == 1;
      });
  INFO(s.screen << "\n---\n" << s.log);
  CHECK(s.status == 130);
  CHECK(s.log.find("match interrupted after 1 of 3 games") != std::string::npos);
  CHECK(s.screen.find("=== game over (resign): you lost ===") != std::string::npos);
  const std::string pgn = slurp(s.dir + "/games.pgn");
  CHECK(count(pgn, "[Game ") == 2);
  CHECK(pgn.find("[Termination \"resign") != std::string::npos);
  CHECK(pgn.find("[Result \"*\"]") != std::string::npos);  // the interrupted game, with its moves
  CHECK(pgn.find("[Termination \"aborted\"]") != std::string::npos);
  std::filesystem::remove_all(s.dir);
}

}  // namespace play_human_test

// `arena league` through the real binary (docs/league.md): a league takes bots added from
// another shell while it runs and gives them their first games, stops pairing a retired one,
// refuses a second run, keeps every finished game exactly once across kill -9, and names a
// damaged store.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "tests/bin_path.h"
#include "tests/killed_referee.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace league_test {

namespace {

namespace fs = std::filesystem;
using shelltest::Run;
using shelltest::run_arena;

using shelltest::kBin;
// A bot that thinks a little (a fixed number of playouts): a league of these plays a few
// games a second, so a test can act between them.
std::string thinker(const std::string& name) {
  return "'" + name + "=" + kBin + "/mcts_bot --iterations 200'";
}

// A league's folder, removed at the end.
struct Folder : shelltest::TempFolder {
  explicit Folder(const std::string& name) : TempFolder("arena-league", name) {}
};

// `arena ARGS` started in the background (its own process group); stop() ends it.
class Background {
 public:
  explicit Background(const std::string& args, const fs::path& log) {
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setpgid(0, 0);
      const std::string cmd = "exec " + kBin + "/arena " + args + " >'" + log.string() + "' 2>&1";
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~Background() {
    if (pid_ > 0) signal_and_wait(SIGKILL);
  }
  // Sends `sig` to the run's group and waits for it; the exit status (-1: killed by a signal).
  int signal_and_wait(int sig) {
    ::kill(-pid_, sig);
    return wait();
  }
  int wait() {
    int st = 0;
    ::waitpid(pid_, &st, 0);
    reftest::remove_run_folder_of(pid_);  // what a SIGKILL leaves
    pid_ = -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  }

 private:
  pid_t pid_ = -1;
};

boost::json::object table_json(const Folder& league) {
  const Run r = run_arena("league table " + league.str() + " --json");
  REQUIRE(r.status == 0);
  return boost::json::parse(r.out).as_object();
}

std::int64_t games_of(const Folder& league) { return table_json(league).at("games").as_int64(); }

// Players of every exported game, in order.
std::vector<std::vector<std::string>> exported_players(const Folder& league) {
  const Run r = run_arena("league export " + league.str());
  REQUIRE(r.status == 0);
  std::vector<std::vector<std::string>> games;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("[Event ", 0) == 0) games.emplace_back();
    for (const char* tag : {"[White \"", "[Black \""})
      if (line.rfind(tag, 0) == 0 && !games.empty()) games.back().push_back(line.substr(8, line.size() - 10));
  }
  return games;
}

// The Round tags of the league's games in play, from their live files
// (DIR/live/OWNER/league-B-T-G.live, tournaments/live_games.h); a folder may go meanwhile.
std::vector<std::string> rounds_in_play(const Folder& league) {
  std::vector<std::string> rounds;
  std::error_code ec;
  for (const fs::directory_entry& owner : fs::directory_iterator(league.path / "live", ec))
    for (const fs::directory_entry& e : fs::directory_iterator(owner.path(), ec)) {
      std::string name = e.path().stem().string();
      if (e.path().extension() != ".live" || name.rfind("league-", 0) != 0) continue;
      std::replace(name.begin(), name.end(), '-', '.');
      rounds.push_back(name.substr(7));
    }
  return rounds;
}

// Waits until `ready` says yes. Asked once a step, never again after: a state that comes and goes
// (a worker holding games between two batches) is judged by the answer that ended the wait.
void wait_until(const std::function<bool()>& ready, const char* what) {
  bool yes = false;
  for (int i = 0; i < 600 && !(yes = ready()); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  INFO(what);
  REQUIRE(yes);
}

}  // namespace

TEST_CASE("league: new, add, run and table through the binary, every game kept once", "[league]") {
  Folder league("basic");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=6 --tc 5+0.05").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " r1=" + kBin + "/random_bot").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " g1=" + kBin + "/greedy_bot --note first").status == 0);
  const Run again = run_arena("league add " + league.str() + " r1=" + kBin + "/greedy_bot");
  CHECK(again.status == 2);
  CHECK(again.out.find("already has a bot named 'r1'") != std::string::npos);

  const Run run = run_arena("league run " + league.str() + " -j 2 --games 10 --quiet");
  INFO(run.out);
  REQUIRE(run.status == 0);
  CHECK(games_of(league) == 10);
  const auto games = exported_players(league);
  CHECK(games.size() == 10);
  const Run more = run_arena("league run " + league.str() + " --games 4");
  REQUIRE(more.status == 0);
  CHECK(games_of(league) == 14);  // running again continues
  // What a line says, a line a game, then how long the games waited for the league's own work.
  CHECK(more.out.rfind("league " + league.str() + ": a line per game kept: ", 0) == 0);
  CHECK(std::count(more.out.begin(), more.out.end(), '\n') == 6);
  CHECK(more.out.find("league " + league.str() + ": 4 games kept in ") != std::string::npos);
  CHECK(more.out.find(" ms a game)\n") != std::string::npos);

  // The records are ordinary PGN: arena verify replays every one.
  const fs::path pgn = league.path / "export.pgn";
  REQUIRE(shelltest::run_shell(kBin + "/arena league export " + league.str() + " > '" + pgn.string() + "'")
              .status == 0);
  const Run verify = run_arena("verify " + pgn.string());
  INFO(verify.out);
  CHECK(verify.status == 0);
  const Run text = run_arena("league table " + league.str());
  CHECK(text.out.find("  first\n") != std::string::npos);  // the note, last on g1's line

  // The report: the games as a PGN file beside it, every game in the page's data.
  const Run report = run_arena("league report " + league.str());
  INFO(report.out);
  REQUIRE(report.status == 0);
  CHECK(shelltest::slurp(league.path / "games.pgn") == run_arena("league export " + league.str()).out);
  const std::string html = shelltest::slurp(league.path / "report.html");
  CHECK(html.find("League arena-league-basic") != std::string::npos);
  CHECK(html.find("\"g1\"") != std::string::npos);
}

TEST_CASE("league: a bot added while it runs gets its first games, a retired one none", "[league]") {
  Folder league("live");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=6 --tc 5+0.05 --min-games 8").status == 0);
  for (const char* bot : {"a", "b"})
    REQUIRE(run_arena("league add " + league.str() + " " + thinker(bot)).status == 0);
  Background run("league run " + league.str() + " -j 2", league.path / "run.log");
  wait_until([&] { return games_of(league) >= 4; }, "the league plays");

  // Two runs of one league are refused, by name.
  const Run second = run_arena("league run " + league.str() + " --games 1");
  CHECK(second.status == 2);
  CHECK(second.out.find("another arena league run is playing this league") != std::string::npos);

  REQUIRE(run_arena("league add " + league.str() + " " + thinker("c") + " --parent a").status == 0);
  const std::size_t added_at = exported_players(league).size();
  wait_until([&] { return exported_players(league).size() >= added_at + 12; }, "the league goes on");
  REQUIRE(run_arena("league retire " + league.str() + " b").status == 0);
  // Sets of b begun may still be played whole: one per slot in play at the retirement, and one
  // per slot begun before the run reads it (it looks every 20 ms): 2 + 2 sets of 2 games.
  const std::size_t retired_at = exported_players(league).size() + 8;
  wait_until([&] { return exported_players(league).size() >= retired_at + 12; }, "the league goes on");
  CHECK(run.signal_and_wait(SIGTERM) == 130);

  const auto games = exported_players(league);
  int with_c = 0, after = 0;
  for (std::size_t i = added_at; i < games.size(); ++i, ++after)
    with_c += std::count(games[i].begin(), games[i].end(), "c") > 0;
  INFO("games since c was added: " << after << ", with c: " << with_c);
  CHECK(with_c >= 8);  // its first games: most pairings include it
  int with_b = 0;
  for (std::size_t i = retired_at; i < games.size(); ++i)
    with_b += std::count(games[i].begin(), games[i].end(), "b") > 0;
  CHECK(with_b == 0);
  const auto table = table_json(league);
  CHECK(table.at("games").as_int64() == static_cast<std::int64_t>(games.size()));
  bool b_retired = false;
  for (const auto& bot : table.at("bots").as_array())
    if (bot.as_object().at("name") == "b") b_retired = bot.as_object().at("retired").as_bool();
  CHECK(b_retired);
}

TEST_CASE("league: kill -9 at any instant loses no finished game and counts none twice", "[league]") {
  Folder league("kill");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=6 --tc 5+0.05").status == 0);
  for (const char* bot : {"a", "b"})
    REQUIRE(run_arena("league add " + league.str() + " " + thinker(bot)).status == 0);
  std::mt19937 rng(7);
  for (int kill = 0; kill < 4; ++kill) {
    Background run("league run " + league.str() + " -j 2", league.path / "run.log");
    const std::int64_t before = games_of(league);
    wait_until([&] { return games_of(league) > before; }, "the league plays");
    std::this_thread::sleep_for(std::chrono::milliseconds(rng() % 300));
    run.signal_and_wait(SIGKILL);
  }
  REQUIRE(run_arena("league run " + league.str() + " --games 4 --quiet").status == 0);
  // Records, store and table agree, and no game's label was stored twice.
  const Run pgn = run_arena("league export " + league.str());
  std::set<std::string> rounds;
  int records = 0;
  std::istringstream in(pgn.out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("[Round \"", 0) == 0) {
      ++records;
      CHECK(rounds.insert(line).second);
    }
  CHECK(records == games_of(league));
}

// The Round labels and players of every exported game, in order.
std::vector<std::pair<std::string, std::vector<std::string>>> exported_games(const Folder& league) {
  const Run r = run_arena("league export " + league.str());
  REQUIRE(r.status == 0);
  std::vector<std::pair<std::string, std::vector<std::string>>> games;
  for (const std::vector<std::string>& players : exported_players(league)) games.push_back({"", players});
  std::istringstream in(r.out);
  std::size_t i = 0;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("[Round \"", 0) == 0 && i < games.size())
      games[i++].first = line.substr(8, line.size() - 10);
  return games;
}

TEST_CASE("league: a game in play whose bot was retired since is played when taken over", "[league]") {
  Folder league("retired");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=6 --tc 60+1").status == 0);
  // x thinks 200 ms a move: its table's games are in play long enough to be cut by a kill.
  REQUIRE(run_arena("league add " + league.str() + " x=" + kBin + "/deliberate_bot").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " y=" + kBin + "/random_bot").status == 0);
  std::string table;  // "B.T." of the game in play when the run is killed
  {
    Background run("league run " + league.str() + " -j 1", league.path / "run.log");
    auto in_play = [&] {
      for (const std::string& round : rounds_in_play(league)) {
        table = round.substr(0, round.rfind('.') + 1);
        return true;
      }
      return false;
    };
    wait_until(in_play, "a game of x against y is in play");
    run.signal_and_wait(SIGKILL);  // its games stay claimed, as after a crash
  }
  std::set<std::string> kept_before;  // x's games kept before the kill: earlier tables, or one of this one
  for (const auto& [round, players] : exported_games(league)) kept_before.insert(round);
  REQUIRE(run_arena("league retire " + league.str() + " x").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " z=" + kBin + "/random_bot").status == 0);

  // The next run plays the rest of every set of x begun before the kill (a set is never cut),
  // and no other game of x: neither a set paired before the kill but not begun (its games,
  // one cut by the kill included, start from nothing) nor a new table.
  const Run next = run_arena("league run " + league.str() + " -j 1 --games 6");
  INFO(next.out);
  REQUIRE(next.status == 0);
  CHECK(next.out.find("took over") != std::string::npos);
  const auto games = exported_games(league);
  REQUIRE(games.size() == kept_before.size() + 6);
  auto table_of = [](const std::string& round) { return round.substr(0, round.rfind('.')); };
  std::map<std::string, int> begun;  // x's tables with a game kept before the kill: their games
  for (const auto& [round, players] : games)
    if (kept_before.count(round) && std::count(players.begin(), players.end(), "x"))
      begun[table_of(round)] = 0;
  std::set<std::string> rounds;
  for (const auto& [round, players] : games) {
    INFO(round);
    CHECK(rounds.insert(round).second);  // each game once
    if (begun.count(table_of(round))) ++begun[table_of(round)];
    if (kept_before.count(round) == 0 && std::count(players.begin(), players.end(), "x"))
      CHECK(begun.count(table_of(round)) == 1);  // x only finishes what it began
  }
  for (const auto& [t, n] : begun) {
    INFO("table " << t);
    CHECK(n == 2);  // the whole set: both seatings, once each
  }
  // The table in play at the kill: finished if begun, else not played at all.
  if (!begun.count(table.substr(0, table.size() - 1)))
    CHECK(next.out.find("game " + table + "1: not played: its table seats a retired bot") !=
          std::string::npos);
  CHECK(table_json(league).at("games").as_int64() == static_cast<std::int64_t>(games.size()));
}

TEST_CASE("league: a set cut by a kill after its first game keeps that game held back until it is whole",
          "[league]") {
  Folder league("held");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=6 --tc 60+1").status == 0);
  // x thinks 200 ms a move: a game lasts seconds, long enough to be seen and cut.
  REQUIRE(run_arena("league add " + league.str() + " x=" + kBin + "/deliberate_bot").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " y=" + kBin + "/random_bot").status == 0);
  auto rounds_kept = [&] {
    std::set<std::string> kept;
    for (const auto& [round, players] : exported_games(league)) kept.insert(round);
    return kept;
  };
  std::string second;  // "B.T.2", in play at the kill, its table's first game kept
  {
    Background run("league run " + league.str() + " -j 1", league.path / "run.log");
    auto cut = [&] {
      for (const std::string& round : rounds_in_play(league))
        if (round.ends_with(".2") && rounds_kept().count(round.substr(0, round.size() - 1) + "1"))
          second = round;
      return !second.empty();
    };
    wait_until(cut, "a table's second game in play, its first kept");
    run.signal_and_wait(SIGKILL);
  }
  const std::string first = second.substr(0, second.size() - 1) + "1";
  fs::remove_all(league.path / "live");  // any list found now is the next run's own
  Background next("league run " + league.str() + " -j 1", league.path / "next.log");
  // While the next run plays the second game again, its held list names the first: `arena
  // serve` shows no record of a deal still in play.
  auto held = [&] {
    std::error_code ec;
    for (const fs::directory_entry& owner : fs::directory_iterator(league.path / "live", ec)) {
      std::ifstream in(owner.path() / "held.txt");
      for (std::string line; std::getline(in, line);)
        if (line == first) return true;
    }
    return false;
  };
  wait_until(held, "the next run holds the first game of the cut set back");
  CHECK(next.signal_and_wait(SIGTERM) == 130);
  const std::set<std::string> kept = rounds_kept();
  CHECK(kept.count(first) == 1);
}

TEST_CASE("league: a version plays its parent until the SPRT decides, and the table says so", "[league]") {
  Folder league("versions");
  // A wide H1 (100 normalised Elo) decides a lopsided match in a few pairs.
  REQUIRE(run_arena("league new " + league.str() +
                    " clump:size=6 --tc 5+0.05 --min-games 0 --sprt elo0=0,elo1=100,alpha=0.05,beta=0.05")
              .status == 0);
  REQUIRE(run_arena("league add " + league.str() + " v1=" + kBin + "/random_bot").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " other=" + kBin + "/random_bot").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " v2=" + kBin + "/greedy_bot --parent v1").status == 0);
  REQUIRE(run_arena("league add " + league.str() + " v3=x --parent nobody").status == 2);
  REQUIRE(run_arena("league run " + league.str() + " -j 2 --games 80 --quiet").status == 0);
  const auto table = table_json(league);
  const auto& versions = table.at("versions").as_array();
  REQUIRE(versions.size() == 1);
  const auto& v2 = versions[0].as_object();
  CHECK(v2.at("version") == "v2");
  CHECK(v2.at("parent") == "v1");
  CHECK((v2.at("elo").is_null() ||
         v2.at("elo").to_number<double>() > 0));  // greedy beats random (null: always)
  REQUIRE(v2.contains("sprt"));
  CHECK(v2.at("sprt").as_object().at("decision") == "H1 accepted");
  CHECK(v2.at("sprt").as_object().at("elo1").to_number<double>() == 100);
  // Once decided, the version plays where the matchmaking puts it: its games against the
  // parent stop at the decision, far below the 80 played.
  CHECK(v2.at("games").as_int64() < 50);
  const Run text = run_arena("league table " + league.str());
  CHECK(text.out.find("v2 vs v1:") != std::string::npos);
  CHECK(text.out.find("H1 accepted") != std::string::npos);
}

TEST_CASE("league: a damaged or foreign store is an error naming it", "[league]") {
  Folder league("damaged");
  fs::create_directories(league.path);
  Run r = run_arena("league table " + league.str());
  CHECK(r.status == 2);
  CHECK(r.out.find("not a league folder") != std::string::npos);
  std::ofstream(league.path / "league.db") << "this is not a database, only some text that is long enough";
  r = run_arena("league table " + league.str());
  CHECK(r.status == 2);
  CHECK(r.out.find((league.path / "league.db").string()) != std::string::npos);
  CHECK(r.out.find("not an Arena league") != std::string::npos);
  fs::remove(league.path / "league.db");
  // Another program's SQLite database.
  REQUIRE(shelltest::run_shell("python3 -c \"import sqlite3; sqlite3.connect('" +
                               (league.path / "league.db").string() + "').execute('create table t(x)')\"")
              .status == 0);
  r = run_arena("league add " + league.str() + " x=" + kBin + "/random_bot");
  CHECK(r.status == 2);
  CHECK(r.out.find("not an Arena league") != std::string::npos);
  r = run_arena("league new " + league.str() + " nosuchgame");
  CHECK(r.status == 2);
  // A folder where the database belongs: named as such, whether opened or made anew.
  fs::remove(league.path / "league.db");
  fs::create_directories(league.path / "league.db");
  for (const std::string command : {"league table ", "league new "}) {
    r = run_arena(command + league.str() + (command == "league new " ? " clump" : ""));
    CHECK(r.status == 2);
    CHECK(r.out.find((league.path / "league.db").string() + ": not a file") != std::string::npos);
  }
}

}  // namespace league_test

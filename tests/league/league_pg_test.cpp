// `arena league` on PostgreSQL through the real binary (docs/league.md, "PostgreSQL"), with a
// real server from Debian's `postgresql` package started for each test on a private Unix
// socket (tests/league/pg_server.sh) and removed at its end: several `run` workers share one
// league, each logging to a folder of its own; one killed with SIGKILL mid-game has its game
// played again by another once its lease ends, and every game is kept exactly once; a bad URL,
// an unreachable server and a database that is not a league's are errors naming them.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <thread>

#include "tests/bin_path.h"
#include "tests/killed_referee.h"
#include "tests/league/pg_server.h"
#include "tests/league/unstartable_bot.h"
#include "tests/serve/serve_client.h"
#include "tests/shell_run.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace league_pg_test {

namespace {

namespace fs = std::filesystem;
using shelltest::Run;
using shelltest::run_arena;
using shelltest::run_shell;

using pgtest::PgServer;
using pgtest::skipped;
using shelltest::kBin;

// A league's folder, removed at the end.
struct Folder : shelltest::TempFolder {
  explicit Folder(const std::string& name) : TempFolder("arena-league", name) {}
};

// `arena ARGS` in the background (its own process group, bots included).
class Worker {
 public:
  Worker(const std::string& args, fs::path log) : log_(std::move(log)) {
    pid_ = ::fork();
    if (pid_ == 0) {
      ::setpgid(0, 0);
      const std::string cmd = "exec " + kBin + "/arena " + args + " >'" + log_.string() + "' 2>&1";
      ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
  }
  ~Worker() {
    if (pid_ > 0) signal_and_wait(SIGKILL);
  }
  pid_t pid() const { return pid_; }
  std::string log() const { return shelltest::slurp(log_); }
  // Sends `sig` to the worker's group and waits: its exit status (-1: killed by a signal).
  int signal_and_wait(int sig) {
    ::kill(-pid_, sig);
    int st = 0;
    ::waitpid(pid_, &st, 0);
    reftest::remove_run_folder_of(pid_);  // what a SIGKILL leaves
    pid_ = -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  }

 private:
  fs::path log_;
  pid_t pid_ = -1;
};

// Waits until `ready` says yes. Asked once a step, never again after: a state that comes and goes
// (a worker holding games between two batches) is judged by the answer that ended the wait.
void wait_until(const std::function<bool()>& ready, const char* what) {
  bool yes = false;
  for (int i = 0; i < 1200 && !(yes = ready()); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  INFO(what);
  REQUIRE(yes);
}

std::int64_t table_games(const Folder& league) {
  const Run r = run_arena("league table " + league.str() + " --json");
  REQUIRE(r.status == 0);
  return boost::json::parse(r.out).as_object().at("games").as_int64();
}

// The Round label of every exported game, in order.
std::vector<std::string> exported_rounds(const Folder& league) {
  const Run r = run_arena("league export " + league.str());
  REQUIRE(r.status == 0);
  std::vector<std::string> rounds;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("[Round \"", 0) == 0) rounds.push_back(line.substr(8, line.size() - 10));
  return rounds;
}

// The rounds a worker's log says it kept ("game R: ...").
std::vector<std::string> logged_rounds(const std::string& log) {
  std::vector<std::string> out;
  std::istringstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("game ", 0) == 0 && line.find(": not kept") == std::string::npos)
      out.push_back(line.substr(5, line.find(':') - 5));
  return out;
}

// Every line of `text`, without empty ones.
std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("league on PostgreSQL: workers share it, a killed worker's game is played again after its lease",
          "[league][postgresql]") {
  PgServer pg;
  if (skipped(pg)) return;
  const std::string db = pg.create_database("league");
  Folder league("pg");
  const Run made = run_arena("league new " + league.str() + " clump:size=6 --tc 5+0.05 --db '" + db + "'");
  INFO(made.out);
  REQUIRE(made.status == 0);
  CHECK(fs::exists(league.path / "league.json"));
  CHECK_FALSE(fs::exists(league.path / "league.db"));  // the folder holds only the pointer
  for (const char* bot : {"a", "b", "c", "d"})
    REQUIRE(run_arena("league add " + league.str() + " '" + bot + "=" + kBin + "/mcts_bot --iterations 300'")
                .status == 0);

  // Three workers, short leases (1.5 s, renewed every 0.5 s).
  const std::string run = "league run " + league.str() + " -j 2 --lease 1.5";
  std::vector<std::unique_ptr<Worker>> workers;
  for (int w = 0; w < 3; ++w)
    workers.push_back(std::make_unique<Worker>(run, league.path / ("w" + std::to_string(w) + ".log")));
  const std::string games = "SELECT count(*) FROM games";
  wait_until([&] { return std::stoll(pg.sql("league", games)) >= 6; }, "the workers play");

  // Kill worker 0 while it holds games in play (a kill that lands between two of its batches,
  // when it holds none, is tried again on a new worker 0). Every worker plays all along: one
  // that held no game for two minutes would be stalled, and fail the test.
  auto claims_of = [&](pid_t pid) {
    return "SELECT job FROM claims WHERE worker LIKE '%:" + std::to_string(pid) + ":%'";
  };
  std::vector<std::string> lost;  // the jobs of the killed worker's games in play
  const std::size_t victim = 0;
  for (int attempt = 0; attempt < 5 && lost.empty(); ++attempt) {
    const pid_t pid = workers[victim]->pid();
    wait_until([&] { return !lines(pg.sql("league", claims_of(pid))).empty(); },
               "worker 0 has games in play");
    workers[victim]->signal_and_wait(SIGKILL);
    lost = lines(pg.sql("league", claims_of(pid)));
    if (lost.empty())
      workers[victim] =
          std::make_unique<Worker>(run, league.path / ("w0-" + std::to_string(attempt) + ".log"));
  }
  REQUIRE_FALSE(lost.empty());
  std::vector<std::string> lost_rounds;
  for (const std::string& job : lost)
    lost_rounds.push_back(std::string(boost::json::parse(job).as_object().at("round").as_string()));

  // Another worker takes each of them over once the lease has run out, and keeps it.
  auto taker_logs = [&] {
    std::string logs;
    for (std::size_t w = 0; w < workers.size(); ++w)
      if (w != victim) logs += workers[w]->log();
    return logs;
  };
  auto kept_by_others = [&] {
    const std::string logs = taker_logs();
    for (const std::string& r : lost_rounds)
      if (logs.find("game " + r + ":") == std::string::npos) return false;
    return true;
  };
  wait_until(kept_by_others, "another worker plays the killed worker's games");
  CHECK(taker_logs().find("took over") != std::string::npos);
  std::vector<pid_t> takers;
  for (std::size_t w = 0; w < workers.size(); ++w)
    if (w != victim) {
      takers.push_back(workers[w]->pid());
      CHECK(workers[w]->signal_and_wait(SIGTERM) == 130);
    }
  // Stopped runs give their games in play back: the next run plays them first (all of them,
  // with --games as many).
  const long in_play = std::stol(pg.sql("league", "SELECT count(*) FROM claims"));
  CHECK(in_play ==
        std::stol(pg.sql("league", "SELECT count(*) FROM claims WHERE expires <= clock_timestamp()")));
  const Run last =
      run_arena("league run " + league.str() + " -j 2 --games " + std::to_string(std::max(1L, in_play)));
  INFO(last.out);
  REQUIRE(last.status == 0);

  // Every game exactly once: the records, the database and the table agree, and no two
  // workers kept one game.
  const std::vector<std::string> rounds = exported_rounds(league);
  const std::set<std::string> unique(rounds.begin(), rounds.end());
  CHECK(unique.size() == rounds.size());
  CHECK(static_cast<std::int64_t>(rounds.size()) == std::stoll(pg.sql("league", games)));
  CHECK(static_cast<std::int64_t>(rounds.size()) == table_games(league));
  CHECK(pg.sql("league", "SELECT count(*) FROM claims") == "0\n");  // none left in play
  std::multiset<std::string> logged;
  std::vector<std::string> logs{last.out};  // every worker's, the killed ones' too
  for (const fs::directory_entry& e : fs::directory_iterator(league.path))
    if (e.path().extension() == ".log") logs.push_back(shelltest::slurp(e.path()));
  for (const std::string& log : logs)
    for (const std::string& r : logged_rounds(log)) logged.insert(r);
  for (const std::string& r : logged) {
    INFO("logged as kept: " << r);
    CHECK(logged.count(r) == 1);
    CHECK(unique.count(r) == 1);
  }
  // Only a game the killed worker kept in the instant before SIGKILL may miss its log line.
  CHECK(rounds.size() <= logged.size() + 2);
  for (const std::string& r : lost_rounds) CHECK(std::count(rounds.begin(), rounds.end(), r) == 1);

  // Workers on one machine share DIR/logs/, each in a folder of its own (its worker id, with
  // '-' for ':'): no two write to one file. Each worker's folder holds its bots' logs.
  std::set<std::string> folders;
  for (const fs::directory_entry& e : fs::directory_iterator(league.path / "logs")) {
    INFO(e.path());
    CHECK(e.is_directory());
    folders.insert(e.path().filename().string());
  }
  CHECK(folders.size() >= 3);       // workers 1 and 2, the killed worker 0 (or a later one), the last run
  for (const pid_t pid : takers) {  // the two workers that played all along: a folder each
    INFO("worker " << pid);
    CHECK(std::count_if(folders.begin(), folders.end(), [&](const std::string& f) {
            return f.find("-" + std::to_string(pid) + "-") != std::string::npos;
          }) == 1);
  }
  for (const std::string& f : folders) {
    std::size_t bot_logs = 0;
    for (const fs::directory_entry& e : fs::directory_iterator(league.path / "logs" / f))
      bot_logs += e.path().filename().string().find(".slot") != std::string::npos;
    INFO(f);
    CHECK(bot_logs >= 1);
  }

  // The league's PGN is whole in the database: arena verify replays every record.
  const fs::path pgn = league.path / "export.pgn";
  REQUIRE(run_shell(kBin + "/arena league export " + league.str() + " > '" + pgn.string() + "'").status == 0);
  const Run verify = run_arena("verify " + pgn.string());
  INFO(verify.out);
  CHECK(verify.status == 0);
}

TEST_CASE("league on PostgreSQL: a bad URL, an unreachable server or a foreign database is named",
          "[league][postgresql]") {
  PgServer pg;
  if (skipped(pg)) return;
  Folder league("pgerr");
  auto refused = [&](const std::string& args, const std::string& named, const std::string& why) {
    const Run r = run_arena(args);
    INFO(args << ": " << r.out);
    CHECK(r.status == 2);
    CHECK(r.out.find(named) != std::string::npos);
    CHECK(r.out.find(why) != std::string::npos);
  };
  const std::string make = "league new " + league.str() + " clump:size=6 --db ";
  refused(make + "'postgresql://[::1'", "postgresql://[::1", "not a PostgreSQL URL or conninfo");
  const std::string nowhere = "host=" + (league.path / "no-server").string() + " user=arena dbname=league";
  refused(make + "'" + nowhere + "'", nowhere, "cannot connect to PostgreSQL");
  refused(make + "'" + pg.conninfo("nosuch") + "'", pg.conninfo("nosuch"), "\"nosuch\" does not exist");
  // A password in clear is refused, and not echoed.
  const Run secret = run_arena(make + "'" + pg.conninfo("postgres") + " password=hunter2'");
  CHECK(secret.status == 2);
  CHECK(secret.out.find("~/.pgpass") != std::string::npos);
  CHECK(secret.out.find("hunter2") == std::string::npos);
  CHECK_FALSE(fs::exists(league.path / "league.json"));

  // Another program's database, and an empty one: not a league's.
  const std::string other = pg.create_database("other");
  pg.sql("other", "CREATE TABLE meta(x int)");
  refused(make + "'" + other + "'", other, "has a table named meta");
  fs::create_directories(league.path);
  auto point_at = [&](const std::string& database) {
    std::ofstream(league.path / "league.json") << boost::json::serialize(
        boost::json::object{{"format", "arena league pointer 1"}, {"database", database}});
  };
  point_at(other);
  refused("league table " + league.str(), other, "not an Arena league database");
  point_at(pg.conninfo("postgres"));
  refused("league add " + league.str() + " x=" + kBin + "/random_bot", pg.conninfo("postgres"),
          "not an Arena league database");
  point_at(nowhere);
  refused("league run " + league.str() + " --games 1", nowhere, "cannot connect to PostgreSQL");
  std::ofstream(league.path / "league.json") << "{\"database\": 3}";
  refused("league export " + league.str(), (league.path / "league.json").string(),
          "not an Arena league's pointer");
  fs::remove(league.path / "league.json");

  // One league per database.
  const std::string db = pg.create_database("league");
  REQUIRE(run_arena(make + "'" + db + "'").status == 0);
  Folder second("pgerr2");
  refused("league new " + second.str() + " clump:size=6 --db '" + db + "'", db,
          "already holds an Arena league");
}

// docs/league.md, "A bot that cannot start": the same as on SQLite (tests/league/unstartable_bot.h),
// the suspension kept in the database.
TEST_CASE("league on PostgreSQL: a bot that stops starting is suspended, its games not rated, then resumed",
          "[league][postgresql]") {
  PgServer pg;
  if (skipped(pg)) return;
  Folder folder("pgsuspend");
  leaguetest::check_unstartable_bot(folder.path, "--db '" + pg.create_database("suspend") + "'");
  CHECK(std::stol(pg.sql("suspend", "SELECT count(*) FROM suspended")) == 0);  // resumed
}

namespace {

// A league game's table ("B.T") from its Round ("B.T.G") or its live id ("league-B-T-G").
std::string table_of(std::string round) {
  if (round.rfind("league-", 0) == 0) round = round.substr(7);
  std::replace(round.begin(), round.end(), '-', '.');
  return round.substr(0, round.find('.', round.find('.') + 1));
}

}  // namespace

// docs/serve.md: `arena serve` reads a PostgreSQL league through its store, shows the games in
// play of every worker sharing the folder (each writes its own DIR/live/OWNER/), and holds back
// a finished game while the other game of its table, at any worker, is still to finish.
TEST_CASE("serve: a PostgreSQL league with two workers shows both workers' games in play and holds deals",
          "[league][postgresql][serve]") {
  PgServer pg;
  if (skipped(pg)) return;
  const std::string db = pg.create_database("league");
  Folder league("pg-serve");
  REQUIRE(run_arena("league new " + league.str() + " clump:size=6 --db '" + db + "'").status == 0);
  for (const char* bot : {"a", "b", "c", "d"})  // 200 ms a move: every game is in play for seconds
    REQUIRE(run_arena("league add " + league.str() + " " + bot + "=" + kBin + "/deliberate_bot").status == 0);
  servetest::Server server(league.str(), (league.path / "serve.log").string());
  std::vector<std::unique_ptr<Worker>> workers;
  for (int w = 0; w < 2; ++w)
    workers.push_back(std::make_unique<Worker>("league run " + league.str() + " -j 1",
                                               league.path / ("w" + std::to_string(w) + ".log")));

  // Each observation: the served games first, then the games in play. A game in play at the
  // second read was unfinished at the first, so its table's other game must not be served then.
  bool both_in_play = false, held_seen = false;
  auto observe = [&] {
    const std::int64_t stored = std::stoll(pg.sql("league", "SELECT count(*) FROM games"));
    const servetest::Response data = servetest::request(server.port, "/api/data");
    const servetest::Response state = servetest::request(server.port, "/api/state");
    REQUIRE(data.status == 200);
    REQUIRE(state.status == 200);
    std::set<std::string> shown_tables;
    const boost::json::value shown = boost::json::parse(data.body);
    for (const auto& g : shown.at("games").as_array())
      shown_tables.insert(table_of(std::string(g.as_object().at("r").as_string())));
    const boost::json::object s = boost::json::parse(state.body).as_object();
    std::set<std::string> live_tables;
    for (const auto& l : s.at("live").as_array()) {
      const std::string id(l.as_object().at("id").as_string());
      INFO(id << " in play while the other game of its table was served");
      CHECK_FALSE(shown_tables.count(table_of(id)));
      live_tables.insert(table_of(id));
    }
    // -j 1: a worker plays one table at a time, so two tables in play are both workers' games.
    both_in_play = both_in_play || live_tables.size() >= 2;
    // Serve read the store after `stored` was counted: fewer shown are held back (none shown at
    // all would be a league it does not read).
    const std::int64_t shown_games = s.at("games").as_int64();
    held_seen = held_seen || (shown_games > 0 && shown_games < stored);
    return both_in_play && held_seen;
  };
  wait_until(observe, "serve shows both workers' games in play and holds a finished game back");
  for (int i = 0; i < 20; ++i) observe();  // and keeps holding back while the workers go on
  for (auto& w : workers) CHECK(w->signal_and_wait(SIGTERM) == 130);
  // Stopped: no game in play; the live files are gone (a held list stays until a run plays the rest).
  const servetest::Response state = servetest::request(server.port, "/api/state");
  CHECK(boost::json::parse(state.body).as_object().at("live").as_array().empty());
  for (const auto& f : fs::recursive_directory_iterator(league.path / "live"))
    CHECK(f.path().extension() != ".live");
  CHECK(server.process.stop() == 0);
}

}  // namespace league_pg_test

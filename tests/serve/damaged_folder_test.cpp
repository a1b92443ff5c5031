// Damaged and read-only folders, through the real binary: `arena serve` on a damaged league.db
// stops with the error `arena league table` gives (exit 2) instead of serving no game, and
// `arena league report` on a read-only file system names that cause, not a full disk.
#include <fstream>

#include "tests/bin_path.h"
#include "tests/serve/serve_client.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace damaged_folder_test {

using namespace servetest;
using shelltest::run_arena;
using shelltest::slurp;

namespace {

using shelltest::kBin;

// A league of two random bots that has played `games` games.
void make_league(const std::string& dir, int games) {
  REQUIRE(run_arena("league new '" + dir + "' clump:size=6").status == 0);
  for (const char* bot : {"a", "b"})
    REQUIRE(run_arena("league add '" + dir + "' " + bot + "=" + kBin + "/random_bot").status == 0);
  if (games > 0)
    REQUIRE(run_arena("league run '" + dir + "' --games " + std::to_string(games) + " --quiet").status == 0);
}

}  // namespace

TEST_CASE("serve: a damaged league.db is the error other league commands give (exit 2)", "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/league";
  make_league(dir, 2);
  {
    std::fstream db(dir + "/league.db", std::ios::in | std::ios::out | std::ios::binary);
    const std::string garbage(4096, 'x');
    db.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  const shelltest::Run table = run_arena("league table '" + dir + "'");
  REQUIRE(table.status == 2);
  const std::string error = table.out.substr(0, table.out.find('\n'));
  Background serve(kBin + "/arena serve '" + dir + "' --port 0", tmp.path + "/serve.log");
  const int status = serve.wait(30);
  const std::string said = slurp(tmp.path + "/serve.log");
  INFO("league table: " << table.out << "serve: " << said);
  CHECK(status == 2);
  CHECK(said.find(error) != std::string::npos);
  CHECK(said.find("serving") == std::string::npos);
}

TEST_CASE("league report: a read-only file system is named as the cause", "[serve][cli]") {
  TempDir tmp;
  const std::string dir = tmp.path + "/league";
  make_league(dir, 2);
  // The league's folder read-only (a bind mount of it, in a mount namespace of bubblewrap's),
  // all but the database and its write-ahead files, which SQLite must write to read them (as
  // a PostgreSQL league's folder holds no database at all).
  const std::string db = dir + "/league.db";
  std::ofstream(db + "-wal");
  std::ofstream(db + "-shm");
  std::string binds;
  for (const std::string& f : {db, db + "-wal", db + "-shm"}) binds += " --bind '" + f + "' '" + f + "'";
  const shelltest::Run run =
      shelltest::run_shell("bwrap --dev-bind / / --ro-bind '" + dir + "' '" + dir + "'" + binds + " " + kBin +
                           "/arena league report '" + dir + "'");
  INFO(run.out);
  CHECK(run.status == 2);
  CHECK(run.out.find("Read-only file system") != std::string::npos);
  CHECK(run.out.find("full disk") == std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir + "/games.pgn"));
}

}  // namespace damaged_folder_test

// A private PostgreSQL server for one test (tests/league/pg_server.sh): on a Unix socket in a
// folder of its own, no TCP port, stopped and its folder removed however the test ends.
#pragma once

#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "tests/shell_run.h"

namespace pgtest {

class PgServer {
 public:
  PgServer() : dir_(std::filesystem::temp_directory_path() / ("arena-pg-" + std::to_string(::getpid()))) {
    stop();
    const shelltest::Run r = shelltest::run_shell("'" + script() + "' start '" + dir_.string() + "'");
    absent_ = r.status == 77;
    if (!absent_) {
      INFO(r.out);
      REQUIRE(r.status == 0);
    }
  }
  ~PgServer() { stop(); }
  PgServer(const PgServer&) = delete;
  PgServer& operator=(const PgServer&) = delete;

  bool absent() const { return absent_; }
  // The conninfo of database `db` on this server.
  std::string conninfo(const std::string& db) const {
    return "host=" + dir_.string() + " user=arena dbname=" + db;
  }
  // `sql`'s rows in database `db`, one a line, fields joined by '|'.
  std::string sql(const std::string& db, const std::string& sql) const {
    const shelltest::Run r =
        shelltest::run_shell("'" + script() + "' sql '" + dir_.string() + "' " + db + " \"" + sql + "\"");
    INFO(sql << ": " << r.out);
    REQUIRE(r.status == 0);
    return r.out;
  }
  std::string create_database(const std::string& db) const {
    sql("postgres", "CREATE DATABASE " + db);
    return conninfo(db);
  }
  const std::filesystem::path& dir() const { return dir_; }

 private:
  static std::string script() { return std::string(ARENA_SOURCE_DIR) + "/tests/league/pg_server.sh"; }
  void stop() const {
    std::system(("'" + script() + "' stop '" + dir_.string() + "' >/dev/null 2>&1").c_str());
  }

  std::filesystem::path dir_;
  bool absent_ = false;
};

// The test's message when the server's binaries are not installed: the only skip.
inline bool skipped(const PgServer& pg) {
  if (pg.absent())
    WARN(
        "skipped: PostgreSQL's server binaries are absent (/usr/lib/postgresql/*/bin); scripts/setup "
        "installs them (apt-get install postgresql)");
  return pg.absent();
}

}  // namespace pgtest

// A small RAII face of SQLite's C API (Debian's libsqlite3): one connection, prepared
// statements with bound values, transactions. Every failure is a UserError naming the file,
// so a corrupt or foreign file is a clear message, never a crash.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace arena {

class SqliteDb {
 public:
  // Opens (`create`: or makes) the database file `path`; waits up to 10 s for another
  // process's write lock before it gives up.
  SqliteDb(const std::string& path, bool create);
  ~SqliteDb();
  SqliteDb(const SqliteDb&) = delete;
  SqliteDb& operator=(const SqliteDb&) = delete;

  void exec(const std::string& sql);
  const std::string& path() const { return path_; }
  sqlite3* handle() const { return db_; }
  // Throws a UserError: "PATH: WHAT: SQLite's message".
  [[noreturn]] void fail(std::string_view what) const;

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
};

// One prepared statement: bind(1, ...), then step() until it returns false.
class SqliteStatement {
 public:
  SqliteStatement(const SqliteDb& db, const std::string& sql);
  ~SqliteStatement();
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  SqliteStatement& bind(int index, std::string_view text);
  SqliteStatement& bind(int index, std::int64_t value);
  SqliteStatement& bind_real(int index, double value);
  // Ready to step again from the start, with no values bound (a statement run many times).
  void reset();
  // True while a row is there to read.
  bool step();
  std::string text(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  // The row's columns, and one's SQLite type (SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT...).
  int columns() const;
  int type(int column) const;

 private:
  const SqliteDb& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back when left without commit() (an exception).
// `write` false: a plain BEGIN, for reads that must see one snapshot (WAL: no writer waits).
// A write transaction (BEGIN IMMEDIATE) also holds a lock shared by every connection of this
// process: threads of one process (a league run's pairing and its commit thread) then take
// turns here instead of in SQLite's busy handler, which sleeps a millisecond or more a try.
class SqliteTransaction {
 public:
  explicit SqliteTransaction(SqliteDb& db, bool write = true);
  ~SqliteTransaction();
  void commit();

 private:
  std::unique_lock<std::mutex> writer_;
  SqliteDb& db_;
  bool done_ = false;
};

}  // namespace arena

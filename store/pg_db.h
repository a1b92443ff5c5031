// A small RAII face of PostgreSQL's C client library (Debian's libpq): one connection,
// statements with bound text parameters, transactions. Every failure is a UserError naming
// the database (its URL or conninfo, without any password), so an unreachable server or a
// foreign database is a clear message, never a crash.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct pg_conn;
struct pg_result;

namespace arena {

// The rows of one statement.
class PgResult {
 public:
  explicit PgResult(pg_result* r) : r_(r) {}
  ~PgResult();
  PgResult(PgResult&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
  PgResult(const PgResult&) = delete;
  PgResult& operator=(const PgResult&) = delete;

  int rows() const;
  int columns() const;
  std::string text(int row, int column) const;
  std::int64_t integer(int row, int column) const;
  // Rows a command changed (UPDATE, DELETE).
  long changed() const;

 private:
  pg_result* r_;
};

class PgDb {
 public:
  // Connects to `database` (a postgresql:// URL or a conninfo "host=... dbname=..."). Throws
  // a UserError naming it if it is malformed or the server cannot be reached.
  explicit PgDb(const std::string& database);
  ~PgDb();
  PgDb(const PgDb&) = delete;
  PgDb& operator=(const PgDb&) = delete;

  // `sql` with $1, $2... bound to `params`; throws a UserError naming the database. Without
  // parameters it may hold several statements (a schema).
  PgResult exec(const std::string& sql, const std::vector<std::string>& params = {});
  // The same, but a failure is returned as false rather than thrown (`error` says why).
  bool try_exec(const std::string& sql, std::string& error);
  // How messages name the database: its URL or conninfo as given.
  const std::string& name() const { return name_; }

 private:
  std::string name_;
  pg_conn* conn_ = nullptr;
};

// BEGIN ... COMMIT, rolled back when left without commit() (an exception, or a decision).
class PgTransaction {
 public:
  explicit PgTransaction(PgDb& db);
  ~PgTransaction();
  void commit();

 private:
  PgDb& db_;
  bool done_ = false;
};

// The password `database` gives in clear ("" if none): a league's pointer file never keeps
// one (docs/league.md: ~/.pgpass or PGPASSWORD instead). A UserError if it cannot be parsed.
std::string pg_password_in(const std::string& database);

}  // namespace arena

#include "store/pg_db.h"

#include <libpq-fe.h>

#include <string>
#include <vector>

#include "engine/core/user_error.h"

namespace arena {

namespace {

// libpq's messages end in a newline; ours go on one line.
std::string trimmed(const char* message) {
  std::string s = message ? message : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  for (char& c : s)
    if (c == '\n') c = ' ';
  return s;
}

void ignore_notice(void*, const char*) {}  // "relation exists, skipping" is no news to a user

}  // namespace

PgResult::~PgResult() { PQclear(r_); }
int PgResult::rows() const { return PQntuples(r_); }
int PgResult::columns() const { return PQnfields(r_); }
std::string PgResult::text(int row, int column) const {
  return std::string(PQgetvalue(r_, row, column), static_cast<std::size_t>(PQgetlength(r_, row, column)));
}
std::int64_t PgResult::integer(int row, int column) const { return std::stoll(text(row, column)); }
long PgResult::changed() const {
  const char* n = PQcmdTuples(r_);
  return n && *n ? std::stol(n) : 0;
}

PgDb::PgDb(const std::string& database) : name_(database) {
  conn_ = PQconnectdb(database.c_str());
  if (!conn_) throw UserError(name_ + ": cannot connect to PostgreSQL: out of memory");
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string why = trimmed(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw UserError(name_ + ": cannot connect to PostgreSQL: " + why);
  }
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
}

PgDb::~PgDb() { PQfinish(conn_); }

PgResult PgDb::exec(const std::string& sql, const std::vector<std::string>& params) {
  std::vector<const char*> values;
  for (const std::string& p : params) values.push_back(p.c_str());
  // Without parameters, PQexec: it takes several statements at once (the schema).
  PGresult* raw = values.empty() ? PQexec(conn_, sql.c_str())
                                 : PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                                                values.data(), nullptr, nullptr, 0);
  PgResult r(raw);
  const ExecStatusType st = PQresultStatus(raw);
  if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
    throw UserError(name_ + ": " + trimmed(raw ? PQresultErrorMessage(raw) : PQerrorMessage(conn_)));
  return r;
}

bool PgDb::try_exec(const std::string& sql, std::string& error) {
  PGresult* r = PQexec(conn_, sql.c_str());
  const ExecStatusType st = PQresultStatus(r);
  const bool ok = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
  if (!ok) error = trimmed(PQresultErrorMessage(r));
  PQclear(r);
  return ok;
}

PgTransaction::PgTransaction(PgDb& db) : db_(db) { db_.exec("BEGIN"); }

PgTransaction::~PgTransaction() {
  if (!done_) {
    std::string ignored;
    db_.try_exec("ROLLBACK", ignored);
  }
}

void PgTransaction::commit() {
  db_.exec("COMMIT");
  done_ = true;
}

std::string pg_password_in(const std::string& database) {
  char* error = nullptr;
  PQconninfoOption* options = PQconninfoParse(database.c_str(), &error);
  if (!options) {
    const std::string why = trimmed(error);
    PQfreemem(error);
    throw UserError(database + ": not a PostgreSQL URL or conninfo: " + why);
  }
  std::string password;
  for (PQconninfoOption* o = options; o->keyword; ++o)
    if (std::string(o->keyword) == "password" && o->val) password = o->val;
  PQconninfoFree(options);
  return password;
}

}  // namespace arena

// The league store in PostgreSQL (store/league_store.h, docs/league.md "PostgreSQL"). Its SQL
// is store/sql_league_store.cpp's; here only the connection and PostgreSQL's dialect. Times
// are the server's (clock_timestamp()), so workers on machines whose clocks differ still
// agree on when a lease has ended.
#include "store/pg_league_store.h"

#include <cctype>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "store/pg_db.h"
#include "store/sql_league_store.h"

namespace arena {

namespace {

// The tables (store/sql_league_store.h): claims.expires is the server's time.
const std::map<std::string, std::string>& pg_tables() {
  static const std::map<std::string, std::string> sql = {
      {"meta", "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"},
      {"bots",
       "CREATE TABLE bots(id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, command TEXT NOT NULL, "
       "workdir TEXT NOT NULL, parent TEXT NOT NULL, note TEXT NOT NULL, retired BOOLEAN NOT NULL DEFAULT "
       "false);"},
      {"games", "CREATE TABLE games(id BIGSERIAL PRIMARY KEY, pgn TEXT NOT NULL, summary TEXT);"},
      {"claims",
       "CREATE TABLE IF NOT EXISTS claims(id BIGSERIAL PRIMARY KEY, worker TEXT NOT NULL, expires "
       "TIMESTAMPTZ NOT NULL, job TEXT NOT NULL);"},
      {"tallies",
       "CREATE TABLE IF NOT EXISTS tallies(key TEXT PRIMARY KEY, count BIGINT NOT NULL, sum DOUBLE "
       "PRECISION NOT NULL, top DOUBLE PRECISION NOT NULL);"},
      {"suspended", "CREATE TABLE IF NOT EXISTS suspended(name TEXT PRIMARY KEY, reason TEXT NOT NULL);"},
  };
  return sql;
}

// A double as text that reads back to the same double.
std::string real_text(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

// SQLite's ?N placeholders as PostgreSQL's $N (no statement of ours has a '?' elsewhere).
std::string dollar_placeholders(std::string sql) {
  for (std::size_t i = 0; i + 1 < sql.size(); ++i)
    if (sql[i] == '?' && std::isdigit(static_cast<unsigned char>(sql[i + 1]))) sql[i] = '$';
  return sql;
}

class PgLeagueStore : public SqlLeagueStore {
 public:
  explicit PgLeagueStore(const std::string& database) : db_(database) {}

  std::string name() const override { return db_.name(); }
  bool shared() const override { return true; }

 protected:
  SqlRows run(const std::string& sql, std::initializer_list<SqlParam> params = {}) override {
    std::vector<std::string> texts;
    for (const SqlParam& p : params) {
      if (const auto* i = std::get_if<std::int64_t>(&p))
        texts.push_back(std::to_string(*i));
      else if (const auto* d = std::get_if<double>(&p))
        texts.push_back(real_text(*d));
      else
        texts.emplace_back(std::get<std::string_view>(p));
    }
    const PgResult r = db_.exec(dollar_placeholders(sql), texts);
    SqlRows rows;
    rows.changed = r.changed();
    for (int i = 0; i < r.rows(); ++i) {
      std::vector<SqlRows::Cell> row;
      for (int c = 0; c < r.columns(); ++c) row.emplace_back(r.text(i, c));
      rows.cells.push_back(std::move(row));
    }
    return rows;
  }

  void script(const std::string& sql) override { db_.exec(sql); }
  void begin(Access access) override {
    db_.exec("BEGIN");
    if (access == Access::kSnapshot) db_.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
  }
  void commit() override { db_.exec("COMMIT"); }
  void rollback() noexcept override {
    std::string ignored;
    db_.try_exec("ROLLBACK", ignored);
  }
  bool has_table(const std::string& table) override {
    return run("SELECT to_regclass(?1) IS NOT NULL", {table}).flag(0, 0);
  }
  bool has_column(const std::string& table, const std::string& column) override {
    return run("SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND "
               "table_name = ?1 AND "
               "column_name = ?2",
               {table, column})
               .size() > 0;
  }

  std::string table_sql(const std::string& table) const override { return pg_tables().at(table); }
  std::string more_schema() const override { return "CREATE SEQUENCE batches;"; }
  std::string now() const override { return "clock_timestamp()"; }
  std::string lease_end(double seconds) const override {
    char text[64];
    std::snprintf(text, sizeof text, "clock_timestamp() + make_interval(secs => %.3f)", seconds);
    return text;
  }
  std::string long_ago() const override { return "'-infinity'"; }
  std::int64_t next_batch() override { return run("SELECT nextval('batches')").integer(0, 0); }
  std::string skip_locked() const override { return " FOR UPDATE SKIP LOCKED"; }
  std::string byte_order() const override { return " COLLATE \"C\""; }
  // Readers do not wait for this lock; writers of the table take turns until the commit.
  void lock(const std::string& table) override {
    db_.exec("LOCK TABLE " + table + " IN SHARE ROW EXCLUSIVE MODE");
  }
  std::string how_to_create() const override { return "arena league new DIR GAME --db ..."; }

 private:
  PgDb db_;
};

}  // namespace

std::unique_ptr<LeagueStore> open_pg_league_store(const std::string& database) {
  auto store = std::make_unique<PgLeagueStore>(database);
  store->check_format();
  store->add_missing_tables();
  return store;
}

std::unique_ptr<LeagueStore> create_pg_league_store(const std::string& database,
                                                    const std::string& settings) {
  auto store = std::make_unique<PgLeagueStore>(database);
  store->create(settings);
  return store;
}

}  // namespace arena

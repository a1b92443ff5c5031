// The league store in SQLite (store/league_store.h): DIR/league.db. Its SQL is
// store/sql_league_store.cpp's; here only the connection and SQLite's dialect.
#include "store/sqlite_league_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

#include "store/sql_league_store.h"
#include "store/sqlite_db.h"

namespace arena {

namespace {

// WAL: readers (`table`, `report`) never block the writer (`run`) nor the other way round;
// synchronous FULL: a committed game survives a power cut, not only a crash.
constexpr const char* kPragmas = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;";

// The tables (store/sql_league_store.h). claims.expires: milliseconds since 1970 on this
// machine's clock (one run at a time: one clock); AUTOINCREMENT: an id is never reused, so a
// late finish() never meets a new claim.
const std::map<std::string, std::string>& sqlite_tables() {
  static const std::map<std::string, std::string> sql = {
      {"meta", "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"},
      {"bots",
       "CREATE TABLE bots(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, command TEXT NOT NULL, "
       "workdir TEXT NOT NULL, parent TEXT NOT NULL, note TEXT NOT NULL, retired INTEGER NOT NULL DEFAULT "
       "0);"},
      {"games", "CREATE TABLE games(id INTEGER PRIMARY KEY, pgn TEXT NOT NULL, summary TEXT);"},
      {"claims",
       "CREATE TABLE IF NOT EXISTS claims(id INTEGER PRIMARY KEY AUTOINCREMENT, worker TEXT NOT NULL, "
       "expires INTEGER NOT NULL, job TEXT NOT NULL);"},
      {"tallies",
       "CREATE TABLE IF NOT EXISTS tallies(key TEXT PRIMARY KEY, count INTEGER NOT NULL, sum REAL NOT NULL, "
       "top REAL NOT NULL) WITHOUT ROWID;"},
      {"suspended", "CREATE TABLE IF NOT EXISTS suspended(name TEXT PRIMARY KEY, reason TEXT NOT NULL);"},
  };
  return sql;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Prepared statements kept for reuse (a million inserts in one import), a few dozen at most:
// statements that carry the clock as a literal differ every time.
constexpr std::size_t kMostStatements = 64;

class SqliteLeagueStore : public SqlLeagueStore {
 public:
  SqliteLeagueStore(const std::string& path, bool create) : db_(path, create) {
    if (!create) check_format();  // before anything else reads it: a foreign file is named as such
    db_.exec(kPragmas);
    if (!create) add_missing_tables();
  }

  std::string name() const override { return db_.path(); }
  bool shared() const override { return false; }

 protected:
  SqlRows run(const std::string& sql, std::initializer_list<SqlParam> params = {}) override {
    SqliteStatement& s = statement(sql);
    int index = 0;
    for (const SqlParam& p : params) {
      ++index;
      if (const auto* i = std::get_if<std::int64_t>(&p))
        s.bind(index, *i);
      else if (const auto* d = std::get_if<double>(&p))
        s.bind_real(index, *d);
      else
        s.bind(index, std::get<std::string_view>(p));
    }
    SqlRows rows;
    const sqlite3_int64 before = sqlite3_total_changes64(db_.handle());
    try {
      while (s.step()) rows.cells.push_back(row(s));
    } catch (...) {
      s.reset();
      throw;
    }
    s.reset();
    rows.changed = static_cast<long>(sqlite3_total_changes64(db_.handle()) - before);
    return rows;
  }

  void script(const std::string& sql) override { db_.exec(sql); }
  void begin(Access access) override { transaction_.emplace(db_, access == Access::kWrite); }
  void commit() override {
    transaction_->commit();
    transaction_.reset();
  }
  void rollback() noexcept override { transaction_.reset(); }
  bool has_table(const std::string& table) override {
    return run("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", {table}).size() > 0;
  }
  bool has_column(const std::string& table, const std::string& column) override {
    return run("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", {table, column}).size() > 0;
  }

  std::string table_sql(const std::string& table) const override { return sqlite_tables().at(table); }
  std::string now() const override { return std::to_string(now_ms()); }
  std::string lease_end(double seconds) const override {
    return std::to_string(now_ms() + static_cast<std::int64_t>(seconds * 1000));
  }
  std::string long_ago() const override { return "0"; }
  // Above every game's id too: the labels of a league made before this counter were
  // numbered from its game count (ids run 1..N: nothing is ever deleted).
  std::int64_t next_batch() override {
    const SqlRows last = run("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'batch'");
    const std::int64_t top = run("SELECT coalesce(max(id), 0) FROM games").integer(0, 0);
    const std::int64_t batch = std::max(last.size() ? last.integer(0, 0) : 0, top) + 1;
    set_meta("batch", std::to_string(batch));
    return batch;
  }
  std::string how_to_create() const override { return "arena league new DIR GAME"; }

 private:
  SqliteStatement& statement(const std::string& sql) {
    auto it = statements_.find(sql);
    if (it != statements_.end()) return *it->second;
    if (statements_.size() >= kMostStatements) statements_.clear();
    return *statements_.emplace(sql, std::make_unique<SqliteStatement>(db_, sql)).first->second;
  }

  static std::vector<SqlRows::Cell> row(const SqliteStatement& s) {
    std::vector<SqlRows::Cell> out;
    for (int c = 0; c < s.columns(); ++c) {
      const int type = s.type(c);
      if (type == SQLITE_INTEGER)
        out.emplace_back(s.integer(c));
      else if (type == SQLITE_FLOAT)
        out.emplace_back(s.real(c));
      else
        out.emplace_back(s.text(c));
    }
    return out;
  }

  SqliteDb db_;
  std::optional<SqliteTransaction> transaction_;
  std::map<std::string, std::unique_ptr<SqliteStatement>> statements_;  // after db_: finalized first
};

}  // namespace

std::unique_ptr<LeagueStore> open_sqlite_league_store(const std::string& path) {
  return std::make_unique<SqliteLeagueStore>(path, false);
}

std::unique_ptr<LeagueStore> create_sqlite_league_store(const std::string& path,
                                                        const std::string& settings) {
  auto store = std::make_unique<SqliteLeagueStore>(path, true);
  store->create(settings);
  return store;
}

}  // namespace arena

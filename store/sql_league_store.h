// The league store's one body of SQL (store/league_store.h's contract), shared by SQLite and
// PostgreSQL: every statement both databases run alike, and every message, are written once
// here. A backend (sqlite_league_store.cpp, pg_league_store.cpp) gives the connection (one
// statement with bound values, a script, transactions) and only what really differs between
// the two dialects:
//   - the clock: SQLite keeps a lease's end as milliseconds of this machine's clock (one run
//     at a time: one clock); PostgreSQL as the server's time, so workers on machines whose
//     clocks differ agree;
//   - batch numbering: a meta row in SQLite, a sequence in PostgreSQL;
//   - locking: SQLite's write transactions lock the whole database (BEGIN IMMEDIATE);
//     PostgreSQL's lock tables where order matters, and picks expired claims with SKIP LOCKED;
//   - collation: tallies come back in byte order (PostgreSQL's default follows the locale);
//   - the column types of the schema.
// Statements are written with SQLite's numbered placeholders (?1, ?2...); the PostgreSQL
// backend reads them as $1, $2...
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "store/league_store.h"

namespace arena {

// A value bound to a placeholder.
using SqlParam = std::variant<std::int64_t, double, std::string_view>;

// The rows a statement returned, and how many rows it changed (UPDATE, DELETE, INSERT).
// SQLite gives typed cells; PostgreSQL's are text, read as the type asked for.
class SqlRows {
 public:
  using Cell = std::variant<std::int64_t, double, std::string>;
  std::vector<std::vector<Cell>> cells;
  long changed = 0;

  int size() const { return static_cast<int>(cells.size()); }
  std::string text(int row, int column) const;
  std::int64_t integer(int row, int column) const;
  double real(int row, int column) const;
  // A boolean: SQLite's 0/1, PostgreSQL's f/t.
  bool flag(int row, int column) const;
};

class SqlLeagueStore : public LeagueStore {
 public:
  std::string settings_json() override;
  void add_bot(const LeagueBot& bot) override;
  void retire_bot(const std::string& name) override;
  bool suspend_bot(const std::string& name, const std::string& reason) override;
  void resume_bot(const std::string& name) override;
  std::vector<LeagueBot> bots() override;
  void add_game(const GameToKeep& game) override;
  void add_games(const std::vector<GameToKeep>& games) override;
  std::vector<LeagueGame> games(std::int64_t after) override;
  std::vector<LeagueGame> games_slice(std::int64_t after, std::int64_t most) override;
  std::optional<LeagueGame> game(std::int64_t id) override;
  std::vector<LeagueGameSummary> summaries_slice(std::int64_t after, std::int64_t most) override;
  std::int64_t game_count() override;
  std::vector<LeagueTally> tallies(std::int64_t& last_game) override;
  std::string tally_version() override;
  void retally(const std::string& version,
               const std::function<std::vector<LeagueTally>(const LeagueGame&)>& tally_of) override;
  std::vector<std::int64_t> claim(
      const std::string& worker, double lease_seconds,
      const std::function<std::vector<std::string>(std::int64_t)>& jobs_of) override;
  std::vector<LeagueClaim> take_expired(const std::string& worker, double lease_seconds, int most) override;
  void renew(const std::string& worker, double lease_seconds) override;
  std::vector<bool> finish(const std::string& worker, const std::vector<FinishedGame>& games) override;
  void release(std::int64_t claim, const std::string& worker) override;
  void drop(std::int64_t claim, const std::string& worker) override;
  void expire_claims() override;
  std::vector<LeagueClaim> claims() override;

  // Makes the league's tables in an empty database, with these settings.
  void create(const std::string& settings);
  // Opening: a UserError naming the database if it is not a league's (before anything else
  // reads it), then the tables and columns a league of an older Arena lacks.
  void check_format();
  void add_missing_tables();

 protected:
  enum class Access { kWrite, kSnapshot };  // a writer, or reads that must see one snapshot

  // ---- The connection ----
  // One statement, ?N placeholders bound to `params` in order; a UserError naming the store.
  virtual SqlRows run(const std::string& sql, std::initializer_list<SqlParam> params = {}) = 0;
  // Several statements without parameters (the schema).
  virtual void script(const std::string& sql) = 0;
  virtual void begin(Access access) = 0;
  virtual void commit() = 0;
  virtual void rollback() noexcept = 0;
  virtual bool has_table(const std::string& table) = 0;
  virtual bool has_column(const std::string& table, const std::string& column) = 0;

  // ---- The dialect ----
  // The schema: "CREATE TABLE ..." of `table` (meta, bots, games, claims, tallies,
  // suspended), and what else a new league needs.
  virtual std::string table_sql(const std::string& table) const = 0;
  virtual std::string more_schema() const { return ""; }
  // SQL expressions: the clock now, a lease's end `seconds` from now, a time before any now.
  virtual std::string now() const = 0;
  virtual std::string lease_end(double seconds) const = 0;
  virtual std::string long_ago() const = 0;
  // A new batch number, never given before (inside the claim's transaction).
  virtual std::int64_t next_batch() = 0;
  // Appended to the pick of expired claims: rows another worker is taking are left to it.
  virtual std::string skip_locked() const { return ""; }
  // Appended to ORDER BY over text: byte order.
  virtual std::string byte_order() const { return ""; }
  // Inside a write transaction: no other writer of `table` until it ends (where a write
  // transaction does not lock the whole database already).
  virtual void lock(const std::string& table) { (void)table; }
  // How a user makes a league in this database (for the message of one that has none).
  virtual std::string how_to_create() const = 0;

  // BEGIN ... COMMIT, rolled back when left without commit() (an exception, or a decision).
  class Transaction {
   public:
    Transaction(SqlLeagueStore& store, Access access);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

   private:
    SqlLeagueStore& store_;
    bool done_ = false;
  };

  void set_meta(const std::string& key, const std::string& value);

 private:
  void insert_game(const GameToKeep& game);
  void add_missing_columns();
  void add_tallies(const std::vector<LeagueTally>& rows);
  // Throws the UserError for a bot name the league does not have.
  void require_bot(const std::string& name);
};

}  // namespace arena

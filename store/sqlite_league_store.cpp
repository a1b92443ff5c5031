// The league store in SQLite (store/league_store.h).
#include "store/sqlite_league_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <map>

#include "engine/core/user_error.h"
#include "store/sqlite_db.h"

namespace arena {

namespace {

constexpr const char* kFormat = "arena league 1";

// WAL: readers (`table`, `report`) never block the writer (`run`) nor the other way round;
// synchronous FULL: a committed game survives a power cut, not only a crash.
constexpr const char* kPragmas = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;";

constexpr const char* kSchema = R"(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE bots(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, command TEXT NOT NULL,
                  workdir TEXT NOT NULL, parent TEXT NOT NULL, note TEXT NOT NULL,
                  retired INTEGER NOT NULL DEFAULT 0);
CREATE TABLE games(id INTEGER PRIMARY KEY, pgn TEXT NOT NULL);
)";

// The games in play (store/league_store.h's claims); made on open too, so a league of an
// Arena before claims gains it. `expires`: milliseconds since 1970 (one run at a time: one
// clock). AUTOINCREMENT: an id is never reused, so a late finish() never meets a new claim.
constexpr const char* kClaims = R"(
CREATE TABLE IF NOT EXISTS claims(id INTEGER PRIMARY KEY AUTOINCREMENT, worker TEXT NOT NULL,
                                  expires INTEGER NOT NULL, job TEXT NOT NULL);
)";

// The sums kept beside the games (store/league_store.h's tallies); made on open too, so a
// league of an Arena before tallies gains the table (and the league layer fills it).
constexpr const char* kTallies = R"(
CREATE TABLE IF NOT EXISTS tallies(key TEXT PRIMARY KEY, count INTEGER NOT NULL, sum REAL NOT NULL,
                                   top REAL NOT NULL) WITHOUT ROWID;
)";

// The bots suspended because they could not start (store/league_store.h); made on open too,
// so a league of an Arena before suspensions gains it. A row of its own rather than a column
// of bots: no schema change for older leagues.
constexpr const char* kSuspended = R"(
CREATE TABLE IF NOT EXISTS suspended(name TEXT PRIMARY KEY, reason TEXT NOT NULL);
)";

constexpr const char* kAddTally =
    "INSERT INTO tallies(key, count, sum, top) VALUES(?1, ?2, ?3, ?4) ON CONFLICT(key) DO UPDATE SET "
    "count = count + excluded.count, sum = sum + excluded.sum, top = max(top, excluded.top)";

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::int64_t lease_end(double lease_seconds) {
  return now_ms() + static_cast<std::int64_t>(lease_seconds * 1000);
}

class SqliteLeagueStore : public LeagueStore {
 public:
  SqliteLeagueStore(const std::string& path, bool create) : db_(path, create) {
    if (!create) check_format();  // before anything else reads it: a foreign file is named as such
    db_.exec(kPragmas);
    if (!create) db_.exec(std::string(kClaims) + kTallies + kSuspended);
  }

  void create(const std::string& settings) {
    SqliteTransaction t(db_);
    db_.exec(kSchema);
    db_.exec(kClaims);
    db_.exec(kTallies);
    db_.exec(kSuspended);
    SqliteStatement(db_, "INSERT INTO meta VALUES('format', ?1)").bind(1, kFormat).step();
    SqliteStatement(db_, "INSERT INTO meta VALUES('settings', ?1)").bind(1, settings).step();
    t.commit();
  }

  std::string settings_json() override {
    SqliteStatement s(db_, "SELECT value FROM meta WHERE key = 'settings'");
    if (!s.step()) throw UserError(name() + ": no settings: not an Arena league, or damaged");
    return s.text(0);
  }

  void add_bot(const LeagueBot& b) override {
    SqliteTransaction t(db_);
    SqliteStatement used(db_, "SELECT retired FROM bots WHERE name = ?1");
    if (used.bind(1, b.name).step())
      throw UserError("the league already has a bot named '" + b.name + "'" +
                      (used.integer(0) ? " (retired: a name always means one program; choose another)" : ""));
    SqliteStatement(db_, "INSERT INTO bots(name, command, workdir, parent, note) VALUES(?1, ?2, ?3, ?4, ?5)")
        .bind(1, b.name)
        .bind(2, b.command)
        .bind(3, b.workdir)
        .bind(4, b.parent)
        .bind(5, b.note)
        .step();
    t.commit();
  }

  void retire_bot(const std::string& name) override {
    SqliteTransaction t(db_);
    SqliteStatement s(db_, "UPDATE bots SET retired = 1 WHERE name = ?1");
    s.bind(1, name).step();
    if (sqlite_changes() == 0) throw UserError("the league has no bot named '" + name + "'");
    t.commit();
  }

  bool suspend_bot(const std::string& name, const std::string& reason) override {
    SqliteTransaction t(db_);
    if (!SqliteStatement(db_, "SELECT 1 FROM bots WHERE name = ?1").bind(1, name).step())
      throw UserError("the league has no bot named '" + name + "'");
    SqliteStatement(db_, "INSERT OR IGNORE INTO suspended(name, reason) VALUES(?1, ?2)")
        .bind(1, name)
        .bind(2, reason)
        .step();
    const bool fresh = sqlite_changes() > 0;
    t.commit();
    return fresh;
  }

  void resume_bot(const std::string& name) override {
    SqliteTransaction t(db_);
    if (!SqliteStatement(db_, "SELECT 1 FROM bots WHERE name = ?1").bind(1, name).step())
      throw UserError("the league has no bot named '" + name + "'");
    SqliteStatement(db_, "DELETE FROM suspended WHERE name = ?1").bind(1, name).step();
    if (sqlite_changes() == 0) throw UserError("bot '" + name + "' is not suspended");
    t.commit();
  }

  std::vector<LeagueBot> bots() override {
    std::vector<LeagueBot> out;
    SqliteStatement s(
        db_,
        "SELECT b.name, b.command, b.workdir, b.parent, b.note, b.retired, "
        "coalesce(s.reason, '') FROM bots b LEFT JOIN suspended s ON s.name = b.name ORDER BY b.id");
    while (s.step())
      out.push_back({s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.integer(5) != 0, s.text(6)});
    return out;
  }

  void add_game(const std::string& pgn, const std::vector<LeagueTally>& tallies) override {
    SqliteTransaction t(db_);
    SqliteStatement(db_, "INSERT INTO games(pgn) VALUES(?1)").bind(1, pgn).step();
    add_tallies(tallies);
    t.commit();
  }

  void add_games(const std::vector<std::pair<std::string, std::vector<LeagueTally>>>& games) override {
    SqliteTransaction t(db_);
    SqliteStatement insert(db_, "INSERT INTO games(pgn) VALUES(?1)");
    std::map<std::string, LeagueTally> sums;
    for (const auto& [pgn, tallies] : games) {
      insert.bind(1, pgn).step();
      insert.reset();
      for (const LeagueTally& row : tallies) merge_tally(sums, row);
    }
    add_tallies(tally_rows(std::move(sums)));
    t.commit();
  }

  std::vector<LeagueTally> tallies(std::int64_t& last_game) override {
    SqliteTransaction snapshot(db_, false);
    SqliteStatement last(db_, "SELECT coalesce(max(id), 0) FROM games");
    last.step();
    last_game = last.integer(0);
    std::vector<LeagueTally> out;
    SqliteStatement s(db_, "SELECT key, count, sum, top FROM tallies ORDER BY key");
    while (s.step()) out.push_back({s.text(0), s.integer(1), s.real(2), s.real(3)});
    return out;  // the snapshot ends unchanged: nothing to commit
  }

  std::string tally_version() override {
    SqliteStatement s(db_, "SELECT value FROM meta WHERE key = 'tallies'");
    return s.step() ? s.text(0) : "";
  }

  void retally(const std::string& version,
               const std::function<std::vector<LeagueTally>(const LeagueGame&)>& tally_of) override {
    SqliteTransaction t(db_);  // BEGIN IMMEDIATE: no game commits meanwhile
    if (tally_version() == version) return;
    std::map<std::string, LeagueTally> sums;
    SqliteStatement s(db_, "SELECT id, pgn FROM games ORDER BY id");
    while (s.step())
      for (const LeagueTally& row : tally_of({s.integer(0), s.text(1)})) merge_tally(sums, row);
    db_.exec("DELETE FROM tallies");
    add_tallies(tally_rows(std::move(sums)));
    SqliteStatement(db_, "INSERT OR REPLACE INTO meta VALUES('tallies', ?1)").bind(1, version).step();
    t.commit();
  }

  std::vector<LeagueGame> games(std::int64_t after) override {
    std::vector<LeagueGame> out;
    SqliteStatement s(db_, "SELECT id, pgn FROM games WHERE id > ?1 ORDER BY id");
    s.bind(1, after);
    while (s.step()) out.push_back({s.integer(0), s.text(1)});
    return out;
  }

  std::int64_t game_count() override {
    SqliteStatement s(db_, "SELECT count(*) FROM games");
    s.step();
    return s.integer(0);
  }

  std::string name() const override { return db_.path(); }
  bool shared() const override { return false; }

  // The batch number is above every game's count too: the labels of a league made before
  // this counter were numbered from its game count.
  std::vector<std::int64_t> claim(
      const std::string& worker, double lease_seconds,
      const std::function<std::vector<std::string>(std::int64_t)>& jobs_of) override {
    SqliteTransaction t(db_);
    SqliteStatement last(db_, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'batch'");
    // The last game's id, not count(*): ids run 1..N (nothing is ever deleted), and counting
    // reads the whole table, a million records on every batch.
    SqliteStatement top(db_, "SELECT coalesce(max(id), 0) FROM games");
    top.step();
    const std::int64_t batch = std::max(last.step() ? last.integer(0) : 0, top.integer(0)) + 1;
    SqliteStatement(db_, "INSERT OR REPLACE INTO meta VALUES('batch', ?1)")
        .bind(1, std::to_string(batch))
        .step();
    std::vector<std::int64_t> ids;
    SqliteStatement insert(db_, "INSERT INTO claims(worker, expires, job) VALUES(?1, ?2, ?3)");
    for (const std::string& job : jobs_of(batch)) {
      insert.bind(1, worker).bind(2, lease_end(lease_seconds)).bind(3, job).step();
      insert.reset();
      ids.push_back(sqlite3_last_insert_rowid(db_.handle()));
    }
    t.commit();
    return ids;
  }

  std::vector<LeagueClaim> take_expired(const std::string& worker, double lease_seconds, int most) override {
    SqliteTransaction t(db_);  // BEGIN IMMEDIATE: no other writer between the read and the update
    std::vector<LeagueClaim> out;
    SqliteStatement s(db_, "SELECT id, job FROM claims WHERE expires <= ?1 ORDER BY id LIMIT ?2");
    s.bind(1, now_ms()).bind(2, static_cast<std::int64_t>(most));
    while (s.step()) out.push_back({s.integer(0), worker, s.text(1), false});
    for (const LeagueClaim& c : out)
      SqliteStatement(db_, "UPDATE claims SET worker = ?1, expires = ?2 WHERE id = ?3")
          .bind(1, worker)
          .bind(2, lease_end(lease_seconds))
          .bind(3, c.id)
          .step();
    t.commit();
    return out;
  }

  void renew(const std::string& worker, double lease_seconds) override {
    SqliteTransaction t(db_);
    SqliteStatement(db_, "UPDATE claims SET expires = ?1 WHERE worker = ?2")
        .bind(1, lease_end(lease_seconds))
        .bind(2, worker)
        .step();
    t.commit();
  }

  std::vector<bool> finish(const std::string& worker, const std::vector<FinishedGame>& games) override {
    SqliteTransaction t(db_);
    std::vector<bool> kept;
    SqliteStatement end(db_, "DELETE FROM claims WHERE id = ?1 AND worker = ?2");
    SqliteStatement insert(db_, "INSERT INTO games(pgn) VALUES(?1)");
    for (const FinishedGame& g : games) {
      end.bind(1, g.claim).bind(2, worker).step();
      end.reset();
      kept.push_back(sqlite_changes() != 0);  // none: taken over, the other worker's game counts
      if (!kept.back()) continue;
      insert.bind(1, g.pgn).step();
      insert.reset();
      add_tallies(g.tallies);
    }
    t.commit();
    return kept;
  }

  void drop(std::int64_t claim, const std::string& worker) override {
    SqliteTransaction t(db_);
    SqliteStatement(db_, "DELETE FROM claims WHERE id = ?1 AND worker = ?2")
        .bind(1, claim)
        .bind(2, worker)
        .step();
    t.commit();
  }

  void release(std::int64_t claim, const std::string& worker) override {
    SqliteTransaction t(db_);
    SqliteStatement(db_, "UPDATE claims SET worker = '', expires = 0 WHERE id = ?1 AND worker = ?2")
        .bind(1, claim)
        .bind(2, worker)
        .step();
    t.commit();
  }

  void expire_claims() override { db_.exec("UPDATE claims SET expires = 0"); }

  std::vector<LeagueClaim> claims() override {
    std::vector<LeagueClaim> out;
    SqliteStatement s(db_, "SELECT id, worker, job, expires <= ?1 FROM claims ORDER BY id");
    s.bind(1, now_ms());
    while (s.step()) out.push_back({s.integer(0), s.text(1), s.text(2), s.integer(3) != 0});
    return out;
  }

 private:
  // A file that is not SQLite fails at its first read (SQLite opens lazily); one without our
  // meta row is another program's database.
  void check_format() {
    std::string format;
    try {
      SqliteStatement s(db_, "SELECT value FROM meta WHERE key = 'format'");
      if (s.step()) format = s.text(0);
    } catch (const UserError& e) {
      throw UserError(std::string(e.what()) + " (not an Arena league database)");
    }
    if (format != kFormat)
      throw UserError(db_.path() + ": not an Arena league database" +
                      (format.empty() ? "" : " (format '" + format + "', expected '" + kFormat + "')"));
  }
  int sqlite_changes() { return sqlite3_changes(db_.handle()); }
  void add_tallies(const std::vector<LeagueTally>& rows) {
    SqliteStatement add(db_, kAddTally);
    for (const LeagueTally& r : rows) {
      add.bind(1, r.key).bind(2, r.count).bind_real(3, r.sum).bind_real(4, r.top).step();
      add.reset();
    }
  }

  SqliteDb db_;
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

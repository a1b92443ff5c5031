// The league store in PostgreSQL (store/league_store.h, docs/league.md "PostgreSQL").
// Times are the server's (clock_timestamp()), so workers on machines whose clocks differ
// still agree on when a lease has ended.
#include "store/pg_league_store.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <string>

#include "engine/core/user_error.h"
#include "store/pg_db.h"

namespace arena {

namespace {

constexpr const char* kFormat = "arena league 1";

constexpr const char* kSchema = R"(
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE bots(id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, command TEXT NOT NULL,
                  workdir TEXT NOT NULL, parent TEXT NOT NULL, note TEXT NOT NULL,
                  retired BOOLEAN NOT NULL DEFAULT false);
CREATE TABLE games(id BIGSERIAL PRIMARY KEY, pgn TEXT NOT NULL);
CREATE TABLE claims(id BIGSERIAL PRIMARY KEY, worker TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL,
                    job TEXT NOT NULL);
CREATE SEQUENCE batches;
)";

// The sums kept beside the games (store/league_store.h's tallies); made on open too, so a
// league of an Arena before tallies gains the table (and the league layer fills it).
constexpr const char* kTallies = R"(
CREATE TABLE IF NOT EXISTS tallies(key TEXT PRIMARY KEY, count BIGINT NOT NULL, sum DOUBLE PRECISION NOT NULL,
                                   top DOUBLE PRECISION NOT NULL);
)";

// The bots suspended because they could not start (store/league_store.h); made on open too,
// so a league of an Arena before suspensions gains it.
constexpr const char* kSuspended = R"(
CREATE TABLE IF NOT EXISTS suspended(name TEXT PRIMARY KEY, reason TEXT NOT NULL);
)";

constexpr const char* kAddTally =
    "INSERT INTO tallies(key, count, sum, top) VALUES($1, $2, $3, $4) ON CONFLICT(key) DO UPDATE SET "
    "count = tallies.count + excluded.count, sum = tallies.sum + excluded.sum, "
    "top = GREATEST(tallies.top, excluded.top)";

// A double as text that reads back to the same double.
std::string real_text(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

// A lease's end, from a bound number of seconds.
constexpr const char* kLeaseEnd = "clock_timestamp() + make_interval(secs => $2::float8)";

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", s);
  return text;
}

class PgLeagueStore : public LeagueStore {
 public:
  explicit PgLeagueStore(const std::string& database) : db_(database) {}

  void create(const std::string& settings) {
    PgTransaction t(db_);
    if (db_.exec("SELECT to_regclass('meta') IS NOT NULL").text(0, 0) == "t") {
      bool league = false;
      try {
        check_format();
        league = true;
      } catch (const UserError&) {  // another program's table
      }
      throw UserError(name() +
                      (league ? ": already holds an Arena league (one league per database)"
                              : ": has a table named meta already: make the league in an empty database"));
    }
    db_.exec(kSchema);
    db_.exec(kTallies);
    db_.exec(kSuspended);
    db_.exec("INSERT INTO meta VALUES('format', $1)", {kFormat});
    db_.exec("INSERT INTO meta VALUES('settings', $1)", {settings});
    t.commit();
  }

  // A league of an Arena before tallies gains their table (empty; the league layer fills it),
  // and one before suspensions theirs.
  void add_missing_tables() {
    if (db_.exec("SELECT to_regclass('tallies') IS NULL").text(0, 0) == "t") db_.exec(kTallies);
    if (db_.exec("SELECT to_regclass('suspended') IS NULL").text(0, 0) == "t") db_.exec(kSuspended);
  }

  // A database without our meta row is another program's (or an empty one).
  void check_format() {
    std::string format;
    if (db_.exec("SELECT to_regclass('meta') IS NOT NULL").text(0, 0) == "t") {
      try {
        const PgResult f = db_.exec("SELECT value FROM meta WHERE key = 'format'");
        if (f.rows()) format = f.text(0, 0);
      } catch (const UserError& e) {
        throw UserError(std::string(e.what()) + " (not an Arena league database)");
      }
    }
    if (format != kFormat)
      throw UserError(name() + ": not an Arena league database" +
                      (format.empty()
                           ? " (no league's tables: make one with arena league new DIR GAME --db ...)"
                           : " (format '" + format + "', expected '" + kFormat + "')"));
  }

  std::string settings_json() override {
    const PgResult s = db_.exec("SELECT value FROM meta WHERE key = 'settings'");
    if (!s.rows()) throw UserError(name() + ": no settings: not an Arena league, or damaged");
    return s.text(0, 0);
  }

  void add_bot(const LeagueBot& b) override {
    PgTransaction t(db_);
    db_.exec("LOCK TABLE bots IN SHARE ROW EXCLUSIVE MODE");  // two adds of one name: one wins, clearly
    const PgResult used = db_.exec("SELECT retired FROM bots WHERE name = $1", {b.name});
    if (used.rows())
      throw UserError(
          "the league already has a bot named '" + b.name + "'" +
          (used.text(0, 0) == "t" ? " (retired: a name always means one program; choose another)" : ""));
    db_.exec("INSERT INTO bots(name, command, workdir, parent, note) VALUES($1, $2, $3, $4, $5)",
             {b.name, b.command, b.workdir, b.parent, b.note});
    t.commit();
  }

  void retire_bot(const std::string& bot) override {
    if (db_.exec("UPDATE bots SET retired = true WHERE name = $1", {bot}).changed() == 0)
      throw UserError("the league has no bot named '" + bot + "'");
  }

  bool suspend_bot(const std::string& bot, const std::string& reason) override {
    PgTransaction t(db_);
    if (!db_.exec("SELECT 1 FROM bots WHERE name = $1", {bot}).rows())
      throw UserError("the league has no bot named '" + bot + "'");
    const bool fresh =
        db_.exec("INSERT INTO suspended(name, reason) VALUES($1, $2) ON CONFLICT(name) DO NOTHING",
                 {bot, reason})
            .changed() > 0;
    t.commit();
    return fresh;
  }

  void resume_bot(const std::string& bot) override {
    PgTransaction t(db_);
    if (!db_.exec("SELECT 1 FROM bots WHERE name = $1", {bot}).rows())
      throw UserError("the league has no bot named '" + bot + "'");
    if (db_.exec("DELETE FROM suspended WHERE name = $1", {bot}).changed() == 0)
      throw UserError("bot '" + bot + "' is not suspended");
    t.commit();
  }

  std::vector<LeagueBot> bots() override {
    std::vector<LeagueBot> out;
    const PgResult r = db_.exec(
        "SELECT b.name, b.command, b.workdir, b.parent, b.note, b.retired, coalesce(s.reason, '') "
        "FROM bots b LEFT JOIN suspended s ON s.name = b.name ORDER BY b.id");
    for (int i = 0; i < r.rows(); ++i)
      out.push_back({r.text(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4),
                     r.text(i, 5) == "t", r.text(i, 6)});
    return out;
  }

  void add_game(const std::string& pgn, const std::vector<LeagueTally>& tallies) override {
    PgTransaction t(db_);
    insert_game(pgn);
    add_tallies(tallies);
    t.commit();
  }

  void add_games(const std::vector<std::pair<std::string, std::vector<LeagueTally>>>& games) override {
    PgTransaction t(db_);
    lock_games();
    std::map<std::string, LeagueTally> sums;
    for (const auto& [pgn, tallies] : games) {
      db_.exec("INSERT INTO games(pgn) VALUES($1)", {pgn});
      for (const LeagueTally& row : tallies) merge_tally(sums, row);
    }
    add_tallies(tally_rows(std::move(sums)));
    t.commit();
  }

  std::vector<LeagueTally> tallies(std::int64_t& last_game) override {
    PgTransaction snapshot(db_);
    db_.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");  // one snapshot for both reads
    last_game = db_.exec("SELECT coalesce(max(id), 0) FROM games").integer(0, 0);
    const PgResult r = db_.exec("SELECT key, count, sum, top FROM tallies ORDER BY key COLLATE \"C\"");
    std::vector<LeagueTally> out;
    out.reserve(static_cast<std::size_t>(r.rows()));
    for (int i = 0; i < r.rows(); ++i)
      out.push_back({r.text(i, 0), r.integer(i, 1), std::stod(r.text(i, 2)), std::stod(r.text(i, 3))});
    snapshot.commit();
    return out;
  }

  std::string tally_version() override {
    const PgResult r = db_.exec("SELECT value FROM meta WHERE key = 'tallies'");
    return r.rows() ? r.text(0, 0) : "";
  }

  void retally(const std::string& version,
               const std::function<std::vector<LeagueTally>(const LeagueGame&)>& tally_of) override {
    PgTransaction t(db_);
    lock_games();  // no game commits meanwhile; a second retally waits here, then finds it done
    if (tally_version() == version) return;
    std::map<std::string, LeagueTally> sums;
    for (std::int64_t after = 0;;) {  // in slices: a million records never sit in memory at once
      const PgResult r =
          db_.exec("SELECT id, pgn FROM games WHERE id > $1 ORDER BY id LIMIT 2000", {std::to_string(after)});
      if (r.rows() == 0) break;
      for (int i = 0; i < r.rows(); ++i)
        for (const LeagueTally& row : tally_of({r.integer(i, 0), r.text(i, 1)})) merge_tally(sums, row);
      after = r.integer(r.rows() - 1, 0);
    }
    db_.exec("DELETE FROM tallies");
    add_tallies(tally_rows(std::move(sums)));
    db_.exec("INSERT INTO meta VALUES('tallies', $1) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
             {version});
    t.commit();
  }

  std::vector<LeagueGame> games(std::int64_t after) override {
    std::vector<LeagueGame> out;
    const PgResult r =
        db_.exec("SELECT id, pgn FROM games WHERE id > $1 ORDER BY id", {std::to_string(after)});
    for (int i = 0; i < r.rows(); ++i) out.push_back({r.integer(i, 0), r.text(i, 1)});
    return out;
  }

  std::int64_t game_count() override { return db_.exec("SELECT count(*) FROM games").integer(0, 0); }
  std::string name() const override { return db_.name(); }
  bool shared() const override { return true; }

  std::vector<std::int64_t> claim(
      const std::string& worker, double lease_seconds,
      const std::function<std::vector<std::string>(std::int64_t)>& jobs_of) override {
    PgTransaction t(db_);
    const std::int64_t batch = db_.exec("SELECT nextval('batches')").integer(0, 0);
    std::vector<std::int64_t> ids;
    for (const std::string& job : jobs_of(batch))
      ids.push_back(db_.exec(std::string("INSERT INTO claims(worker, expires, job) VALUES($1, ") + kLeaseEnd +
                                 ", $3) RETURNING id",
                             {worker, seconds(lease_seconds), job})
                        .integer(0, 0));
    t.commit();
    return ids;
  }

  // One statement: the expired rows are locked as they are picked (SKIP LOCKED: a row another
  // worker is taking, or finishing, is left to it), so two workers never take one game.
  std::vector<LeagueClaim> take_expired(const std::string& worker, double lease_seconds, int most) override {
    const PgResult r = db_.exec(std::string("UPDATE claims SET worker = $1, expires = ") + kLeaseEnd +
                                    " WHERE id IN (SELECT id FROM claims WHERE expires <= clock_timestamp() "
                                    "ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING id, job",
                                {worker, seconds(lease_seconds), std::to_string(most)});
    std::vector<LeagueClaim> out;
    for (int i = 0; i < r.rows(); ++i) out.push_back({r.integer(i, 0), worker, r.text(i, 1), false});
    std::sort(out.begin(), out.end(), [](const LeagueClaim& a, const LeagueClaim& b) { return a.id < b.id; });
    return out;
  }

  void renew(const std::string& worker, double lease_seconds) override {
    db_.exec(std::string("UPDATE claims SET expires = ") + kLeaseEnd + " WHERE worker = $1",
             {worker, seconds(lease_seconds)});
  }

  std::vector<bool> finish(const std::string& worker, const std::vector<FinishedGame>& games) override {
    PgTransaction t(db_);
    lock_games();
    std::vector<bool> kept;
    for (const FinishedGame& g : games) {
      // None deleted: taken over after its lease, the other worker's game counts.
      kept.push_back(
          db_.exec("DELETE FROM claims WHERE id = $1 AND worker = $2", {std::to_string(g.claim), worker})
              .changed() != 0);
      if (!kept.back()) continue;
      db_.exec("INSERT INTO games(pgn) VALUES($1)", {g.pgn});
      add_tallies(g.tallies);
    }
    t.commit();
    return kept;
  }

  void drop(std::int64_t claim, const std::string& worker) override {
    db_.exec("DELETE FROM claims WHERE id = $1 AND worker = $2", {std::to_string(claim), worker});
  }

  void release(std::int64_t claim, const std::string& worker) override {
    db_.exec("UPDATE claims SET worker = '', expires = '-infinity' WHERE id = $1 AND worker = $2",
             {std::to_string(claim), worker});
  }

  void expire_claims() override { db_.exec("UPDATE claims SET expires = '-infinity'"); }

  std::vector<LeagueClaim> claims() override {
    std::vector<LeagueClaim> out;
    const PgResult r =
        db_.exec("SELECT id, worker, job, expires <= clock_timestamp() FROM claims ORDER BY id");
    for (int i = 0; i < r.rows(); ++i)
      out.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3) == "t"});
    return out;
  }

 private:
  // Games are numbered in the order they commit: inserts take this lock (readers do not wait
  // for it) and hold it to their commit, so no game ever commits below one already seen.
  void lock_games() { db_.exec("LOCK TABLE games IN SHARE ROW EXCLUSIVE MODE"); }
  void add_tallies(const std::vector<LeagueTally>& rows) {
    for (const LeagueTally& r : rows)
      db_.exec(kAddTally, {r.key, std::to_string(r.count), real_text(r.sum), real_text(r.top)});
  }
  void insert_game(const std::string& pgn) {
    lock_games();
    db_.exec("INSERT INTO games(pgn) VALUES($1)", {pgn});
  }

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

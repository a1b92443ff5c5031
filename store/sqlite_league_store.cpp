// The league store in SQLite (store/league_store.h).
#include <sqlite3.h>

#include <filesystem>

#include "engine/core/user_error.h"
#include "store/league_store.h"
#include "store/sqlite_db.h"

namespace arena {

namespace {

constexpr const char* kFile = "league.db";
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

class SqliteLeagueStore : public LeagueStore {
 public:
  SqliteLeagueStore(const std::string& path, bool create) : db_(path, create) {
    if (!create) check_format();  // before anything else reads it: a foreign file is named as such
    db_.exec(kPragmas);
  }

  void create(const std::string& settings) {
    SqliteTransaction t(db_);
    db_.exec(kSchema);
    SqliteStatement(db_, "INSERT INTO meta VALUES('format', ?1)").bind(1, kFormat).step();
    SqliteStatement(db_, "INSERT INTO meta VALUES('settings', ?1)").bind(1, settings).step();
    t.commit();
  }

  std::string settings_json() override {
    SqliteStatement s(db_, "SELECT value FROM meta WHERE key = 'settings'");
    if (!s.step()) throw UserError(db_.path() + ": no settings: not an Arena league, or damaged");
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

  std::vector<LeagueBot> bots() override {
    std::vector<LeagueBot> out;
    SqliteStatement s(db_, "SELECT name, command, workdir, parent, note, retired FROM bots ORDER BY id");
    while (s.step())
      out.push_back({s.text(0), s.text(1), s.text(2), s.text(3), s.text(4), s.integer(5) != 0});
    return out;
  }

  void add_game(const std::string& pgn) override {
    SqliteTransaction t(db_);
    SqliteStatement(db_, "INSERT INTO games(pgn) VALUES(?1)").bind(1, pgn).step();
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

  SqliteDb db_;
};

}  // namespace

std::unique_ptr<LeagueStore> open_league_store(const std::string& dir) {
  const std::filesystem::path file = std::filesystem::path(dir) / kFile;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec))
    throw UserError(dir + ": not a league folder (no " + kFile + "; make one with arena league new)");
  return std::make_unique<SqliteLeagueStore>(file.string(), false);
}

std::unique_ptr<LeagueStore> create_league_store(const std::string& dir, const std::string& settings_json) {
  const std::filesystem::path file = std::filesystem::path(dir) / kFile;
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) throw UserError(dir + " already holds a league (" + kFile + ")");
  std::filesystem::create_directories(dir, ec);
  if (ec) throw UserError(dir + ": cannot make the folder: " + ec.message());
  auto store = std::make_unique<SqliteLeagueStore>(file.string(), true);
  store->create(settings_json);
  return store;
}

}  // namespace arena

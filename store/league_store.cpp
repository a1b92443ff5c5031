// Which store a league folder has: DIR/league.json names a PostgreSQL database (the folder
// then holds only this pointer, and the logs), DIR/league.db is an SQLite league.
#include "store/league_store.h"

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/user_error.h"
#include "store/pg_db.h"
#include "store/pg_league_store.h"
#include "store/sqlite_league_store.h"

namespace arena {

namespace {

namespace fs = std::filesystem;

constexpr const char* kSqliteFile = "league.db";
constexpr const char* kPointerFile = "league.json";
constexpr const char* kPointerFormat = "arena league pointer 1";

// The database DIR/league.json names; a UserError naming the file if it is not one of ours.
std::string pointed_database(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  boost::system::error_code ec;
  const boost::json::value v = boost::json::parse(text.str(), ec);
  const boost::json::object* o = ec ? nullptr : v.if_object();
  const boost::json::value* format = o ? o->if_contains("format") : nullptr;
  const boost::json::value* db = o ? o->if_contains("database") : nullptr;
  if (!format || !format->is_string() || format->as_string() != kPointerFormat || !db || !db->is_string())
    throw UserError(file.string() + ": not an Arena league's pointer file (expected {\"format\": \"" +
                    kPointerFormat + "\", \"database\": ...})");
  return std::string(db->as_string());
}

// Through a temporary file: a reader never sees half of it.
void write_pointer(const fs::path& file, const std::string& database) {
  const boost::json::object o{{"format", kPointerFormat}, {"store", "postgresql"}, {"database", database}};
  const fs::path temporary = file.string() + ".tmp";
  const std::string text = boost::json::serialize(o) + "\n";
  std::ofstream(temporary, std::ios::binary | std::ios::trunc) << text;
  std::error_code ec;
  if (fs::file_size(temporary, ec) != text.size() || ec) throw UserError(file.string() + ": cannot write");
  fs::rename(temporary, file, ec);
  if (ec) throw UserError(file.string() + ": cannot write: " + ec.message());
}

// Whether anything is at `p` (a league's file, or something in its place).
bool anything_at(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

// Whether the league's file `p` is there: false when nothing is, a UserError naming it when
// something other than a file is (a folder where league.db or league.json belongs).
bool league_file_at(const fs::path& p) {
  if (!anything_at(p)) return false;
  std::error_code ec;
  if (!fs::is_regular_file(p, ec))
    throw UserError(p.string() + ": not a file (a league keeps its " +
                    (p.filename() == kSqliteFile ? "database" : "database's address") + " in this file)");
  return true;
}

}  // namespace

void merge_tally(std::map<std::string, LeagueTally>& into, const LeagueTally& t) {
  auto [it, fresh] = into.try_emplace(t.key, t);
  if (fresh) return;
  it->second.count += t.count;
  it->second.sum += t.sum;
  it->second.top = std::max(it->second.top, t.top);
}

std::vector<LeagueTally> tally_rows(std::map<std::string, LeagueTally> sums) {
  std::vector<LeagueTally> rows;
  rows.reserve(sums.size());
  for (auto& [key, row] : sums) rows.push_back(std::move(row));
  return rows;
}

std::unique_ptr<LeagueStore> open_league_store(const std::string& dir) {
  const fs::path pointer = fs::path(dir) / kPointerFile, file = fs::path(dir) / kSqliteFile;
  if (league_file_at(pointer)) return open_pg_league_store(pointed_database(pointer));
  if (!league_file_at(file))
    throw UserError(dir + ": not a league folder (no " + kSqliteFile + " nor " + kPointerFile +
                    "; make one with arena league new)");
  return open_sqlite_league_store(file.string());
}

bool holds_league(const std::string& dir) {
  return anything_at(fs::path(dir) / kPointerFile) || anything_at(fs::path(dir) / kSqliteFile);
}

std::unique_ptr<LeagueStore> create_league_store(const std::string& dir, const std::string& settings_json,
                                                 const std::string& database) {
  const fs::path pointer = fs::path(dir) / kPointerFile, file = fs::path(dir) / kSqliteFile;
  for (const fs::path& p : {file, pointer})
    if (league_file_at(p)) throw UserError(dir + " already holds a league (" + p.filename().string() + ")");
  if (!database.empty() && !pg_password_in(database).empty())
    throw UserError(  // not echoed: the message would show the password on the screen and in logs
        "--db: the database's URL or conninfo holds a password, which DIR/league.json would keep in clear: "
        "leave it out and give it in ~/.pgpass or PGPASSWORD (docs/league.md, \"PostgreSQL\")");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw UserError(dir + ": cannot make the folder: " + ec.message());
  if (database.empty()) return create_sqlite_league_store(file.string(), settings_json);
  auto store = create_pg_league_store(database, settings_json);
  write_pointer(pointer, database);
  return store;
}

}  // namespace arena

#include "store/sql_league_store.h"

#include <algorithm>
#include <limits>
#include <map>

#include "engine/core/user_error.h"

namespace arena {

namespace {

constexpr const char* kFormat = "arena league 1";

// The tables a league of an older Arena may lack, made when it is opened: claims (before
// several workers), tallies (before the league layer kept sums: it fills them), suspended
// (before suspensions; a table of its own rather than a column of bots, so no older table
// changes).
constexpr const char* kLateTables[] = {"claims", "tallies", "suspended"};
// The column a league of an older Arena lacks, added when it is opened: each game's summary
// (NULL in the games kept before it, and in those an older Arena still keeps: their readers
// summarise the record).
constexpr const char* kAddSummaryColumn = "ALTER TABLE games ADD COLUMN summary TEXT";

// Adds a game's tally to its key's row (both databases' UPSERT; the larger top without
// SQLite's max() or PostgreSQL's GREATEST()).
constexpr const char* kAddTally =
    "INSERT INTO tallies(key, count, sum, top) VALUES(?1, ?2, ?3, ?4) ON CONFLICT(key) DO UPDATE SET "
    "count = tallies.count + excluded.count, sum = tallies.sum + excluded.sum, "
    "top = CASE WHEN excluded.top > tallies.top THEN excluded.top ELSE tallies.top END";

// Games in id order after one, a slice at a time (a million records never sit in memory at
// once), and one game by its id: the reads of every reader of records.
constexpr const char* kGamesAfter = "SELECT id, pgn FROM games WHERE id > ?1 ORDER BY id LIMIT ?2";
constexpr const char* kGameById = "SELECT id, pgn FROM games WHERE id = ?1";
constexpr const char* kSummariesAfter =
    "SELECT id, coalesce(summary, '') FROM games WHERE id > ?1 ORDER BY id LIMIT ?2";
constexpr std::int64_t kRetallySlice = 2000;

std::vector<LeagueGame> league_games(const SqlRows& r) {
  std::vector<LeagueGame> out;
  out.reserve(static_cast<std::size_t>(r.size()));
  for (int i = 0; i < r.size(); ++i) out.push_back({r.integer(i, 0), r.text(i, 1)});
  return out;
}

const std::string& cell_text(const SqlRows::Cell& c, std::string& scratch) {
  if (const auto* s = std::get_if<std::string>(&c)) return *s;
  scratch = std::holds_alternative<std::int64_t>(c) ? std::to_string(std::get<std::int64_t>(c))
                                                    : std::to_string(std::get<double>(c));
  return scratch;
}

}  // namespace

std::string SqlRows::text(int row, int column) const {
  std::string scratch;
  return cell_text(cells.at(static_cast<std::size_t>(row)).at(static_cast<std::size_t>(column)), scratch);
}

std::int64_t SqlRows::integer(int row, int column) const {
  const Cell& c = cells.at(static_cast<std::size_t>(row)).at(static_cast<std::size_t>(column));
  if (const auto* i = std::get_if<std::int64_t>(&c)) return *i;
  if (const auto* d = std::get_if<double>(&c)) return static_cast<std::int64_t>(*d);
  return std::stoll(std::get<std::string>(c));
}

double SqlRows::real(int row, int column) const {
  const Cell& c = cells.at(static_cast<std::size_t>(row)).at(static_cast<std::size_t>(column));
  if (const auto* d = std::get_if<double>(&c)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&c)) return static_cast<double>(*i);
  return std::stod(std::get<std::string>(c));
}

bool SqlRows::flag(int row, int column) const {
  const Cell& c = cells.at(static_cast<std::size_t>(row)).at(static_cast<std::size_t>(column));
  if (const auto* s = std::get_if<std::string>(&c)) return *s == "t" || *s == "true" || *s == "1";
  return integer(row, column) != 0;
}

SqlLeagueStore::Transaction::Transaction(SqlLeagueStore& store, Access access) : store_(store) {
  store_.begin(access);
}

SqlLeagueStore::Transaction::~Transaction() {
  if (!done_) store_.rollback();
}

void SqlLeagueStore::Transaction::commit() {
  store_.commit();
  done_ = true;
}

void SqlLeagueStore::create(const std::string& settings) {
  Transaction t(*this, Access::kWrite);
  if (has_table("meta")) {
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
  for (const char* table : {"meta", "bots", "games", "claims", "tallies", "suspended"})
    script(table_sql(table));
  if (const std::string more = more_schema(); !more.empty()) script(more);
  run("INSERT INTO meta VALUES('format', ?1)", {kFormat});
  run("INSERT INTO meta VALUES('settings', ?1)", {settings});
  t.commit();
}

// A file that is not a database fails at its first read; one without our meta row is another
// program's database (or an empty one).
void SqlLeagueStore::check_format() {
  std::string format;
  try {
    if (has_table("meta")) {
      const SqlRows f = run("SELECT value FROM meta WHERE key = 'format'");
      if (f.size()) format = f.text(0, 0);
    }
  } catch (const UserError& e) {
    throw UserError(std::string(e.what()) + " (not an Arena league database)");
  }
  if (format != kFormat)
    throw UserError(name() + ": not an Arena league database" +
                    (format.empty() ? " (no league's tables: make one with " + how_to_create() + ")"
                                    : " (format '" + format + "', expected '" + kFormat + "')"));
}

void SqlLeagueStore::add_missing_tables() {
  for (const char* table : kLateTables)
    if (!has_table(table)) script(table_sql(table));
  add_missing_columns();
}

// Checked again inside the write transaction: two processes opening an old league at once
// add the column once.
void SqlLeagueStore::add_missing_columns() {
  if (has_column("games", "summary")) return;
  Transaction t(*this, Access::kWrite);
  lock("games");
  if (!has_column("games", "summary")) run(kAddSummaryColumn);
  t.commit();
}

std::string SqlLeagueStore::settings_json() {
  const SqlRows s = run("SELECT value FROM meta WHERE key = 'settings'");
  if (!s.size()) throw UserError(name() + ": no settings: not an Arena league, or damaged");
  return s.text(0, 0);
}

void SqlLeagueStore::require_bot(const std::string& bot) {
  if (!run("SELECT 1 FROM bots WHERE name = ?1", {bot}).size())
    throw UserError("the league has no bot named '" + bot + "'");
}

void SqlLeagueStore::add_bot(const LeagueBot& b) {
  Transaction t(*this, Access::kWrite);
  lock("bots");  // two adds of one name: one wins, clearly
  const SqlRows used = run("SELECT retired FROM bots WHERE name = ?1", {b.name});
  if (used.size())
    throw UserError("the league already has a bot named '" + b.name + "'" +
                    (used.flag(0, 0) ? " (retired: a name always means one program; choose another)" : ""));
  run("INSERT INTO bots(name, command, workdir, parent, note) VALUES(?1, ?2, ?3, ?4, ?5)",
      {b.name, b.command, b.workdir, b.parent, b.note});
  t.commit();
}

void SqlLeagueStore::retire_bot(const std::string& bot) {
  Transaction t(*this, Access::kWrite);
  if (run("UPDATE bots SET retired = TRUE WHERE name = ?1", {bot}).changed == 0)
    throw UserError("the league has no bot named '" + bot + "'");
  t.commit();
}

bool SqlLeagueStore::suspend_bot(const std::string& bot, const std::string& reason) {
  Transaction t(*this, Access::kWrite);
  require_bot(bot);
  const bool fresh =
      run("INSERT INTO suspended(name, reason) VALUES(?1, ?2) ON CONFLICT(name) DO NOTHING", {bot, reason})
          .changed > 0;
  t.commit();
  return fresh;
}

void SqlLeagueStore::resume_bot(const std::string& bot) {
  Transaction t(*this, Access::kWrite);
  require_bot(bot);
  if (run("DELETE FROM suspended WHERE name = ?1", {bot}).changed == 0)
    throw UserError("bot '" + bot + "' is not suspended");
  t.commit();
}

std::vector<LeagueBot> SqlLeagueStore::bots() {
  const SqlRows r =
      run("SELECT b.name, b.command, b.workdir, b.parent, b.note, b.retired, coalesce(s.reason, '') "
          "FROM bots b LEFT JOIN suspended s ON s.name = b.name ORDER BY b.id");
  std::vector<LeagueBot> out;
  for (int i = 0; i < r.size(); ++i)
    out.push_back(
        {r.text(i, 0), r.text(i, 1), r.text(i, 2), r.text(i, 3), r.text(i, 4), r.flag(i, 5), r.text(i, 6)});
  return out;
}

// Games are numbered in the order they commit: an insert locks the table until its commit
// (readers do not wait), so no game ever commits below one already seen.
// An empty summary is kept as NULL, as in the games of a league made before summaries.
void SqlLeagueStore::insert_game(const GameToKeep& game) {
  run("INSERT INTO games(pgn, summary) VALUES(?1, NULLIF(?2, ''))", {game.pgn, game.summary});
}

void SqlLeagueStore::add_tallies(const std::vector<LeagueTally>& rows) {
  for (const LeagueTally& r : rows) run(kAddTally, {r.key, r.count, r.sum, r.top});
}

void SqlLeagueStore::set_meta(const std::string& key, const std::string& value) {
  run("INSERT INTO meta VALUES(?1, ?2) ON CONFLICT(key) DO UPDATE SET value = excluded.value", {key, value});
}

void SqlLeagueStore::add_game(const GameToKeep& game) {
  Transaction t(*this, Access::kWrite);
  lock("games");
  insert_game(game);
  add_tallies(game.tallies);
  t.commit();
}

void SqlLeagueStore::add_games(const std::vector<GameToKeep>& games) {
  Transaction t(*this, Access::kWrite);
  lock("games");
  std::map<std::string, LeagueTally> sums;
  for (const GameToKeep& game : games) {
    insert_game(game);
    for (const LeagueTally& row : game.tallies) merge_tally(sums, row);
  }
  add_tallies(tally_rows(std::move(sums)));
  t.commit();
}

std::vector<LeagueTally> SqlLeagueStore::tallies(std::int64_t& last_game) {
  Transaction snapshot(*this, Access::kSnapshot);  // one snapshot for both reads
  last_game = run("SELECT coalesce(max(id), 0) FROM games").integer(0, 0);
  const SqlRows r = run("SELECT key, count, sum, top FROM tallies ORDER BY key" + byte_order());
  std::vector<LeagueTally> out;
  out.reserve(static_cast<std::size_t>(r.size()));
  for (int i = 0; i < r.size(); ++i)
    out.push_back({r.text(i, 0), r.integer(i, 1), r.real(i, 2), r.real(i, 3)});
  snapshot.commit();
  return out;
}

std::string SqlLeagueStore::tally_version() {
  const SqlRows r = run("SELECT value FROM meta WHERE key = 'tallies'");
  return r.size() ? r.text(0, 0) : "";
}

void SqlLeagueStore::retally(const std::string& version,
                             const std::function<std::vector<LeagueTally>(const LeagueGame&)>& tally_of) {
  Transaction t(*this, Access::kWrite);
  lock("games");  // no game commits meanwhile; a second retally waits here, then finds it done
  if (tally_version() == version) return;
  std::map<std::string, LeagueTally> sums;
  for (std::int64_t after = 0;;) {  // in slices: a million records never sit in memory at once
    const SqlRows r = run(kGamesAfter, {after, kRetallySlice});
    if (r.size() == 0) break;
    for (int i = 0; i < r.size(); ++i)
      for (const LeagueTally& row : tally_of({r.integer(i, 0), r.text(i, 1)})) merge_tally(sums, row);
    after = r.integer(r.size() - 1, 0);
  }
  run("DELETE FROM tallies");
  add_tallies(tally_rows(std::move(sums)));
  set_meta("tallies", version);
  t.commit();
}

std::vector<LeagueGame> SqlLeagueStore::games(std::int64_t after) {
  return games_slice(after, std::numeric_limits<std::int64_t>::max());
}

std::vector<LeagueGame> SqlLeagueStore::games_slice(std::int64_t after, std::int64_t most) {
  return league_games(run(kGamesAfter, {after, std::max<std::int64_t>(most, 0)}));
}

std::optional<LeagueGame> SqlLeagueStore::game(std::int64_t id) {
  std::vector<LeagueGame> found = league_games(run(kGameById, {id}));
  if (found.empty()) return std::nullopt;
  return std::move(found[0]);
}

std::vector<LeagueGameSummary> SqlLeagueStore::summaries_slice(std::int64_t after, std::int64_t most) {
  const SqlRows r = run(kSummariesAfter, {after, std::max<std::int64_t>(most, 0)});
  std::vector<LeagueGameSummary> out;
  out.reserve(static_cast<std::size_t>(r.size()));
  for (int i = 0; i < r.size(); ++i) out.push_back({r.integer(i, 0), r.text(i, 1)});
  return out;
}

std::int64_t SqlLeagueStore::game_count() { return run("SELECT count(*) FROM games").integer(0, 0); }

std::vector<std::int64_t> SqlLeagueStore::claim(
    const std::string& worker, double lease_seconds,
    const std::function<std::vector<std::string>(std::int64_t)>& jobs_of) {
  Transaction t(*this, Access::kWrite);
  const std::int64_t batch = next_batch();
  const std::string insert = "INSERT INTO claims(worker, expires, job) VALUES(?1, " +
                             lease_end(lease_seconds) + ", ?2) RETURNING id";
  std::vector<std::int64_t> ids;
  for (const std::string& job : jobs_of(batch)) ids.push_back(run(insert, {worker, job}).integer(0, 0));
  t.commit();
  return ids;
}

// One statement: the expired rows are picked and taken at once (in PostgreSQL locked as they
// are picked, a row another worker is taking or finishing left to it), so two workers never
// take one game.
std::vector<LeagueClaim> SqlLeagueStore::take_expired(const std::string& worker, double lease_seconds,
                                                      int most) {
  Transaction t(*this, Access::kWrite);
  const SqlRows r = run("UPDATE claims SET worker = ?1, expires = " + lease_end(lease_seconds) +
                            " WHERE id IN (SELECT id FROM claims WHERE expires <= " + now() +
                            " ORDER BY id LIMIT ?2" + skip_locked() + ") RETURNING id, job",
                        {worker, std::int64_t{most}});
  t.commit();
  std::vector<LeagueClaim> out;
  for (int i = 0; i < r.size(); ++i) out.push_back({r.integer(i, 0), worker, r.text(i, 1), false});
  std::sort(out.begin(), out.end(), [](const LeagueClaim& a, const LeagueClaim& b) { return a.id < b.id; });
  return out;
}

void SqlLeagueStore::renew(const std::string& worker, double lease_seconds) {
  Transaction t(*this, Access::kWrite);
  run("UPDATE claims SET expires = " + lease_end(lease_seconds) + " WHERE worker = ?1", {worker});
  t.commit();
}

std::vector<bool> SqlLeagueStore::finish(const std::string& worker, const std::vector<FinishedGame>& games) {
  Transaction t(*this, Access::kWrite);
  lock("games");
  std::vector<bool> kept;
  for (const FinishedGame& g : games) {
    // None deleted: taken over after its lease, the other worker's game counts.
    kept.push_back(run("DELETE FROM claims WHERE id = ?1 AND worker = ?2", {g.claim, worker}).changed != 0);
    if (!kept.back()) continue;
    insert_game(g.game);
    add_tallies(g.game.tallies);
  }
  t.commit();
  return kept;
}

void SqlLeagueStore::drop(std::int64_t claim, const std::string& worker) {
  Transaction t(*this, Access::kWrite);
  run("DELETE FROM claims WHERE id = ?1 AND worker = ?2", {claim, worker});
  t.commit();
}

void SqlLeagueStore::release(std::int64_t claim, const std::string& worker) {
  Transaction t(*this, Access::kWrite);
  run("UPDATE claims SET worker = '', expires = " + long_ago() + " WHERE id = ?1 AND worker = ?2",
      {claim, worker});
  t.commit();
}

void SqlLeagueStore::expire_claims() {
  Transaction t(*this, Access::kWrite);
  run("UPDATE claims SET expires = " + long_ago());
  t.commit();
}

std::vector<LeagueClaim> SqlLeagueStore::claims() {
  const SqlRows r = run("SELECT id, worker, job, expires <= " + now() + " FROM claims ORDER BY id");
  std::vector<LeagueClaim> out;
  for (int i = 0; i < r.size(); ++i)
    out.push_back({r.integer(i, 0), r.text(i, 1), r.text(i, 2), r.flag(i, 3)});
  return out;
}

}  // namespace arena

// Where a league keeps its state (docs/league.md): its settings, its bots, every finished
// game's record and the games in play, behind one small interface so nothing above knows
// which database holds it. Two implementations:
//   - SQLite in WAL mode, DIR/league.db (sqlite_league_store.cpp), the embedded default:
//     `arena league add`, `table` and `report` read and write it from other processes while
//     `run` plays, each change one transaction; one `run` at a time (league/run_lock.h).
//   - PostgreSQL (pg_league_store.cpp), named by DIR/league.json: several `run` workers, on
//     several machines, share one league through the claims below.
// A finished game is one committed row, so a kill at any instant loses no finished game and
// counts none twice.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arena {

struct LeagueBot {
  std::string name;
  std::string command;  // as given to `league add`
  std::string workdir;  // the folder `league add` ran in: relative commands mean what they meant there
  std::string parent;   // the version it improves on ("" if none)
  std::string note;
  bool retired = false;
  // Why the league could not start it, while it is suspended for that ("" when it is not):
  // no new table seats it until `arena league resume` (docs/league.md, "A bot that cannot
  // start").
  std::string suspended;
};

struct LeagueGame {
  std::int64_t id = 0;  // 1, 2, ...: the order games finished in
  std::string pgn;      // the whole record (records/pgn.h)
};

// A stored game's summary, without its record: what a game list reads (`arena serve`).
struct LeagueGameSummary {
  std::int64_t id = 0;
  // The league's text of the game's summary (records/game_summary.h), opaque here; "" for a
  // game kept without one (by an Arena older than summaries): its reader summarises the record.
  std::string summary;
};

// What a league keeps summed over its games beside their records, so that a table or a run
// reads sums rather than a million records (league/league_summary.h says what the keys
// mean; the store only adds them up): per key, how many, a sum and the largest value. A
// finished game's tallies are added in the transaction that keeps it, so the sums always
// cover exactly the stored games.
struct LeagueTally {
  std::string key;
  std::int64_t count = 0;
  double sum = 0;
  double top = 0;  // the largest value added
};

// Adds `t` to the tally of its key in `into` (count and sum added, top the larger).
void merge_tally(std::map<std::string, LeagueTally>& into, const LeagueTally& t);
// The tallies summed in `sums`, one row per key, in key order (what a store writes).
std::vector<LeagueTally> tally_rows(std::map<std::string, LeagueTally> sums);

// A game in play: claimed by one worker (one `arena league run`) until its lease ends. A
// worker renews its leases while it plays; a dead worker's leases run out, and another worker
// takes its games over and plays them again (the same game: the job says which).
struct LeagueClaim {
  std::int64_t id = 0;
  std::string worker;    // who holds it ("host:pid:tag", league/claims.h)
  std::string job;       // what the game is: the league's own text (league/claims.h), opaque here
  bool expired = false;  // its lease has ended: any worker may take it over
};

// A game to keep: its record, its tallies and its summary (the league's text, opaque here;
// "" keeps none), all three in the transaction that keeps the game.
struct GameToKeep {
  std::string pgn;
  std::vector<LeagueTally> tallies;
  std::string summary;
};

// A game played under a claim, to be kept.
struct FinishedGame {
  std::int64_t claim = 0;
  GameToKeep game;
};

class LeagueStore {
 public:
  virtual ~LeagueStore() = default;

  // The league's settings (tournament.json's keys, tournaments/config.h) as written by `new`.
  virtual std::string settings_json() = 0;
  // Throws a UserError if the name was ever used (a retired bot's too: a name means one program).
  virtual void add_bot(const LeagueBot& bot) = 0;
  // Throws a UserError if there is no such bot.
  virtual void retire_bot(const std::string& name) = 0;
  // Suspends a bot that could not start, for `reason`; true if it was not suspended before
  // (false: already suspended, its first reason kept). Throws a UserError if there is no
  // such bot.
  virtual bool suspend_bot(const std::string& name, const std::string& reason) = 0;
  // Ends its suspension. Throws a UserError if there is no such bot, or it is not suspended.
  virtual void resume_bot(const std::string& name) = 0;
  // Every bot ever added, in the order they were added.
  virtual std::vector<LeagueBot> bots() = 0;
  // Keeps a game played outside any claim, with its tallies and summary.
  virtual void add_game(const GameToKeep& game) = 0;
  // Keeps several such games in one transaction (an import; bench/league_scale.sh's million).
  virtual void add_games(const std::vector<GameToKeep>& games) = 0;
  // Games with id > `after`, in order. Ids follow commit order: a reader that has seen id N
  // never later finds a new game below N.
  virtual std::vector<LeagueGame> games(std::int64_t after = 0) = 0;
  // The same, at most `most` of them: a reader going through a large league a slice at a
  // time, never every record in memory at once (`arena serve` making its game list).
  virtual std::vector<LeagueGame> games_slice(std::int64_t after, std::int64_t most) {
    std::vector<LeagueGame> out = games(after);
    const auto keep = static_cast<std::size_t>(most < 0 ? 0 : most);
    if (out.size() > keep) out.resize(keep);
    return out;
  }
  // One game's record by its id; nullopt when no game has that id. What `arena serve` reads
  // when the page asks for that game's replay, instead of keeping every record.
  virtual std::optional<LeagueGame> game(std::int64_t id) {
    std::vector<LeagueGame> after = games_slice(id - 1, 1);
    if (after.empty() || after[0].id != id) return std::nullopt;
    return after[0];
  }
  // The summaries of the games with id > `after`, in order, at most `most` of them, without
  // reading their records: what `arena serve` makes its game list of.
  virtual std::vector<LeagueGameSummary> summaries_slice(std::int64_t after, std::int64_t most) = 0;
  virtual std::int64_t game_count() = 0;
  // Every tally, and the id of the last game they cover, read in one snapshot.
  virtual std::vector<LeagueTally> tallies(std::int64_t& last_game) = 0;
  // The version of the tallies' keys (meta 'tallies'; "" in a league made before tallies).
  virtual std::string tally_version() = 0;
  // Rebuilds the tallies from every stored game (`tally_of` gives one game's) and marks them
  // `version`, in one transaction that no game commits into; nothing if another process did
  // it meanwhile (the version is `version` already).
  virtual void retally(const std::string& version,
                       const std::function<std::vector<LeagueTally>(const LeagueGame&)>& tally_of) = 0;
  // What the store is, for messages ("DIR/league.db", "postgresql://host/db").
  virtual std::string name() const = 0;
  // Whether several `run` workers may share the league at once (PostgreSQL); false: one at a
  // time (SQLite: the run holds league/run_lock.h's lock).
  virtual bool shared() const = 0;

  // ---- Games in play: claims with a lease (docs/league.md, "Several workers") ----
  // Claims a new game per job for `worker`, leased for `lease_seconds`; their ids, in order.
  // The jobs are made by `jobs_of` from a new batch number, never given twice (the games'
  // Round labels use it): number and claims in one transaction, one commit.
  virtual std::vector<std::int64_t> claim(
      const std::string& worker, double lease_seconds,
      const std::function<std::vector<std::string>(std::int64_t batch)>& jobs_of) = 0;
  // Takes over up to `most` games whose lease has ended, oldest first: now `worker`'s, leased
  // anew. Two workers never take the same one.
  virtual std::vector<LeagueClaim> take_expired(const std::string& worker, double lease_seconds,
                                                int most) = 0;
  // Extends every lease `worker` still holds to `lease_seconds` from now.
  virtual void renew(const std::string& worker, double lease_seconds) = 0;
  // In one transaction (one commit for a group of games): keeps each finished game with its
  // tallies and summary and ends its claim, only if `worker` still holds the claim; per game, false
  // (nothing kept) if another worker took it over after its lease.
  virtual std::vector<bool> finish(const std::string& worker, const std::vector<FinishedGame>& games) = 0;
  // Gives a claim of `worker` up without a game (aborted, or never started): no worker holds
  // it any more and it has expired, so the next batch of any worker plays it again.
  virtual void release(std::int64_t claim, const std::string& worker) = 0;
  // Ends a claim of `worker` whose game never started and will not be played (its table was
  // paired before its bot retired): no worker plays it.
  virtual void drop(std::int64_t claim, const std::string& worker) = 0;
  // Every claim expires now: for a store that is not shared(), whose one run knows that no
  // other worker lives (it holds the run lock).
  virtual void expire_claims() = 0;
  // Every game in play, by any worker, oldest first.
  virtual std::vector<LeagueClaim> claims() = 0;
};

// The store of the league folder `dir`: DIR/league.json (a PostgreSQL league: it names the
// database) or DIR/league.db (SQLite). Throws a UserError naming the file or database if it
// is missing, unreachable, not a database, or not a league's.
std::unique_ptr<LeagueStore> open_league_store(const std::string& dir);
// Whether `dir` holds a league of either store (DIR/league.json or DIR/league.db), without
// opening it: `arena serve` tells a league's folder from a tournament's this way.
bool holds_league(const std::string& dir);
// Makes the store of a new league in `dir` (DIR must not hold one) with these settings: in
// PostgreSQL if `database` is a URL or conninfo (DIR/league.json then names it; the database
// must hold no league yet), else DIR/league.db.
std::unique_ptr<LeagueStore> create_league_store(const std::string& dir, const std::string& settings_json,
                                                 const std::string& database = "");

}  // namespace arena

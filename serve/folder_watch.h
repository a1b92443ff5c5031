// What `arena serve` knows of the folder it serves, read again every poll and never written:
// a tournament's finished games (journal.jsonl and games.pgn, only the records the journal
// counts), a league's (through its store, SQLite or PostgreSQL: store/league_store.h), and the
// games in play (DIR/live/OWNER/ of every run that lives, read by tournaments/live_games.h, the
// files' writer), shown only as a spectator sees them (report/replay.h, spectator_replay_json).
// Each finished game becomes its row of the page's data (report/report_data_builder.h) as it
// arrives: a league game's from the summary its store keeps beside the record (records/
// game_summary.h; no record read), a tournament game's from its record, read once and let
// go. What stays in memory is the game list the page shows, not the records. A game's record
// is read, from the store or games.pgn, only when the page asks for its replay (or for
// games.pgn); a league's table comes from the store's tallies (the summary handed in).
#pragma once

#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "report/report_data_builder.h"
#include "tournaments/live_games.h"

namespace arena {
class LeagueStore;
struct LeagueGameSummary;
}  // namespace arena

namespace arena::serve {

class FolderWatch {
 public:
  // How a league's store is opened (open_league_store of the folder; a test counts its reads).
  using StoreOpener = std::function<std::unique_ptr<LeagueStore>(const std::string& dir)>;

  // Throws UserError when `dir` is not a folder, or holds a league whose store cannot be read
  // (a damaged league.db, a PostgreSQL server that cannot be reached).
  explicit FolderWatch(std::string dir, StoreOpener open_store = nullptr);
  ~FolderWatch();

  // Reads what changed; true when the finished games or the games in play did.
  bool poll();

  const std::string& dir() const { return dir_; }
  // The finished games shown: all but those held back (LiveGames::held_file of any run: their
  // deal is replayed by a game not finished yet).
  std::size_t finished() const { return visible_.size(); }
  // Whether a list holds something back, or one could not be read (then every finished game
  // is held back until it can: fail closed).
  bool holding_back() const { return !held_ || !held_->empty(); }
  // The report's data (report/report_data.h) of the finished games, without replays; each
  // game's entry with "rn", its record's number in the folder (a game in play's "n" once
  // finished), and "league", what `summary` gives, when one is set.
  const std::string& data_json();
  // A league's summary for the page (cli/league_page.h: what `arena league table` shows; serve/
  // sits below league/, so the command line hands it in), read again with the data.
  void set_league_summary(std::function<boost::json::object()> summary) {
    league_summary_ = std::move(summary);
  }
  // The replay of finished game n (1-based), every seat's view too, its record read now;
  // nullopt: no such game, or its record cannot be read now (the store away).
  std::optional<std::string> replay_json(int n);
  // The finished games shown, as PGN (what /files/games.pgn serves: never a held record, and
  // never one the journal does not count yet), read now a slice at a time; nullopt: the
  // records cannot be read now (the store away, games.pgn unreadable).
  std::optional<std::string> shown_pgn();
  // {"games": finished, "live": [{"id", "n", "g", "p", "l"}...], "held": [{"r", "rn"}...]}: what
  // the page follows; "held" the finished games held back (their Round and record number).
  std::string state_json() const;
  // The spectator's replay of a game in play; nullopt: no such game in play.
  std::optional<std::string> live_json(const std::string& name);

 private:
  struct Live {
    std::uintmax_t size = 0;
    LiveGames::File game;
    std::string json;  // the spectator's replay, made on demand; "" not yet
  };
  // Where a finished game's record is, to read it again: a league game's id in its store, or
  // a tournament game's bytes in games.pgn.
  struct Finished {
    std::int64_t id = 0;
    std::uint64_t begin = 0, end = 0;
    int nth = 0;  // which record of that text (a span of games.pgn holds one)
  };
  bool poll_tournament();
  bool poll_league();
  std::optional<GameSummary> readable_summary(const LeagueGameSummary& game) const;
  void add_league_games(const std::vector<LeagueGameSummary>& games);
  bool poll_live();
  bool poll_held();
  void reset();
  void add_records(const std::string& pgn, Finished where);
  std::optional<std::string> record_text(const Finished& where);

  std::string dir_;
  StoreOpener open_store_;
  report::ReportDataBuilder rows_;                 // one per finished game, in the order they finished
  std::vector<Finished> finished_;                 // where each row's record is
  std::uint64_t journal_read_ = 0, pgn_read_ = 0;  // bytes consumed
  std::unique_ptr<LeagueStore> league_;
  std::int64_t league_last_ = 0;
  std::string league_error_;  // the store's last error, said once
  std::map<std::string, Live> live_;
  std::string data_;  // "" until asked after a change
  // Every run's held list as read, one after another; nullopt: one could not be read.
  std::optional<std::string> held_ = std::string();
  bool live_seen_ = false;  // DIR/live was listed once: its going is no longer "no run yet"
  std::chrono::steady_clock::time_point said_{};  // when a list that cannot be read was last said
  std::vector<std::size_t> visible_;              // indices into rows_
  std::function<boost::json::object()> league_summary_;
};

}  // namespace arena::serve

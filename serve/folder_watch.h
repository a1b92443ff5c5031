// What `arena serve` knows of the folder it serves, read again every poll and never written:
// a tournament's finished games (journal.jsonl and games.pgn, only the records the journal
// counts), a league's (through its store, SQLite or PostgreSQL: store/league_store.h), and the
// games in play (DIR/live/OWNER/ of every run that lives, tournaments/live_games.h), shown only
// as a spectator sees them (live_view.h).
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

#include "records/record.h"
#include "serve/live_view.h"

namespace arena {
class LeagueStore;
}

namespace arena::serve {

class FolderWatch {
 public:
  // Throws UserError when `dir` is not a folder, or holds a league whose store cannot be read
  // (a damaged league.db, a PostgreSQL server that cannot be reached).
  explicit FolderWatch(std::string dir);
  ~FolderWatch();

  // Reads what changed; true when the finished games or the games in play did.
  bool poll();

  const std::string& dir() const { return dir_; }
  // The finished games shown: all but those held back (any DIR/live/OWNER/held.txt, written
  // by tournaments/live_games.h: their deal is replayed by a game not finished yet).
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
  // The replay of finished game n (1-based), every seat's view too; nullopt: no such game.
  std::optional<std::string> replay_json(int n);
  // The finished games shown, as PGN (what /files/games.pgn serves: never a held record, and
  // never one the journal does not count yet).
  std::string shown_pgn() const;
  // {"games": finished, "live": [{"id", "n", "g", "p", "l"}...], "held": [{"r", "rn"}...]}: what
  // the page follows; "held" the finished games held back (their Round and record number).
  std::string state_json() const;
  // The spectator's replay of a game in play; nullopt: no such game in play.
  std::optional<std::string> live_json(const std::string& name);

 private:
  struct Live {
    std::uintmax_t size = 0;
    LiveGame game;
    std::string json;  // the spectator's replay, made on demand; "" not yet
  };
  bool poll_tournament();
  bool poll_league();
  bool poll_live();
  bool poll_held();
  void reset();

  std::string dir_;
  std::vector<GameRecord> records_;
  std::uint64_t journal_read_ = 0, pgn_read_ = 0;  // bytes consumed
  std::unique_ptr<LeagueStore> league_;
  std::int64_t league_last_ = 0;
  std::string league_error_;  // the store's last error, said once
  std::map<std::string, Live> live_;
  std::string data_;  // "" until asked after a change
  // Every run's held.txt as read, one after another; nullopt: one could not be read.
  std::optional<std::string> held_ = std::string();
  bool live_seen_ = false;
  std::chrono::steady_clock::time_point
      said_{};  // when a list that cannot be read was last said  // DIR/live was listed once: its going is no
                // longer "no run yet"
  std::vector<std::size_t> visible_;  // indices into records_
  std::function<boost::json::object()> league_summary_;
};

}  // namespace arena::serve

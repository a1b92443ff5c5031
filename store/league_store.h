// Where a league keeps its state (docs/league.md): its settings, its bots and every finished
// game's record, behind one small interface so nothing above knows which database holds it.
// The embedded default is SQLite in WAL mode (sqlite_league_store.cpp): `arena league add`,
// `table` and `report` read and write it from other processes while `run` plays, each change
// one transaction; a finished game is one committed row, so a kill at any instant loses no
// finished game and counts none twice.
#pragma once

#include <cstdint>
#include <memory>
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
};

struct LeagueGame {
  std::int64_t id = 0;  // 1, 2, ...: the order games finished in
  std::string pgn;      // the whole record (records/pgn.h)
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
  // Every bot ever added, in the order they were added.
  virtual std::vector<LeagueBot> bots() = 0;
  virtual void add_game(const std::string& pgn) = 0;
  // Games with id > `after`, in order.
  virtual std::vector<LeagueGame> games(std::int64_t after = 0) = 0;
  virtual std::int64_t game_count() = 0;
};

// The store of the league folder `dir` (DIR/league.db). Throws a UserError naming the file if
// it is missing, not a database, or not a league's.
std::unique_ptr<LeagueStore> open_league_store(const std::string& dir);
// Makes DIR/league.db for a new league (DIR must not hold one) with these settings.
std::unique_ptr<LeagueStore> create_league_store(const std::string& dir, const std::string& settings_json);

}  // namespace arena

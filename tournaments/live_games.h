// The games in play of a tournament or league, one file each under DIR/live/OWNER/, for
// `arena serve` (docs/serve.md). OWNER ("host-pid-random") is this object's folder: workers
// sharing one league folder never touch each other's files. It holds a file `lock` on which
// the owner keeps a write lock (an open file description lock, fcntl(2)) while it lives, so
// anyone can tell a folder whose owner is gone (killed with -9, or stopped) without a pid.
// Each game's file: a header (the game, its seats' bots, the number it will have once
// finished, this process's id) and one line per action as recorded, appended as it is
// played; the file is removed when the game ends, once its record is on its way to the
// folder's records. The lines are the record's actions, hidden ones included: `arena serve`
// shows a spectator only what the engine says is public (State::spectator_picture) and never
// serves these files. The folder is hidden from sandboxed bots like the rest of DIR.
//
// `arena serve` reads them through the static functions below (parse_file, files_in_play,
// read_held_lists): one writer and one reader of the format, side by side.
//
// Cost on the referee's path: one write(2) per action of every game (nothing is written for
// `arena match` and `check-bot`), an open and a write at a game's start, a close and an
// unlink at its end. A failed write (a full disk) only stops that game's live file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "records/record.h"
#include "referee/run_options.h"

namespace arena {

class LiveGames {
 public:
  // What a game's header says: `name` the file's name (unique among games in play), `number`
  // the game's number once finished (0 unknown), its spec and its seats' bots.
  // `round` and `seed` are never written: they say which games replay one deal.
  struct Game {
    std::string name;
    int number = 0;
    std::string spec;
    std::vector<std::string> players;
    std::string round;
    std::uint64_t seed = 0;
  };
  // A game finished before this run (its Round tag and seed).
  struct Earlier {
    std::string round;
    std::uint64_t seed = 0;
  };

  // Makes DIR/live/OWNER/, writes its held list, then removes the folders of owners that are
  // gone (their games are no longer in play; a held list there is superseded by the runs that
  // play the rest). `games` are the runner's jobs, by job index (more may come through add());
  // `earlier` the games of the folder already finished.
  LiveGames(const std::string& dir, std::vector<Game> games, std::vector<Earlier> earlier = {});
  ~LiveGames();
  LiveGames(const LiveGames&) = delete;
  LiveGames& operator=(const LiveGames&) = delete;

  // A game to come, under the caller's key `job` (unused so far), from any thread (a league
  // adds its games as it pairs them).
  void add(std::size_t job, Game game);
  // Finished games (of a run that died) whose deals may be held back: as the constructor's.
  void add_earlier(std::vector<Earlier> earlier);
  // A game added and never started that will not be played under this key (a league moved
  // it to another key): it is forgotten, as if never added.
  void forget(std::size_t job);
  // RunnerOptions::live: the first call for a job (its start) opens its file. Each job's calls
  // come from the one thread playing it; the lock is held only to find the job's entry.
  void action(std::size_t job, const WatchedAction& action);
  // The game ended, on the thread that played it: its file goes. `played`: false when it was
  // aborted (it is played again on resume).
  void finished(std::size_t job, bool played = true);

  // The live folder of DIR (DIR/live), holding one folder per owner.
  static std::string folder(const std::string& dir);
  // This object's own folder, DIR/live/OWNER.
  const std::string& own_folder() const { return folder_; }
  // Whether the owner of live folder `owner_folder` (DIR/live/OWNER) still lives: its lock is
  // held. Takes no lock.
  static bool owner_alive(const std::string& owner_folder);
  // DIR/live/OWNER/held.txt (`owner_folder` is DIR/live/OWNER): the Round tags of finished games whose deal
  // (seed) a game not finished yet replays (a seat rotation's duplicate deals, docs/tournaments.md): `arena
  // serve` keeps their records back until it is gone, or their deal would show a game in play or to come.
  static std::string held_file(const std::string& owner_folder);

  // Reading, for `arena serve`: nothing is written and no lock taken.
  // A game's live file as read back: its header and the actions so far (micros -1).
  struct File {
    std::string name;  // the file's name without ".live": the game's id
    int number = 0;    // its number in the folder's records once finished (0: not known)
    long pid = 0;      // the process playing it
    std::string spec;
    std::vector<std::string> players;
    std::vector<RecordedAction> actions;  // hidden ones too
  };
  // The text of live file `name`; nullopt when it is not one (or its header is not complete
  // yet). A torn last line (being written) is left out.
  static std::optional<File> parse_file(const std::string& name, const std::string& text);
  // The games in play under DIR: the live files of every owner that lives, as (name, path),
  // by name (a name two owners hold: the first owner's).
  static std::vector<std::pair<std::string, std::string>> files_in_play(const std::string& dir);
  // Every run's held list (alive or not), one after another. Fails closed: nullopt, with `why`,
  // when one cannot be read: a folder that cannot be listed, a list that cannot be opened
  // (EMFILE, EACCES) or read in full, a list cut short (the writer ends every line), DIR/live
  // gone once seen (`live_seen`, the caller's, kept between calls). A folder without a list
  // holds nothing.
  static std::optional<std::string> read_held_lists(const std::string& dir, bool& live_seen,
                                                    std::string& why);

 private:
  struct Entry {
    Game game;
    int fd = -1;  // -1 not open; -2 done (or writing failed)
    bool played = false;
  };
  std::string folder_;  // DIR/live/OWNER
  int lock_ = -1;       // holds the owner's lock while this object lives
  std::mutex mutex_;    // entries_ and the held list: every loop thread and a league's planner
  // Games to come, in play, and played ones whose deal is still open (a finished game whose
  // deal no game to come shares is dropped: it can never be held again).
  std::unordered_map<std::size_t, Entry> entries_;
  std::vector<Earlier> earlier_;
  void write_held();
  void drop_closed_deals();
  void make_own_folder(const std::string& live);
  void remove_gone_owners(const std::string& live) const;
  int open_file(const Game& game);
  std::string path(const Game& game) const;
};

}  // namespace arena

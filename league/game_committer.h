// Keeps a run's finished games in the store off the games' path: a thread with a connection
// of its own commits every game that finished meanwhile in one transaction (the store's
// commit waits for the disk; one wait a group instead of one a game, and no game waits for
// it), at most every 20 ms unless hurried (the next pairing waits for these games). A game counts once its
// group is committed: a kill before that loses it only as a game in play, whose claim the next run plays
// again (docs/league.md, "State that survives").
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "records/record.h"
#include "store/league_store.h"

namespace arena {

class GameCommitter {
 public:
  // Called on the commit thread for each game once its group is committed: `kept` false when
  // another worker had taken its claim over (the other worker's game counts).
  using Kept = std::function<void(const GameRecord& record, bool kept)>;

  // Commits to the store of league `dir` as `worker`.
  GameCommitter(const std::string& dir, std::string worker, Kept kept);
  ~GameCommitter();  // commits what is queued first
  GameCommitter(const GameCommitter&) = delete;
  GameCommitter& operator=(const GameCommitter&) = delete;

  // From any thread: a game played under `claim`, kept with its tallies against `bots` (the
  // league's bots when its table was paired: a version's parent).
  void finished(std::int64_t claim, GameRecord record, std::shared_ptr<const std::vector<LeagueBot>> bots);
  // From any thread: a claim given up without a game (aborted, or never started).
  void released(std::int64_t claim);
  // Commits what is queued now, without waiting for the 20 ms to pass.
  void hurry();
  // Waits until everything queued so far is committed; rethrows the commit thread's error
  // (a full disk, the server gone) once, here or in the next call.
  void flush();
  // The commit thread's error, if it stopped on one (the caller stops the run).
  bool failed() const;

 private:
  struct Finished {
    std::int64_t claim;
    GameRecord record;
    std::shared_ptr<const std::vector<LeagueBot>> bots;
  };
  void work(const std::string& dir);
  void commit(LeagueStore& store, std::vector<Finished>& games, std::vector<std::int64_t>& released);

  std::string worker_;
  Kept kept_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::vector<Finished> queue_;
  std::vector<std::int64_t> released_;
  bool busy_ = false, stop_ = false, hurry_ = false;
  std::exception_ptr error_;
  std::thread thread_;
};

}  // namespace arena

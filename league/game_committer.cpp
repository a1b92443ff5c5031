#include "league/game_committer.h"

#include <chrono>

#include "league/league_summary.h"
#include "records/pgn.h"

namespace arena {

GameCommitter::GameCommitter(const std::string& dir, std::string worker, Kept kept)
    : worker_(std::move(worker)), kept_(std::move(kept)), thread_([this, dir] { work(dir); }) {}

GameCommitter::~GameCommitter() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void GameCommitter::finished(std::int64_t claim, GameRecord record,
                             std::shared_ptr<const std::vector<LeagueBot>> bots) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back({claim, std::move(record), std::move(bots)});
  }
  wake_.notify_all();
}

void GameCommitter::released(std::int64_t claim) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    released_.push_back(claim);
  }
  wake_.notify_all();
}

void GameCommitter::hurry() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    hurry_ = true;
  }
  wake_.notify_all();
}

void GameCommitter::flush() {
  hurry();
  std::unique_lock<std::mutex> lock(mutex_);
  idle_.wait(lock, [this] { return error_ || (!busy_ && queue_.empty() && released_.empty()); });
  if (error_) std::rethrow_exception(error_);
}

bool GameCommitter::failed() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return error_ != nullptr;
}

// Takes whatever is queued, commits it as one group, and again, until stopped with nothing
// left; a group 20 ms after the last unless hurried (an fsync is a trap to the hypervisor on
// a VM: fewer, larger groups cost less). After an error nothing more is committed: the run
// stops, and the claims left are played again by the next run.
void GameCommitter::work(const std::string& dir) {
  std::unique_ptr<LeagueStore> store;
  std::unique_lock<std::mutex> lock(mutex_);
  auto last = std::chrono::steady_clock::now();
  for (;;) {
    wake_.wait(lock, [this] { return stop_ || !queue_.empty() || !released_.empty(); });
    wake_.wait_until(lock, last + std::chrono::milliseconds(20), [this] { return stop_ || hurry_; });
    if (queue_.empty() && released_.empty()) {
      if (stop_) return;  // stopped, nothing left
      continue;
    }
    hurry_ = false;
    std::vector<Finished> games = std::move(queue_);
    std::vector<std::int64_t> released = std::move(released_);
    queue_.clear();
    released_.clear();
    busy_ = true;
    lock.unlock();
    try {
      if (!store) store = open_league_store(dir);
      if (!error_) commit(*store, games, released);
    } catch (...) {
      lock.lock();
      error_ = std::current_exception();
      busy_ = false;
      idle_.notify_all();
      continue;
    }
    lock.lock();
    busy_ = false;
    last = std::chrono::steady_clock::now();
    idle_.notify_all();
  }
}

void GameCommitter::commit(LeagueStore& store, std::vector<Finished>& games,
                           std::vector<std::int64_t>& released) {
  std::vector<FinishedGame> rows;
  for (const Finished& g : games)
    rows.push_back({g.claim, format_pgn(g.record), game_tallies(g.record, *g.bots)});
  const std::vector<bool> kept = rows.empty() ? std::vector<bool>{} : store.finish(worker_, rows);
  for (std::int64_t claim : released) store.release(claim, worker_);
  for (std::size_t i = 0; i < games.size(); ++i) kept_(games[i].record, kept[i]);
}

}  // namespace arena

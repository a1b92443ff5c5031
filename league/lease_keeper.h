// Keeps a run's leases alive: a thread with a connection of its own renews every claim the
// run holds every third of the lease, so a game longer than the lease stays this run's while
// the run lives. When the run dies (kill -9, a power cut) nothing renews them, and after the
// lease another worker takes its games over (store/league_store.h).
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace arena {

class LeagueOutput;

class LeaseKeeper {
 public:
  // Renews `worker`'s claims in the league `dir` for `lease_seconds` each time; a failed
  // renewal (the server away for a moment) is told to `output`, from the keeper's thread, and
  // tried again next time.
  LeaseKeeper(const std::string& dir, std::string worker, double lease_seconds, LeagueOutput& output);
  ~LeaseKeeper();
  LeaseKeeper(const LeaseKeeper&) = delete;
  LeaseKeeper& operator=(const LeaseKeeper&) = delete;

 private:
  void keep(const std::string& dir);

  std::string worker_;
  double lease_;
  LeagueOutput& output_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace arena

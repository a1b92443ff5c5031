#include "league/lease_keeper.h"

#include <chrono>
#include <exception>
#include <memory>

#include "league/league_output.h"
#include "store/league_store.h"

namespace arena {

LeaseKeeper::LeaseKeeper(const std::string& dir, std::string worker, double lease_seconds,
                         LeagueOutput& output)
    : worker_(std::move(worker)),
      lease_(lease_seconds),
      output_(output),
      thread_([this, dir] { keep(dir); }) {}

LeaseKeeper::~LeaseKeeper() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void LeaseKeeper::keep(const std::string& dir) {
  const auto period = std::chrono::duration<double>(lease_ / 3);
  std::unique_ptr<LeagueStore> store;
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, period, [this] { return stop_; })) {
    try {
      if (!store) store = open_league_store(dir);
      store->renew(worker_, lease_);
    } catch (const std::exception& e) {
      store.reset();  // a new connection next time
      output_.leases_not_renewed(e.what());
    }
  }
}

}  // namespace arena

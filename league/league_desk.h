// The store's side of a league run (league/league_run.cpp): its reads and writes around the
// book's decisions (league/league_book.h), and what happened, said on the run's output. The
// pairing thread's desk, single-threaded and without a runner, so tests drive it against an
// in-memory store (tests/league/league_book_test.cpp); keep_games is the commit thread's.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "league/league_book.h"
#include "league/league_output.h"
#include "records/record.h"
#include "store/league_store.h"
#include "tournaments/live_games.h"

namespace arena {

// What the commit thread keeps or gives back: a game played under `claim`, with its tallies
// against `bots` (the lineup that played it: a version's parent), or a claim given up
// without a game (no record: aborted, or never started).
struct ClaimEnd {
  std::int64_t claim = 0;
  std::optional<GameRecord> record;
  std::shared_ptr<const std::vector<LeagueBot>> bots;
};

// In one transaction, each game with its claim's end; then the other claims given back. Per
// game (those with a record, in order): kept, or not (another worker took it over).
std::vector<bool> keep_games(LeagueStore& store, const std::string& worker,
                             const std::vector<ClaimEnd>& group);

class LeagueDesk {
 public:
  // The run's store (of this thread), book and output; `worker` holds its claims for `lease`
  // seconds at a time.
  LeagueDesk(LeagueStore& store, LeagueBook& book, LeagueOutput& out, std::string worker, double lease);

  // The league so far, from its tallies.
  void read_tallies();
  // The league's bots now; false when one was added since the lineup (a new runner).
  bool read_bots();
  // One wave: the games finished since the last look read, the games whose lease ran out
  // taken over (those not to play dropped), new tables claimed. Held back: what `arena serve`
  // must hold back for the games taken over.
  struct Paired {
    LeagueBook::Wave wave;
    std::vector<LiveGames::Earlier> held_back;
  };
  Paired pair_wave();
  // Suspends each bot found unable to start, said once per suspension (another worker may
  // have been first).
  void suspend_unstartable();
  // Ends the claims of the tables given and not started whose bot retired or was suspended.
  void drop_unpairable(const LeagueBook::Withdraw& withdraw);
  // Gives claims back: any run may play their games.
  void release(const std::vector<GivenGame>& games);

 private:
  void take_over(Paired& paired);
  void claim_tables();

  LeagueStore& store_;
  LeagueBook& book_;
  LeagueOutput& out_;
  std::string worker_;
  double lease_;
};

}  // namespace arena

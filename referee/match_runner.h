// Runs many games between bot processes on Asio event loops: the engine of `arena match`
// and of tournaments.
//
//   std::vector<BotSpec> bots = {{"alpha", {{"./alpha"}}}, {"beta", {{"python3", "beta.py"}}}};
//   RunnerOptions opt;  opt.concurrency = 4;  parse_tc("10+0.1", opt.time);
//   std::vector<GameJob> jobs = {{"clump", {0, 1}, seed, "1"}, {"clump", {1, 0}, seed, "1"}};
//   MatchRunner runner(bots, opt);
//   runner.run(jobs, [](std::size_t job, const GameRecord& rec) { ... });
//
// - K = concurrency games run at once; each of the K slots keeps one process per bot
//   it needs and reuses it for the next games (a bot plays many games in a row). A
//   process is restarted only after it crashed or faulted (time forfeit, flood,
//   protocol error): its stream can no longer be trusted.
// - Every game's chance is drawn from arena::Rng seeded with derive_seed(job.seed, 0);
//   seat s is told the seed derive_seed(job.seed, s). With deterministic bots a job's
//   record does not depend on K or on the other games.
// - Slots are spread over `threads` event loops, one thread each (run()'s own thread is
//   the first): with instant bots the referee's rules work per ply costs about as much
//   CPU as the bot's, so one loop for all games would cap the speed-up from concurrency.
//   A slot, its game and its processes live on one loop; games share nothing else but
//   the job counter and the on_game callback.
// - An open run (a league) gets its jobs while it plays: run_open() plays what add() gives
//   it, from any thread, until close(); a slot with nothing to play waits for the next job
//   and keeps its bots meanwhile. Job indices then count the add() calls.
// - on_game is called for every job, in finishing order, one call at a time (never
//   concurrently; from whichever loop thread finished the game). A job the runner could
//   not play to the end because of stop() is reported with termination kAborted and
//   empty results: do not count it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "records/record.h"
#include "referee/run_options.h"

namespace arena {

struct GameJob {
  std::string spec;        // game spec (canonicalised by the runner)
  std::vector<int> seats;  // index into the bot list for seat 1..N
  std::uint64_t seed = 0;
  std::string round;                   // record's Round tag
  std::vector<std::string> opening{};  // moves the referee plays first (referee/openings.h)
};

class MatchRunner {
 public:
  using GameDone = std::function<void(std::size_t job_index, const GameRecord& record)>;

  MatchRunner(std::vector<BotSpec> bots, RunnerOptions options);
  ~MatchRunner();
  MatchRunner(const MatchRunner&) = delete;
  MatchRunner& operator=(const MatchRunner&) = delete;

  // Plays every job and returns once all are reported and every bot process is gone.
  // Throws a UserError naming what is wrong before starting anything if a job is invalid
  // (bad spec, wrong number of seats, unknown bot index), or if the sandbox asked for
  // cannot be used here.
  void run(const std::vector<GameJob>& jobs, const GameDone& on_game);

  // The open run: plays every job add() gives until close() (or stop()), then returns as
  // run() does. Throws as run() does, except for the jobs: add() checks each.
  void run_open(const GameDone& on_game);
  // A job for the open run, from any thread, before or during run_open(); its index. Throws
  // a UserError naming what is wrong with it (as run() would) or if close() was called.
  std::size_t add(GameJob job);
  // Takes back jobs not started yet, all of them or none (a set of seatings is never cut):
  // true if none had started; they are then never played nor reported.
  bool withdraw(const std::vector<std::size_t>& jobs);
  // Jobs added and not started yet.
  std::size_t queued() const;
  // No more jobs: run_open() returns once those added are played.
  void close();
  // How long the open run's slots waited for a job after their first game, in all: the time
  // the games waited for whoever feeds them.
  std::chrono::nanoseconds waited() const;

  // Ends the run soon: games in progress are aborted, bots are asked to quit and
  // killed after the grace period. Safe from any thread.
  void stop();
  // Whether the last run() was ended by stop() or a signal (even between games, when no
  // game had to be aborted): the caller must not report it as complete.
  bool stopped() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace arena

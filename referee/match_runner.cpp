#include "referee/match_runner.h"

#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/signal_set.hpp>
#include <ctime>
#include <deque>
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <utility>

#include "arena_version.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "process/bot_name.h"
#include "records/adjudication.h"
#include "referee/bot_session.h"
#include "referee/game_session.h"
#include "referee/log_file_name.h"
#include "referee/run_folder_check.h"
#include "referee/seat_transcript.h"
#include "referee/start_check.h"

namespace arena {

namespace asio = boost::asio;

namespace {

// Every path the bots' commands name under the sandbox; each bot is shown none of the
// others' (referee/bot_session.cpp).
std::vector<std::string> sandbox_bot_paths(const std::vector<BotSpec>& bots, const RunnerOptions& options) {
  BotProcess::Options po;
  po.sandbox_binds = options.sandbox_binds;
  std::vector<std::string> all;
  for (const auto& b : bots)
    for (auto& p : BotProcess::sandbox_paths(b.command, po))
      if (std::find(all.begin(), all.end(), p) == all.end()) all.push_back(p);
  return all;
}

std::string utc_date() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

// Each bot process holds three pipe ends (and a pidfd, and its log) in the referee, so
// many concurrent games outgrow the usual soft limit of 1024 descriptors. The hard
// limit is ours to take; bots get their own lower limit (ProcessLimits::open_files).
void raise_descriptor_limit() {
  rlimit lim{};
  if (::getrlimit(RLIMIT_NOFILE, &lim) != 0 || lim.rlim_cur >= lim.rlim_max) return;
  lim.rlim_cur = lim.rlim_max;
  ::setrlimit(RLIMIT_NOFILE, &lim);
}

}  // namespace

struct MatchRunner::Impl {
  struct Slot {
    int index = 0;
    asio::io_context* io = nullptr;  // the loop this slot, its game and its processes live on
    std::vector<std::shared_ptr<BotSession>> sessions;  // live processes kept for the next game
    std::shared_ptr<GameSession> game;
    bool retired = false;
    bool played = false;                                // has had a job (open run: waits count after)
    std::chrono::steady_clock::time_point parked_at{};  // waiting for a job since (open run)
  };

  std::vector<BotSpec> bots;
  RunnerOptions options;
  asio::io_context io;  // loop 0, run on run()'s thread; stop() posts here
  std::vector<std::unique_ptr<asio::io_context>> extra_loops;  // loops 1.. (one thread each)
  std::unique_ptr<asio::signal_set> signals;
  std::map<std::string, std::unique_ptr<Game>> games;  // by the job's spec text; read-only in run()
  const std::vector<GameJob>* jobs = nullptr;          // run()'s; null in an open run
  const GameDone* on_game = nullptr;
  mutable std::mutex jobs_mutex;  // next_job, the open run's queue, parked slots, games
  std::size_t next_job = 0;
  // The open run (run_open): jobs by index until reported, those not started in order, and
  // the slots waiting for one; work guards keep the loops alive while slots wait.
  bool open = false, closed = false;
  std::unordered_map<std::size_t, GameJob> open_jobs;
  std::deque<std::size_t> pending;
  std::vector<Slot*> parked;
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> open_guards;
  std::atomic<std::int64_t> waited_ns{0};  // slots' waits for a job, after their first game
  std::mutex report_mutex;                 // on_game calls and callback_error
  std::exception_ptr callback_error;
  std::vector<Slot> slots;
  std::atomic<int> live_slots{0};
  std::atomic<bool> stopping{false};

  std::vector<asio::io_context*> loops();
  const GameJob& job(std::size_t index) const;
  const Game& game_of(const GameJob& job) const;
  void check_job(const GameJob& job, std::size_t index);
  void prepare();
  void play_all(int k);
  bool next_for(Slot& slot, std::size_t& job_index);
  void wake_parked();
  void schedule(Slot& slot);
  bool may_reuse_processes(const Game& game) const;
  void play(Slot& slot, std::size_t job, std::vector<std::shared_ptr<BotSession>> seated);
  void report(Slot& slot, std::size_t job, GameRecord record);
  void retire(Slot& slot);
  void stop_now();
  void abort_slots_on(asio::io_context* loop);
  void run_loop(asio::io_context& loop);
  GameRecord blank_record(std::size_t job) const;
  void add_transcript_tags(GameRecord& r, const GameJob& job) const;
};

MatchRunner::MatchRunner(std::vector<BotSpec> bots, RunnerOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->bots = std::move(bots);
  impl_->options = std::move(options);
  if (impl_->options.concurrency < 1) throw UserError("concurrency must be at least 1");
  for (const BotSpec& b : impl_->bots)
    if (const std::string why = bot_name_problem(b.name); !why.empty()) throw UserError(why);
  for (std::size_t i = 0; i < impl_->bots.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (impl_->bots[i].name == impl_->bots[j].name)
        throw UserError("two bots are named '" + impl_->bots[i].name + "'");
}

MatchRunner::~MatchRunner() = default;

bool MatchRunner::stopped() const { return impl_->stopping; }

void MatchRunner::stop() {
  Impl* im = impl_.get();
  asio::post(im->io, [im] { im->stop_now(); });
}

std::vector<asio::io_context*> MatchRunner::Impl::loops() {
  std::vector<asio::io_context*> all{&io};
  for (auto& l : extra_loops) all.push_back(l.get());
  return all;
}

void MatchRunner::Impl::run_loop(asio::io_context& loop) {
  try {
    loop.run();
  } catch (...) {
    // A handler threw (a bug, or memory exhaustion): end the run cleanly everywhere and
    // hand the error to run()'s caller.
    {
      std::lock_guard<std::mutex> lock(report_mutex);
      if (!callback_error) callback_error = std::current_exception();
    }
    stop_now();
    loop.restart();
    loop.run();  // let the other slots of this loop finish their aborts and shutdowns
  }
}

const GameJob& MatchRunner::Impl::job(std::size_t index) const {
  if (jobs) return (*jobs)[index];
  std::lock_guard<std::mutex> lock(jobs_mutex);
  return open_jobs.at(index);  // an unordered_map's elements stay where they are
}

const Game& MatchRunner::Impl::game_of(const GameJob& job) const {
  std::lock_guard<std::mutex> lock(jobs_mutex);
  return *games.at(job.spec);
}

// A job's spec made a Game once (the caller holds jobs_mutex), its seats checked.
void MatchRunner::Impl::check_job(const GameJob& job, std::size_t index) {
  auto it = games.find(job.spec);
  if (it == games.end()) it = games.emplace(job.spec, make_game(job.spec)).first;
  const Game& game = *it->second;
  if (static_cast<int>(job.seats.size()) != game.num_players())
    throw UserError("game " + std::to_string(index + 1) + ": " + game.spec() + " has " +
                    std::to_string(game.num_players()) + " seats but " + std::to_string(job.seats.size()) +
                    " bots were given");
  for (int b : job.seats)
    if (b < 0 || b >= static_cast<int>(bots.size()))
      throw UserError("game " + std::to_string(index + 1) + ": no bot number " + std::to_string(b));
}

// What every run needs before its first process starts.
void MatchRunner::Impl::prepare() {
  if (std::string why = BotProcess::check_sandbox(options.sandbox); !why.empty()) throw UserError(why);
  refuse_commands_showing_run_folders(bots, options);
  if (options.sandbox == Sandbox::kBwrap) options.sandbox_bot_paths = sandbox_bot_paths(bots, options);
  if (!options.log_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options.log_dir, ec);
    if (ec) throw UserError("log folder '" + options.log_dir + "': " + ec.message());
  }
  // A bot that dies while we write to it must not kill the referee.
  ::signal(SIGPIPE, SIG_IGN);
  raise_descriptor_limit();
}

void MatchRunner::run(const std::vector<GameJob>& jobs, const GameDone& on_game) {
  Impl& im = *impl_;
  // Validate everything before the first process starts.
  for (std::size_t j = 0; j < jobs.size(); ++j) im.check_job(jobs[j], j);
  im.prepare();
  if (im.options.check_bots_first && !jobs.empty()) {
    const auto problems = check_bots_start(im.bots, im.options);
    if (!problems.empty())
      throw UserError(describe_start_problems(problems) +
                      "\nno game was played (check a bot with: arena check-bot COMMAND --game SPEC)");
  }
  im.jobs = &jobs;
  im.open = false;
  im.on_game = &on_game;
  im.play_all(
      static_cast<int>(std::min<std::size_t>(im.options.concurrency, std::max<std::size_t>(jobs.size(), 1))));
}

void MatchRunner::run_open(const GameDone& on_game) {
  Impl& im = *impl_;
  im.prepare();
  im.jobs = nullptr;
  {
    std::lock_guard<std::mutex> lock(im.jobs_mutex);
    im.open = true;
  }
  im.on_game = &on_game;
  im.play_all(im.options.concurrency);
}

std::size_t MatchRunner::add(GameJob job) {
  Impl& im = *impl_;
  std::lock_guard<std::mutex> lock(im.jobs_mutex);
  if (im.closed) throw UserError("no game can be added to a closed run");
  const std::size_t index = im.next_job++;
  im.check_job(job, index);
  im.open_jobs.emplace(index, std::move(job));
  im.pending.push_back(index);
  if (!im.parked.empty()) {
    Impl::Slot* slot = im.parked.back();
    im.parked.pop_back();
    asio::post(*slot->io, [&im, slot] { im.schedule(*slot); });
  }
  return index;
}

bool MatchRunner::withdraw(const std::vector<std::size_t>& jobs) {
  Impl& im = *impl_;
  std::lock_guard<std::mutex> lock(im.jobs_mutex);
  for (std::size_t j : jobs)
    if (std::find(im.pending.begin(), im.pending.end(), j) == im.pending.end()) return false;
  for (std::size_t j : jobs) {
    im.pending.erase(std::find(im.pending.begin(), im.pending.end(), j));
    im.open_jobs.erase(j);
  }
  return true;
}

std::size_t MatchRunner::queued() const {
  std::lock_guard<std::mutex> lock(impl_->jobs_mutex);
  return impl_->pending.size();
}

std::chrono::nanoseconds MatchRunner::waited() const { return std::chrono::nanoseconds(impl_->waited_ns); }

void MatchRunner::close() {
  Impl& im = *impl_;
  std::lock_guard<std::mutex> lock(im.jobs_mutex);
  im.closed = true;
  im.wake_parked();
}

// Every waiting slot looks again (to retire, once closed or stopping); the loops may end once
// the slots do. The caller holds jobs_mutex.
void MatchRunner::Impl::wake_parked() {
  for (Slot* slot : parked) asio::post(*slot->io, [this, slot] { schedule(*slot); });
  parked.clear();
  for (auto& g : open_guards) g.reset();
  open_guards.clear();
}

// Starts k slots over the loops and plays until every slot has retired.
void MatchRunner::Impl::play_all(int k) {
  io.restart();
  next_job = open ? next_job : 0;
  stopping = false;
  if (options.stop_on_signals) {
    signals = std::make_unique<asio::signal_set>(io, SIGINT, SIGTERM);
    signals->async_wait([this](boost::system::error_code ec, int) {
      if (!ec) stop_now();
    });
  }
  int threads = options.threads > 0 ? options.threads
                                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = std::clamp(threads, 1, k);
  // The extra loops' threads start first, held by work guards until their slots are
  // posted. A thread that cannot be created (a bot's fork bomb may exhaust the process
  // table for a moment) only means fewer loops; the run goes on.
  extra_loops.clear();
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> guards;
  // A bot's PR_SET_PDEATHSIG fires when the *thread* that started it ends, so every bot
  // is started by its slot's loop thread, and a loop's run() returns only once its slots
  // have retired and their processes are reaped.
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) {
    auto loop = std::make_unique<asio::io_context>(1);
    guards.push_back(asio::make_work_guard(*loop));
    try {
      workers.emplace_back([this, l = loop.get()] { run_loop(*l); });
    } catch (const std::system_error&) {
      guards.pop_back();
      break;
    }
    extra_loops.push_back(std::move(loop));
  }
  const std::vector<asio::io_context*> all = loops();
  const int used = static_cast<int>(all.size());
  {
    std::lock_guard<std::mutex> lock(jobs_mutex);
    if (open && !closed)  // slots may wait for jobs with nothing to do: the loops stay
      for (asio::io_context* loop : all) open_guards.push_back(asio::make_work_guard(*loop));
  }
  slots.assign(k, Impl::Slot{});
  live_slots = k;
  for (int i = 0; i < k; ++i) {
    slots[i].index = i;
    slots[i].io = all[i % used];
    asio::post(*slots[i].io, [this, i] { schedule(slots[i]); });
  }
  for (auto& g : guards) g.reset();
  run_loop(io);
  for (auto& w : workers) w.join();
  signals.reset();
  slots.clear();
  extra_loops.clear();
  jobs = nullptr;
  on_game = nullptr;
  if (callback_error) std::rethrow_exception(std::exchange(callback_error, nullptr));
}

GameRecord MatchRunner::Impl::blank_record(std::size_t job_index) const {
  const GameJob& job = this->job(job_index);
  const Game& game = game_of(job);
  GameRecord r;
  r.event = options.event;
  r.site = options.site;
  r.date = utc_date();
  r.round = job.round;
  r.spec = game.spec();
  r.seed = job.seed;
  r.time_control = options.time.text();
  for (int b : job.seats) r.players.push_back(bots[b].name);
  add_transcript_tags(r, job);
  r.referee_version = std::string("arena ") + ARENA_VERSION;
  return r;
}

// What `arena repro` needs to send a seat the same lines again, where it differs from the
// defaults (referee/seat_transcript.h).
void MatchRunner::Impl::add_transcript_tags(GameRecord& r, const GameJob& job) const {
  if (!options.send_legal_moves) r.extra_tags.emplace_back(kLegalMovesTag, "no");
  std::string untimed;
  for (std::size_t i = 0; i < job.seats.size(); ++i)
    if (bots[job.seats[i]].untimed) untimed += (untimed.empty() ? "" : " ") + std::to_string(i + 1);
  if (!untimed.empty()) r.extra_tags.emplace_back(kUntimedTag, untimed);
}

bool MatchRunner::Impl::may_reuse_processes(const Game& game) const {
  switch (options.process_reuse) {
    case ProcessReuse::kAlways:
      return true;
    case ProcessReuse::kNever:
      return false;
    case ProcessReuse::kAuto:
      break;
  }
  return !game.hidden_information();
}

// The slot's next job; false when it has none: it retired, or (open run) it waits for one.
bool MatchRunner::Impl::next_for(Slot& slot, std::size_t& job_index) {
  std::lock_guard<std::mutex> lock(jobs_mutex);
  if (!stopping && !open && next_job < jobs->size()) {
    job_index = next_job++;
    return true;
  }
  if (!stopping && open && !pending.empty()) {
    job_index = pending.front();
    pending.pop_front();
    if (slot.played && slot.parked_at != std::chrono::steady_clock::time_point{})
      waited_ns += std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() -
                                                                        slot.parked_at)
                       .count();
    slot.played = true;
    slot.parked_at = {};
    return true;
  }
  if (!stopping && open && !closed) {
    slot.parked_at = std::chrono::steady_clock::now();
    parked.push_back(&slot);
    return false;
  }
  retire(slot);
  return false;
}

void MatchRunner::Impl::schedule(Slot& slot) {
  std::size_t job_index = 0;
  if (!next_for(slot, job_index)) return;
  const GameJob& job = this->job(job_index);

  // Seat the slot's live processes where they fit (if this game may reuse them); leftovers quit.
  std::vector<std::shared_ptr<BotSession>> seated(job.seats.size());
  std::vector<std::shared_ptr<BotSession>> spare;
  const bool reuse = may_reuse_processes(game_of(job));
  for (auto& s : slot.sessions) {
    bool used = false;
    if (reuse && s->ready())
      for (std::size_t i = 0; i < job.seats.size() && !used; ++i)
        if (!seated[i] && job.seats[i] == s->bot_index()) {
          seated[i] = s;
          used = true;
        }
    if (!used) spare.push_back(s);
  }
  for (auto& s : spare) s->shutdown([] {});
  slot.sessions.clear();

  struct Pending {
    int waiting = 0;
    int failed_seat = 0;
    std::string error;
  };
  auto pending = std::make_shared<Pending>();
  for (std::size_t i = 0; i < seated.size(); ++i) {
    if (seated[i]) continue;
    const int b = job.seats[i];
    std::string log;
    if (!options.log_dir.empty())
      log = options.log_dir + "/" + log_file_stem(bots[b].name) + ".slot" + std::to_string(slot.index + 1) +
            ".log";
    seated[i] = std::make_shared<BotSession>(*slot.io, b, bots[b], options, log);
    ++pending->waiting;
  }
  for (auto& s : seated) slot.sessions.push_back(s);
  if (pending->waiting == 0) return play(slot, job_index, seated);
  for (std::size_t i = 0; i < seated.size(); ++i) {
    if (seated[i]->ready()) continue;
    const int seat = static_cast<int>(i) + 1;
    seated[i]->start([this, &slot, job_index, seated, pending, seat](const std::string& error) {
      if (!error.empty() && (pending->failed_seat == 0 || seat < pending->failed_seat)) {
        pending->failed_seat = seat;
        pending->error = error;
      }
      if (--pending->waiting > 0) return;
      if (stopping) {
        GameRecord r = blank_record(job_index);
        r.termination = Termination::kAborted;
        r.termination_detail = "the referee stopped before the game started";
        return report(slot, job_index, std::move(r));
      }
      if (pending->failed_seat) {
        GameRecord r = blank_record(job_index);
        const Game& game = game_of(this->job(job_index));
        r.termination = Termination::kStartFailure;
        r.fault_seat = pending->failed_seat;
        r.termination_detail = pending->error;
        r.results = fault_results(game, pending->failed_seat);
        return report(slot, job_index, std::move(r));
      }
      play(slot, job_index, seated);
    });
  }
}

void MatchRunner::Impl::play(Slot& slot, std::size_t job_index,
                             std::vector<std::shared_ptr<BotSession>> seated) {
  const GameJob& job = this->job(job_index);
  slot.game =
      std::make_shared<GameSession>(*slot.io, game_of(job), job.seed, std::move(seated), options,
                                    blank_record(job_index), [this, &slot, job_index](GameRecord record) {
                                      slot.game.reset();
                                      report(slot, job_index, std::move(record));
                                    });
  slot.game->set_opening(job.opening, options.random_opening_plies);
  slot.game->set_watched(options.watch && job_index == options.watch_job);
  if (options.live) slot.game->set_live(job_index);
  slot.game->start();
}

void MatchRunner::Impl::report(Slot& slot, std::size_t job_index, GameRecord record) {
  {
    std::lock_guard<std::mutex> lock(report_mutex);
    if (*on_game && !callback_error) {
      try {
        (*on_game)(job_index, record);
      } catch (...) {
        // Stop cleanly (no bot left behind) and hand the error to run()'s caller.
        callback_error = std::current_exception();
      }
    }
    if (callback_error) stop_now();
  }
  if (open) {  // reported: the job is not needed any more
    std::lock_guard<std::mutex> lock(jobs_mutex);
    open_jobs.erase(job_index);
  }
  schedule(slot);
}

void MatchRunner::Impl::retire(Slot& slot) {
  if (slot.retired) return;
  slot.retired = true;
  for (auto& s : slot.sessions) s->shutdown([] {});
  slot.sessions.clear();
  if (--live_slots == 0)
    asio::post(io, [this] {
      if (signals) signals->cancel();
    });
}

void MatchRunner::Impl::stop_now() {
  if (stopping.exchange(true)) return;
  {
    std::lock_guard<std::mutex> lock(jobs_mutex);
    wake_parked();
  }
  // Every slot is touched only on its own loop's thread.
  for (asio::io_context* loop : loops()) asio::post(*loop, [this, loop] { abort_slots_on(loop); });
}

void MatchRunner::Impl::abort_slots_on(asio::io_context* loop) {
  for (auto& slot : slots) {
    if (slot.io != loop) continue;
    if (slot.game) {
      slot.game->abort();
    } else {
      // Bots still starting: their callbacks run now and report the job as aborted.
      auto sessions = slot.sessions;
      for (auto& s : sessions) s->cancel_start();
    }
  }
}

}  // namespace arena

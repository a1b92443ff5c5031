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
#include <exception>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <utility>

#include "arena_version.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"
#include "process/bot_name.h"
#include "records/adjudication.h"
#include "referee/bot_session.h"
#include "referee/game_session.h"
#include "referee/log_file_name.h"
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
  };

  std::vector<BotSpec> bots;
  RunnerOptions options;
  asio::io_context io;  // loop 0, run on run()'s thread; stop() posts here
  std::vector<std::unique_ptr<asio::io_context>> extra_loops;  // loops 1.. (one thread each)
  std::unique_ptr<asio::signal_set> signals;
  std::map<std::string, std::unique_ptr<Game>> games;  // by the job's spec text; read-only in run()
  const std::vector<GameJob>* jobs = nullptr;
  const GameDone* on_game = nullptr;
  std::mutex jobs_mutex;  // next_job
  std::size_t next_job = 0;
  std::mutex report_mutex;  // on_game calls and callback_error
  std::exception_ptr callback_error;
  std::vector<Slot> slots;
  std::atomic<int> live_slots{0};
  std::atomic<bool> stopping{false};

  std::vector<asio::io_context*> loops();
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

void MatchRunner::run(const std::vector<GameJob>& jobs, const GameDone& on_game) {
  Impl& im = *impl_;
  // Validate everything before the first process starts.
  for (std::size_t j = 0; j < jobs.size(); ++j) {
    const GameJob& job = jobs[j];
    auto it = im.games.find(job.spec);
    if (it == im.games.end()) it = im.games.emplace(job.spec, make_game(job.spec)).first;
    const Game& game = *it->second;
    if (static_cast<int>(job.seats.size()) != game.num_players())
      throw UserError("game " + std::to_string(j + 1) + ": " + game.spec() + " has " +
                      std::to_string(game.num_players()) + " seats but " + std::to_string(job.seats.size()) +
                      " bots were given");
    for (int b : job.seats)
      if (b < 0 || b >= static_cast<int>(im.bots.size()))
        throw UserError("game " + std::to_string(j + 1) + ": no bot number " + std::to_string(b));
  }
  if (std::string why = BotProcess::check_sandbox(im.options.sandbox); !why.empty()) throw UserError(why);
  if (im.options.sandbox == Sandbox::kBwrap)
    im.options.sandbox_bot_paths = sandbox_bot_paths(im.bots, im.options);
  if (!im.options.log_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(im.options.log_dir, ec);
    if (ec) throw UserError("log folder '" + im.options.log_dir + "': " + ec.message());
  }
  // A bot that dies while we write to it must not kill the referee.
  ::signal(SIGPIPE, SIG_IGN);
  raise_descriptor_limit();
  if (im.options.check_bots_first && !jobs.empty()) {
    const auto problems = check_bots_start(im.bots, im.options);
    if (!problems.empty())
      throw UserError(describe_start_problems(problems) +
                      "\nno game was played (check a bot with: arena check-bot COMMAND --game SPEC)");
  }

  im.io.restart();
  im.jobs = &jobs;
  im.on_game = &on_game;
  im.next_job = 0;
  im.stopping = false;
  if (im.options.stop_on_signals) {
    im.signals = std::make_unique<asio::signal_set>(im.io, SIGINT, SIGTERM);
    im.signals->async_wait([&im](boost::system::error_code ec, int) {
      if (!ec) im.stop_now();
    });
  }
  const int k =
      static_cast<int>(std::min<std::size_t>(im.options.concurrency, std::max<std::size_t>(jobs.size(), 1)));
  int threads = im.options.threads > 0 ? im.options.threads
                                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads = std::clamp(threads, 1, k);
  // The extra loops' threads start first, held by work guards until their slots are
  // posted. A thread that cannot be created (a bot's fork bomb may exhaust the process
  // table for a moment) only means fewer loops; the run goes on.
  im.extra_loops.clear();
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> guards;
  // A bot's PR_SET_PDEATHSIG fires when the *thread* that started it ends, so every bot
  // is started by its slot's loop thread, and a loop's run() returns only once its slots
  // have retired and their processes are reaped.
  std::vector<std::thread> workers;
  for (int t = 1; t < threads; ++t) {
    auto loop = std::make_unique<asio::io_context>(1);
    guards.push_back(asio::make_work_guard(*loop));
    try {
      workers.emplace_back([&im, l = loop.get()] { im.run_loop(*l); });
    } catch (const std::system_error&) {
      guards.pop_back();
      break;
    }
    im.extra_loops.push_back(std::move(loop));
  }
  const std::vector<asio::io_context*> loops = im.loops();
  const int used = static_cast<int>(loops.size());
  im.slots.assign(k, Impl::Slot{});
  im.live_slots = k;
  for (int i = 0; i < k; ++i) {
    im.slots[i].index = i;
    im.slots[i].io = loops[i % used];
    asio::post(*im.slots[i].io, [&im, i] { im.schedule(im.slots[i]); });
  }
  for (auto& g : guards) g.reset();
  im.run_loop(im.io);
  for (auto& w : workers) w.join();
  im.signals.reset();
  im.slots.clear();
  im.extra_loops.clear();
  im.jobs = nullptr;
  im.on_game = nullptr;
  if (im.callback_error) std::rethrow_exception(std::exchange(im.callback_error, nullptr));
}

GameRecord MatchRunner::Impl::blank_record(std::size_t job_index) const {
  const GameJob& job = (*jobs)[job_index];
  const Game& game = *games.at(job.spec);
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

void MatchRunner::Impl::schedule(Slot& slot) {
  std::size_t job_index = 0;
  {
    std::lock_guard<std::mutex> lock(jobs_mutex);
    if (stopping || next_job >= jobs->size()) return retire(slot);
    job_index = next_job++;
  }
  const GameJob& job = (*jobs)[job_index];

  // Seat the slot's live processes where they fit (if this game may reuse them); leftovers quit.
  std::vector<std::shared_ptr<BotSession>> seated(job.seats.size());
  std::vector<std::shared_ptr<BotSession>> spare;
  const bool reuse = may_reuse_processes(*games.at(job.spec));
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
        const Game& game = *games.at((*jobs)[job_index].spec);
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
  const GameJob& job = (*jobs)[job_index];
  slot.game =
      std::make_shared<GameSession>(*slot.io, *games.at(job.spec), job.seed, std::move(seated), options,
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

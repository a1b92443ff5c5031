// One game between seated bot sessions: the decision loop, clocks, deadlines, fault
// rulings and the record. Asynchronous on the runner's io_context.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/random.h"
#include "process/cpu_time.h"
#include "records/bot_lines.h"
#include "records/record.h"
#include "referee/bot_session.h"
#include "referee/cpu_pressure.h"
#include "referee/game_end.h"
#include "referee/latency_stats.h"
#include "referee/legal_list.h"
#include "referee/run_options.h"

namespace arena {

class GameSession : public std::enable_shared_from_this<GameSession> {
 public:
  using Done = std::function<void(GameRecord record)>;

  // `seats[s-1]` plays seat s; every session must be ready. `record` arrives with the
  // tags filled in (event, round, spec, seed, players, ...); the session adds the rest.
  GameSession(boost::asio::io_context& io, const Game& game, std::uint64_t seed,
              std::vector<std::shared_ptr<BotSession>> seats, const RunnerOptions& options, GameRecord record,
              Done done);

  // Optional, set before start(): called at every decision of a seat, before the bot is
  // asked. Returning a move (which must be legal in `state`) plays it for that seat
  // without asking its bot, which hears it as an event like any other action; returning
  // nullopt asks the bot as usual. Lets tools observe every decision and steer games
  // into chosen positions (`arena check-bot`); matches leave it unset.
  using DecisionHook = std::function<std::optional<Move>(const State& state, int seat)>;
  void set_decision_hook(DecisionHook hook) { decision_hook_ = std::move(hook); }

  // Optional, set before start(): moves (validated, referee/openings.h) and then `random_plies`
  // random legal moves from the game's seed, played before any bot is asked. The bots hear
  // them as events; no clock runs; the record counts them in opening_plies.
  void set_opening(std::vector<std::string> moves, int random_plies) {
    opening_ = std::move(moves);
    random_opening_plies_ = random_plies;
  }

  // Optional, set before start(): this game is watched (RunnerOptions::watch).
  void set_watched(bool watched) { watched_ = watched; }
  // Optional, set before start(): the game's job index for RunnerOptions::live.
  void set_live(std::size_t job_index) {
    live_ = true;
    job_index_ = job_index;
  }

  void start();
  // Ends the game now with kAborted (the referee is shutting down).
  void abort();

 private:
  using Clock = std::chrono::steady_clock;
  struct Seat {
    std::shared_ptr<BotSession> bot;
    std::unique_ptr<SeatClock> clock;
    std::string pending;    // lines not yet sent (newgame, events), each ending in "\n"
    std::size_t bytes = 0;  // since its last decision began
    int lines = 0;
    std::unique_ptr<CpuClock> cpu;  // --clock cpu: the CPU time of the bot's processes
  };

  void advance();
  void play_opening();
  void start_game_log(int seat);
  void apply(Move m, std::int64_t micros);
  void request_decision(int seat);
  void on_line(int seat, const std::string& line);
  void on_move(int seat, const std::string& token, std::int64_t used_us);
  void on_resign(int seat, std::int64_t used_us);
  void on_deadline(std::uint64_t decision);
  void arm_deadline_timer(Clock::time_point when);
  void on_deadline_timer();
  void fault(int seat, Termination why, const std::string& detail);
  void log_repro(int seat, Termination why);
  void finish(Termination why, int fault_seat, const std::string& detail);
  void send_record_when_ready();
  void describe_crash_then_deliver(int seat);
  void deliver_record();
  static void note_stray_lines(BotProcess& process);
  // Between games (docs/protocol.md): the late answer of a seat that was thinking when the
  // game ended is read and discarded here, so it never reaches the bot's next game.
  void await_late_answer(int seat);
  void on_late_line(int seat, const std::string& line);
  void end_late_wait(int seat, bool answered, const std::string& note);
  void flush_events(Seat& seat);

  boost::asio::io_context& io_;
  const Game& game_;
  std::unique_ptr<State> state_;
  Rng rng_;
  std::uint64_t seed_;
  std::vector<Seat> seats_;
  const RunnerOptions& options_;
  GameRecord record_;
  Done done_;
  // The pending decision's deadline: re-armed only when a deadline comes earlier than the one
  // it waits for (request_decision()).
  boost::asio::steady_timer deadline_timer_;
  bool deadline_timer_armed_ = false;
  // After the result: how long the record waits for a late answer or a crash's report.
  boost::asio::steady_timer end_timer_;
  GameEnd end_;                 // referee/game_end.h
  int to_move_ = 0;             // seat whose decision is pending, 0 if none
  std::uint64_t decision_ = 0;  // increases with every request
  Clock::time_point asked_at_;
  Clock::time_point deadline_ = Clock::time_point::max();  // of the pending decision
  std::vector<Move> scratch_;
  LegalList legal_;  // of the pending decision; reused: no allocation per decision once warm
  DecisionHook decision_hook_;
  bool watched_ = false;
  bool live_ = false;
  std::size_t job_index_ = 0;
  std::vector<std::int64_t> watch_clocks_;
  void notify_watch(int actor, const std::string& text);
  // The bots' own lines, kept with the record (referee/game_session_bot_lines.cpp).
  void hear_stderr(int seat);
  void keep_bot_line(int seat, BotLine::Kind kind, std::string_view text);
  BotLineCap bot_line_cap_;
  std::vector<std::string> opening_;
  int random_opening_plies_ = 0;

  // What the machine did (records/timing_tags.h, referee/game_timing.cpp).
  void start_timing();
  void note_request_sent();
  std::int64_t charge(Seat& st, std::int64_t used_us);
  bool over_time(const Seat& st, std::int64_t used_us);
  // How a seat was out of time: no answer by the deadline, or a move or resign that came late.
  enum class LateAction { kNone, kMove, kResign };
  void time_forfeit(int seat, LateAction action, std::int64_t used_us);
  bool cpu_deadline_extended();
  std::string cpu_source_text() const;
  void add_timing_tags();
  LatencyStats latency_;
  Clock::time_point move_read_at_{};   // when the last move was read; zero once counted
  std::vector<std::int64_t> charged_;  // per timed action, microseconds off the seat's clock
  GamePressure pressure_;
  std::int64_t cpu_at_ask_ = 0;  // --clock cpu: the mover's tree's CPU time when it was asked
  std::int64_t cpu_used_ = 0;    // --clock cpu: of the last decision checked
  Clock::time_point wall_cap_ = Clock::time_point::max();  // --clock cpu: of the pending decision
};

}  // namespace arena

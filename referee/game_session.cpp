#include "referee/game_session.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <utility>

#include "process/lazy_log_file.h"
#include "protocol/bot_text.h"
#include "protocol/messages.h"
#include "records/adjudication.h"
#include "records/repro_command.h"
#include "records/termination.h"
#include "referee/exit_report.h"
#include "referee/log_file_name.h"
#include "referee/move_ruling.h"
#include "referee/seat_messages.h"

namespace arena {

namespace asio = boost::asio;

namespace {

std::string ms_text(std::int64_t us) {
  return std::to_string(us / 1000) + "." + std::to_string(us % 1000 / 100) + " ms";
}

// What a bot wrote, safe for a terminal and a record (protocol/bot_text.h).
std::string clip(const std::string& s, std::size_t n) { return protocol::printable(s, n); }

// How long a crash's report waits for the process to be reaped and its last stderr read.
// A dead bot takes microseconds; only a bot that closed its output and lives on waits it out.
constexpr std::chrono::milliseconds kCrashReportWait{1000};

// The crash as a bot author needs it: how the process ended on the first line (check-bot puts
// its notes after it), then the last lines of its standard error (kept in memory, with or
// without --log-dir), one per line after "stderr: ".
std::string crash_text(const BotProcess& p, const std::string& seen) {
  const std::string how =
      p.exited() ? ended_text(p)
                 : seen + " (it was still running " + std::to_string(kCrashReportWait.count()) + " ms later)";
  return how + stderr_lines_text(p);
}

}  // namespace

GameSession::GameSession(asio::io_context& io, const Game& game, std::uint64_t seed,
                         std::vector<std::shared_ptr<BotSession>> seats, const RunnerOptions& options,
                         GameRecord record, Done done)
    : io_(io),
      game_(game),
      rng_(derive_seed(seed, 0)),
      seed_(seed),
      options_(options),
      record_(std::move(record)),
      done_(std::move(done)),
      timer_(io),
      bot_line_cap_(options.limits.bot_lines_cap),
      pressure_(options.cpu_pressure_file, options.pressure_threshold) {
  for (auto& bot : seats) {
    Seat s;
    s.clock = std::make_unique<SeatClock>(options_.time, bot->spec().untimed);
    s.bot = std::move(bot);
    seats_.push_back(std::move(s));
  }
}

void GameSession::start() {
  state_ = game_.new_initial_state();
  start_timing();
  if (watched_ || live_) notify_watch(kChance, std::string());
  auto self = shared_from_this();
  const int n = static_cast<int>(seats_.size());
  for (int s = 1; s <= n; ++s) {
    BotProcess& p = seats_[s - 1].bot->process();
    p.set_handlers(
        [self, s](const std::string& line) { self->on_line(s, line); },
        [self, s](BotProcess::CloseReason why) {
          switch (why) {
            case BotProcess::CloseReason::kLineTooLong:
              self->fault(
                  s, Termination::kOutputFlood,
                  "a line longer than " + std::to_string(self->options_.limits.max_line_bytes) + " bytes");
              break;
            case BotProcess::CloseReason::kWriteFailed:
              self->fault(s, Termination::kCrash, "the bot stopped reading its input (broken pipe)");
              break;
            case BotProcess::CloseReason::kEndOfOutput:
              self->fault(s, Termination::kCrash, "the bot closed its standard output");
              break;
          }
        });
    start_game_log(s);
    hear_stderr(s);
    // Each seat's newgame (after its last game's held gameover) goes with its first decision
    // request, or with the gameover if the game ends before it is asked: a bot wakes once for
    // both, and every seat handles newgame on its own first move's clock alike.
    Seat& seat = seats_[s - 1];
    seat.pending = p.take_held();
    append_newgame(game_, s, n, seed_, seat.pending);
  }
  asio::post(io_, [self] {
    self->play_opening();
    self->advance();
  });
}

// The game's first line in the seat's log. With a log folder each seat's stderr, info lines and
// notes of this game also go to a file of their own, GAME-LABEL.SEAT.log, until the record is
// delivered (a crash's last words included). The file is made, with this same first line, only
// if something follows it: a quiet bot's games leave no file and cost no system call.
void GameSession::start_game_log(int seat) {
  BotProcess& p = seats_[seat - 1].bot->process();
  p.set_game_log(nullptr);  // normally gone with the last game's record; never given this header
  std::string header = "[referee] game " + record_.round + " " + game_.spec() + " seat " +
                       std::to_string(seat) + " seed " + std::to_string(seed_);
  p.log(header, false);  // before the game's log is set: the header alone does not create it
  if (options_.log_dir.empty()) return;
  std::string path =
      options_.log_dir + "/" + log_file_stem(record_.round) + "." + std::to_string(seat) + ".log";
  p.set_game_log(std::make_unique<LazyLogFile>(std::move(path), options_.limits.log_cap, std::move(header)));
}

void GameSession::play_opening() {
  for (const std::string& text : opening_) {
    if (state_->is_terminal() || state_->is_chance()) break;  // read_openings() ruled these out
    const ParsedMove p = state_->parse_move(text);
    if (!p.ok()) break;
    apply(p.move, -1);
  }
  Rng opening_rng(derive_seed(seed_, 1));  // the game's own chance uses derive_seed(seed, 0)
  for (int played = 0; played < random_opening_plies_ && !state_->is_terminal();) {
    if (state_->is_chance()) {
      apply(sample_chance(*state_, rng_), -1);
      continue;
    }
    state_->legal_moves(scratch_);
    apply(scratch_[opening_rng.below(scratch_.size())], -1);
    ++played;
  }
  record_.opening_plies = static_cast<int>(record_.actions.size());
}

void GameSession::advance() {
  while (!finished_) {
    if (state_->is_terminal()) return finish(Termination::kNormal, 0, "");
    if (static_cast<int>(state_->history().size()) >= game_.max_game_length())
      return finish(
          Termination::kLengthCap, 0,
          "the game reached the maximum length of " + std::to_string(game_.max_game_length()) + " actions");
    if (state_->is_chance()) {
      apply(sample_chance(*state_, rng_), -1);
      continue;
    }
    const int seat = state_->current_player();
    if (decision_hook_) {
      if (std::optional<Move> chosen = decision_hook_(*state_, seat)) {
        charged_.push_back(0);
        apply(*chosen, 0);
        continue;
      }
    }
    return request_decision(seat);
  }
}

void GameSession::apply(Move m, std::int64_t micros) {
  legal_.clear();  // no longer this state's legal list
  const int actor = state_->current_player();
  record_.actions.push_back(RecordedAction{actor, state_->move_to_string(m), micros});
  for (int s = 1; s <= static_cast<int>(seats_.size()); ++s)
    append_seat_event(*state_, s, m, seats_[s - 1].pending);
  state_->apply(m);
  if (watched_ || live_) notify_watch(actor, record_.actions.back().text);
}

void GameSession::notify_watch(int actor, const std::string& text) {
  watch_clocks_.clear();  // reused: a tournament's games are all followed (live files), every ply
  for (const Seat& st : seats_) watch_clocks_.push_back(st.clock->remaining_ms());
  const WatchedAction action{*state_, actor, text, watch_clocks_};
  if (watched_) options_.watch(action);
  if (live_) options_.live(job_index_, action);
}

void GameSession::flush_events(Seat& seat) {
  if (seat.pending.empty()) return;
  seat.bot->process().send_text(seat.pending);
  seat.pending.clear();
}

void GameSession::request_decision(int seat) {
  Seat& st = seats_[seat - 1];
  // The whole request (events, observation, legal moves, go) is one message in one
  // write: the bot wakes once per decision instead of once per line.
  std::string& msg = st.pending;
  append_decision_request(*state_, seat, options_.send_legal_moves ? &legal_ : nullptr, msg);
  append_go(*st.clock, options_.time, msg);
  // The clock starts before the request is written: the time a bot is charged is never
  // shorter than the time it had the request.
  to_move_ = seat;
  ++decision_;
  if (st.cpu) cpu_at_ask_ = st.cpu->read_us();
  asked_at_ = Clock::now();
  flush_events(st);
  note_request_sent();
  for (auto& s : seats_) {  // output caps count per decision, for every seat
    s.bytes = 0;
    s.lines = 0;
  }
  const std::int64_t budget = st.clock->budget_us();
  if (budget >= 0) {
    // One absolute deadline per decision: nothing the bot writes moves it (with --clock cpu it
    // is the first look at the CPU used; cpu_deadline_extended() may move it up to the wall cap).
    deadline_ = asked_at_ + std::chrono::microseconds(budget + options_.time.margin_ms * 1000);
    if (st.cpu)
      wall_cap_ =
          asked_at_ + std::chrono::microseconds(
                          static_cast<std::int64_t>(static_cast<double>(budget) * options_.cpu_wall_factor) +
                          options_.time.margin_ms * 1000);
    // The timer is re-armed only when this deadline is earlier than the one it waits
    // for; a later deadline is picked up when the early wake-up finds nothing due.
    // Deadlines mostly grow, so most decisions touch no timer at all.
    if (!timer_armed_ || timer_.expiry() > deadline_) arm_timer(deadline_);
  } else {
    deadline_ = Clock::time_point::max();
  }
}

void GameSession::arm_timer(Clock::time_point when) {
  timer_armed_ = true;
  timer_.expires_at(when);  // a wait already pending completes with operation_aborted
  auto self = shared_from_this();
  timer_.async_wait([self](boost::system::error_code ec) {
    if (ec) return;  // re-armed or cancelled; the newer wait is in charge
    self->timer_armed_ = false;
    self->on_timer();
  });
}

void GameSession::on_timer() {
  if (finished_ || to_move_ == 0 || deadline_ == Clock::time_point::max()) return;
  if (Clock::now() >= deadline_) return on_deadline(decision_);
  arm_timer(deadline_);
}

void GameSession::on_deadline(std::uint64_t decision) {
  if (finished_ || decision != decision_ || to_move_ == 0) return;
  if (cpu_deadline_extended()) return;
  const std::int64_t used =
      std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - asked_at_).count();
  const int seat = to_move_;
  time_forfeit(seat, "no move within " + std::to_string(seats_[seat - 1].clock->budget_ms()) + " ms + " +
                         std::to_string(options_.time.margin_ms) + " ms margin (ruled at " + ms_text(used) +
                         ")");
}

void GameSession::on_line(int seat, const std::string& line) {
  if (finished_) return;
  Seat& st = seats_[seat - 1];
  st.bytes += line.size() + 1;
  st.lines += 1;
  if (st.bytes > options_.limits.max_bytes_per_decision)
    return fault(
        seat, Termination::kOutputFlood,
        "more than " + std::to_string(options_.limits.max_bytes_per_decision) + " bytes in one decision");
  if (st.lines > options_.limits.max_lines_per_decision)
    return fault(
        seat, Termination::kOutputFlood,
        "more than " + std::to_string(options_.limits.max_lines_per_decision) + " lines in one decision");
  using K = protocol::BotMessage::Kind;
  auto msg = protocol::parse_bot_line(line);
  // What the bot wrote to stderr before this answer belongs to the decision it answers.
  if (msg.kind != K::kInfo && msg.kind != K::kEmpty) st.bot->process().read_stderr_now();
  switch (msg.kind) {
    case K::kEmpty:
      return;
    case K::kInfo:
      keep_bot_line(seat, BotLine::Kind::kInfo, msg.text);
      st.bot->process().log_output("[game " + record_.round + " ply " +
                                   std::to_string(record_.actions.size()) + "] info " +
                                   clip(msg.text, options_.limits.max_info_bytes));
      return;
    case K::kMove: {
      if (seat != to_move_)
        return fault(seat, Termination::kProtocolViolation,
                     "'move " + clip(msg.text, 40) + "' when it was not asked to move");
      move_read_at_ = Clock::now();
      const std::int64_t used =
          std::chrono::duration_cast<std::chrono::microseconds>(move_read_at_ - asked_at_).count();
      return on_move(seat, msg.text, used);
    }
    case K::kResign: {
      if (seat != to_move_)
        return fault(seat, Termination::kProtocolViolation, "'resign' when it was not asked to move");
      const std::int64_t used =
          std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - asked_at_).count();
      return on_resign(seat, used);
    }
    case K::kName:
    case K::kAuthor:
    case K::kReady:
      return fault(seat, Termination::kProtocolViolation, "'" + clip(line, 40) + "' during a game");
    case K::kMalformed:
    case K::kUnknown:
      return fault(seat, Termination::kUnparseable, msg.error);
  }
}

void GameSession::on_move(int seat, const std::string& token, std::int64_t used_us) {
  Seat& st = seats_[seat - 1];
  to_move_ = 0;  // the deadline timer stays armed: on_timer ignores it (no timer churn per move)
  if (over_time(st, used_us))
    return time_forfeit(seat, "move after " + ms_text(used_us) + ", limit " +
                                  std::to_string(st.clock->budget_ms()) + " ms + " +
                                  std::to_string(options_.time.margin_ms) + " ms margin");
  const MoveRuling ruling = rule_move(*state_, legal_, token, scratch_);  // referee/move_ruling.h
  if (!ruling.ok()) return fault(seat, *ruling.fault, ruling.detail);
  charge(st, used_us);
  apply(ruling.move, used_us);
  advance();
}

// Not a fault: the bot answered in step and stays in play for its next game. It is ranked as
// a faulting seat would be (records/adjudication.h).
void GameSession::on_resign(int seat, std::int64_t used_us) {
  to_move_ = 0;
  if (over_time(seats_[seat - 1], used_us))
    return time_forfeit(seat, "resigned after " + ms_text(used_us) + ", limit " +
                                  std::to_string(seats_[seat - 1].clock->budget_ms()) + " ms + " +
                                  std::to_string(options_.time.margin_ms) + " ms margin");
  seats_[seat - 1].bot->process().log("[referee] resigned game " + record_.round, false);
  finish(Termination::kResign, seat, "seat " + std::to_string(seat) + " resigned");
}

void GameSession::fault(int seat, Termination why, const std::string& detail) {
  if (finished_) return;
  seats_[seat - 1].bot->mark_broken();
  // Engine messages may quote the bot's line too: the whole detail is made printable.
  const std::string shown = protocol::printable(detail, std::string::npos);
  seats_[seat - 1].bot->process().log("[referee] fault: " + std::string(termination_token(why)) + ": " +
                                      shown);
  log_repro(seat, why);
  // How a crashed process ended and what it last wrote are known only once it is reaped and
  // its stderr read: the ruling stands now, its detail is completed before the record goes.
  if (why == Termination::kCrash) crash_seat_ = seat;
  finish(why, seat, shown);
}

// The command that reruns the bot on the lines it was sent (records/repro_command.h), in its
// log; none when the record goes to no file (repro would have nothing to read).
void GameSession::log_repro(int seat, Termination why) {
  if (!reproducible_fault(why) || options_.records_path.empty()) return;
  std::string command;
  for (const std::string& word : seats_[seat - 1].bot->spec().command.argv)
    command += (command.empty() ? "" : " ") + shell_quoted(word);
  const int ply = fault_at_decision(why) ? static_cast<int>(record_.actions.size()) : -1;
  seats_[seat - 1].bot->process().log(
      "[referee] repro: " + repro_command(options_.records_path, record_.round, seat, ply, command), false);
}

void GameSession::abort() {
  if (late_seat_ != 0) return end_late_wait(late_seat_, false, "the referee is stopping");
  finish(Termination::kAborted, 0, "the referee stopped before the game ended");
}

void GameSession::finish(Termination why, int fault_seat, const std::string& detail) {
  if (finished_) return;
  finished_ = true;
  const int thinking = to_move_ != fault_seat ? to_move_ : 0;  // asked, not yet answered
  to_move_ = 0;
  timer_.cancel();
  switch (why) {
    case Termination::kNormal:
      record_.results = state_->results();
      break;
    case Termination::kLengthCap:
      record_.results = drawn_results(game_);
      break;
    case Termination::kAborted:
      record_.results.clear();
      break;
    default:
      record_.results = fault_results(game_, fault_seat);
      break;
  }
  record_.termination = why;
  record_.fault_seat = fault_seat;
  record_.termination_detail = detail;
  add_timing_tags();
  // When the record goes to the runner at once, each "gameover" is held: the bot's next game,
  // if the runner starts one at once, takes it and sends it with its "newgame" and the bot's
  // first request (deliver_record writes what is still held after that): one write and one
  // wake-up per bot between two games instead of two. A record that waits (a late answer, a
  // crash being described) lets the gameovers go at once.
  const bool answer_pending = thinking != 0 && seats_[thinking - 1].bot->ready();
  const bool wait_for_answer = answer_pending && why != Termination::kAborted;
  const bool hold = !wait_for_answer && crash_seat_ == 0;
  for (auto& seat : seats_) {
    BotProcess& p = seat.bot->process();
    p.clear_handlers();
    p.set_stderr_lines(nullptr);  // later lines are no move's of this game
    if (seat.bot->ready()) {
      append_gameover(why, record_.results, seat.pending);
      if (hold)
        p.hold_text(seat.pending);
      else
        p.send_text(seat.pending);
      seat.pending.clear();
      note_stray_lines(p);
    }
  }
  if (wait_for_answer) return await_late_answer(thinking);
  if (answer_pending) seats_[thinking - 1].bot->mark_broken();  // out of step, and the referee is stopping
  deliver_record();
}

// Until its next game takes over, what a bot writes is noted in its log and ignored.
void GameSession::note_stray_lines(BotProcess& process) {
  BotProcess* p = &process;  // the handler lives in the process: no ownership cycle
  p->set_handlers(
      [p](const std::string& line) {
        p->log("[referee] ignored between games: '" + clip(line, 60) + "'", false);
      },
      nullptr);  // a close notice stays for whoever plays the bot next
}

void GameSession::deliver_record() {
  if (crash_seat_ != 0) return describe_crash_then_deliver();
  auto self = shared_from_this();
  asio::post(io_, [self] {
    for (Seat& seat : self->seats_) seat.bot->process().set_game_log(nullptr);
    auto done = std::move(self->done_);
    self->done_ = nullptr;
    if (done) done(std::move(self->record_));
    // The runner has started the bots' next games, which took each held "gameover" to send
    // with their "newgame"; a bot that has no next game here gets its gameover now.
    asio::post(self->io_, [self] {
      for (Seat& seat : self->seats_) seat.bot->process().flush_held();
    });
  });
}

void GameSession::describe_crash_then_deliver() {
  const int seat = std::exchange(crash_seat_, 0);
  auto self = shared_from_this();
  auto told = std::make_shared<bool>(false);
  auto complete = [self, seat, told] {
    if (std::exchange(*told, true)) return;
    self->timer_.cancel();
    const BotProcess& p = self->seats_[seat - 1].bot->process();
    self->record_.termination_detail = crash_text(p, self->record_.termination_detail);
    self->deliver_record();
  };
  seats_[seat - 1].bot->process().when_ended(complete);
  timer_.expires_after(kCrashReportWait);
  timer_.async_wait([complete](boost::system::error_code ec) {
    if (!ec) complete();
  });
}

void GameSession::await_late_answer(int seat) {
  late_seat_ = seat;
  auto self = shared_from_this();
  seats_[seat - 1].bot->process().set_handlers(
      [self, seat](const std::string& line) { self->on_late_line(seat, line); },
      [self, seat](BotProcess::CloseReason) {
        self->end_late_wait(seat, false, "the bot closed its output");
      });
  const auto wait = options_.late_answer_wait;
  timer_.expires_at(std::min(deadline_, Clock::now() + wait));
  timer_.async_wait([self, seat, wait](boost::system::error_code ec) {
    if (ec) return;
    self->end_late_wait(
        seat, false,
        "no answer to its last request within " + std::to_string(wait.count()) + " ms or its deadline");
  });
}

void GameSession::on_late_line(int seat, const std::string& line) {
  using K = protocol::BotMessage::Kind;
  const auto msg = protocol::parse_bot_line(line);
  if (msg.kind == K::kMove)
    return end_late_wait(seat, true, "read and discarded its late answer 'move " + clip(msg.text, 60) + "'");
  if (msg.kind == K::kResign) return end_late_wait(seat, true, "read and discarded its late 'resign'");
  if ((msg.kind == K::kEmpty || msg.kind == K::kInfo) &&
      ++late_lines_ <= options_.limits.max_lines_per_decision)
    return;
  end_late_wait(seat, false, "'" + clip(line, 40) + "' instead of its late answer");
}

// No fault either way: the bot did nothing wrong. One that did not answer is out of step
// with the protocol and is replaced by a fresh process before it plays again.
void GameSession::end_late_wait(int seat, bool answered, const std::string& note) {
  if (late_wait_over_) return;
  late_wait_over_ = true;
  timer_.cancel();
  BotSession& bot = *seats_[seat - 1].bot;
  note_stray_lines(bot.process());
  bot.process().log("[referee] game " + record_.round + " ended while the bot was thinking; " + note +
                        (answered ? "" : "; the bot is restarted before its next game"),
                    false);
  if (!answered) bot.mark_broken();
  deliver_record();
}

}  // namespace arena

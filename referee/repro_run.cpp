#include "referee/repro_run.h"

#include <signal.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <memory>
#include <string_view>

#include "protocol/messages.h"
#include "referee/bot_session.h"
#include "referee/exit_report.h"

namespace arena {

namespace {

using Clock = std::chrono::steady_clock;

class Rerun {
 public:
  Rerun(boost::asio::io_context& io, const SeatTranscript& t, std::size_t last,
        std::chrono::milliseconds timeout)
      : t_(t), last_(last), timeout_(timeout), timer_(io) {}

  void start(std::shared_ptr<BotSession> session) {
    session_ = std::move(session);
    session_->start([this](const std::string& error) {
      if (!error.empty()) {
        out_.start_error = error;
        return stop();
      }
      session_->process().set_handlers(
          [this](const std::string& line) { on_line(line); },
          [this](BotProcess::CloseReason) { end("the bot closed its output or stopped reading its input"); });
      send_next_decision();
    });
  }

  ReproRun& result() { return out_; }

 private:
  // The lines up to the next decision's "go", once the previous one was answered.
  void send_next_decision() {
    const TranscriptDecision& d = t_.decisions[next_];
    const std::size_t from = next_ == 0 ? t_.handshake_end : t_.decisions[next_ - 1].end;
    out_.answers.emplace_back();
    asked_at_ = Clock::now();
    session_->process().send_text(std::string_view(t_.text).substr(from, d.end - from));
    timer_.expires_after(timeout_);
    timer_.async_wait([this](boost::system::error_code ec) {
      if (ec) return;
      out_.timed_out = true;
      end("no answer within the timeout of " + std::to_string(timeout_.count()) +
          " ms (raise it with --timeout SECONDS)");
    });
  }

  void on_line(const std::string& line) {
    if (done_) return;
    using K = protocol::BotMessage::Kind;
    const protocol::BotMessage msg = protocol::parse_bot_line(line);
    if (msg.kind == K::kEmpty) return;
    ReproAnswer& a = out_.answers.back();
    if (msg.kind == K::kInfo) {
      a.info.push_back(msg.text);
      return;
    }
    a.line = line;
    a.micros = std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - asked_at_).count();
    timer_.cancel();
    if (next_++ == last_) return end("");
    send_next_decision();
  }

  void end(const std::string& failure) {
    if (done_) return;
    done_ = true;
    out_.failure = failure;
    timer_.cancel();
    stop();
  }

  // The bot is out of step with a game now: it is killed, and its last stderr read once reaped.
  void stop() {
    if (!session_->has_process()) return;
    session_->process().clear_handlers();
    session_->mark_broken();
    session_->shutdown([this] { out_.stderr_tail = session_->process().stderr_tail(kStderrLinesReported); });
  }

  const SeatTranscript& t_;
  std::size_t last_, next_ = 0;
  std::chrono::milliseconds timeout_;
  boost::asio::steady_timer timer_;
  std::shared_ptr<BotSession> session_;
  Clock::time_point asked_at_;
  bool done_ = false;
  ReproRun out_;
};

}  // namespace

ReproRun rerun_bot(const BotSpec& bot, const RunnerOptions& options, const SeatTranscript& transcript,
                   std::size_t last, std::chrono::milliseconds timeout) {
  ::signal(SIGPIPE, SIG_IGN);  // a bot that dies while it is written to must not end the referee
  boost::asio::io_context io;
  Rerun rerun(io, transcript, last, timeout);
  rerun.start(std::make_shared<BotSession>(io, 0, bot, options, ""));
  io.run();
  return std::move(rerun.result());
}

}  // namespace arena

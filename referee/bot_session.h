// A bot process past its handshake ("arena 1" ... "ready"), ready to play games.
// Reused across games by the runner; thrown away after a fault.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "process/bot_process.h"
#include "referee/run_options.h"

namespace arena {

class BotSession : public std::enable_shared_from_this<BotSession> {
 public:
  BotSession(boost::asio::io_context& io, int bot_index, const BotSpec& spec, const RunnerOptions& options,
             std::string log_path);

  // Spawns the bot and waits for "ready" within the start-up time. `done` gets "" on
  // success, otherwise why the bot could not start (the process is then killed).
  void start(std::function<void(const std::string& error)> done);

  int bot_index() const { return bot_index_; }
  const BotSpec& spec() const { return spec_; }
  bool ready() const { return ready_ && !broken_ && proc_ && !proc_->closed(); }
  // After a fault the stream is out of step; the session must not play again.
  void mark_broken() { broken_ = true; }
  BotProcess& process() { return *proc_; }
  bool has_process() const { return proc_ != nullptr; }
  const std::string& reported_name() const { return reported_name_; }
  const std::string& reported_author() const { return author_; }

  // Ends a start-up still in progress: `done` gets an error at once.
  void cancel_start() { finish_start("start-up cancelled: the referee is stopping"); }

  // The lines that end a game ("gameover"), kept back for the bot's next game, which sends
  // them with its "newgame" and first request: one write and one wake-up of the bot between
  // two games instead of two (docs/protocol.md). Whole lines, each ending in "\n".
  void keep_for_next_game(std::string_view lines) { next_game_lines_.append(lines); }
  // The kept lines, handed over unsent to the game that starts.
  std::string take_next_game_lines() { return std::exchange(next_game_lines_, std::string()); }
  // No next game took them: they are sent now.
  void send_next_game_lines();

  // Quit, grace period, kill; `done` once the process is reaped (at once if none). Kept lines
  // go with the "quit".
  void shutdown(std::function<void()> done);

 private:
  void finish_start(const std::string& error);
  void hide_other_bots(BotProcess::Options& po) const;
  void on_handshake_line(const std::string& line);
  static std::string refused_line_text(const std::string& line, const std::string& parse_error);
  std::string startup_timeout_text() const;
  void fail_start_when_ended();

  boost::asio::io_context& io_;
  int bot_index_;
  const BotSpec& spec_;
  const RunnerOptions& options_;
  std::string log_path_;
  std::shared_ptr<BotProcess> proc_;
  boost::asio::steady_timer timer_;
  std::function<void(const std::string&)> start_done_;
  bool ready_ = false, broken_ = false;
  int lines_seen_ = 0;          // not blank, during the handshake
  bool output_closed_ = false;  // before 'ready'
  std::string reported_name_, author_;
  std::string next_game_lines_;  // keep_for_next_game()
};

}  // namespace arena

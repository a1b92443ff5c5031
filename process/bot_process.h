// One running bot executable: its own process group, pipes on stdin/stdout/stderr, a
// bounded line reader on stdout and a size-capped log for stderr. Everything is
// asynchronous on one Asio io_context; nothing here ever blocks on the bot.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/system/error_code.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "process/bot_command.h"
#include "process/cpu_time.h"

namespace arena {

class CpuCgroup;
class LazyLogFile;

class BotProcess : public std::enable_shared_from_this<BotProcess> {
 public:
  using Options = BotProcessOptions;  // process/bot_command.h
  enum class CloseReason { kEndOfOutput, kLineTooLong, kWriteFailed };

  using LineHandler = std::function<void(const std::string& line)>;
  using CloseHandler = std::function<void(CloseReason reason)>;

  // Starts the bot (process/launch_request.h decides what is executed). On failure returns
  // nullptr and sets `error` to a sentence naming the command and what went wrong (not found,
  // not executable, exec error, the sandbox unusable).
  static std::shared_ptr<BotProcess> spawn(boost::asio::io_context& io, const BotCommand& command,
                                           const Options& options, std::string& error);
  // Under the sandbox, one sentence saying what the bot sees and how to bind more; "" otherwise.
  const std::string& sandbox_note() const;
  ~BotProcess();
  BotProcess(const BotProcess&) = delete;
  BotProcess& operator=(const BotProcess&) = delete;

  // Who hears the bot. Lines that arrive while no handler is set are dropped; the
  // close notice is kept and delivered as soon as a handler is set.
  void set_handlers(LineHandler on_line, CloseHandler on_close);
  void clear_handlers();

  // Queues one line (a "\n" is appended). A failed write closes the bot (kWriteFailed).
  // Lines queued while a write is in flight leave together in the next write.
  void send(const std::string& line);
  // Queues text that is already whole lines, each ending in "\n": one message of many
  // lines goes out in one write, so the bot wakes once for it, not once per line.
  void send_text(std::string_view lines);

  // Appends a referee note to the bot's log. The cap (Options::log_cap) is per log file and
  // holds the bot's own output; notes are kept past it (up to twice the cap), so a log always
  // says how each game ended. Notes are flushed at once unless `flush` is false: routine
  // lines (a game starts) then reach the file with the next flushed line or when the process
  // ends, which spares a write per game per bot.
  void log(const std::string& text, bool flush = true);
  // Appends a line the bot wrote (an info line) under the cap, like its standard error.
  void log_output(const std::string& text);
  // A second log that gets everything the first gets (stderr, info lines, notes) until it is
  // replaced or cleared (nullptr): the log of one game (docs/referee.md, "Logs"). Its file is
  // created by the first of these, so a game in which the bot says nothing leaves none; one
  // that cannot be created is noted once in the first log.
  void set_game_log(std::unique_ptr<LazyLogFile> log);

  // SIGKILL to the whole process group, at once.
  void kill();
  // Asks the bot to leave: sends `last_lines` (whole lines, e.g. a game's "gameover" kept for a
  // next game that does not come) and "quit" in one write, closes its stdin, waits `grace` for
  // it to exit, then sends SIGTERM to the group, waits Options::term_grace, and kills the
  // group. `done` runs once the bot is reaped and its group is gone.
  void shutdown(std::chrono::milliseconds grace, std::function<void()> done,
                std::string_view last_lines = {});

  int pid() const { return pid_; }
  // The CPU time of the bot's processes: its control group's counter when it runs in one
  // (Options::cpu_cgroup), else the walk of its process tree through /proc.
  std::unique_ptr<CpuClock> cpu_clock();
  bool closed() const { return closed_; }
  bool exited() const { return exited_; }
  // "exit code 3", "killed by signal 9", or "running".
  std::string exit_description() const;
  // Ended by a signal (not by exiting): what callers decide on, never the text above.
  bool killed_by_signal() const;
  // Processes the bot left behind when it ended (in its group, below it, or anywhere with its
  // marker: process/bot_tree.h), all killed then. For check-bot's quit check.
  int leftovers_killed() const { return leftovers_killed_; }
  // The last `lines` lines the bot wrote to its standard error (at most 4 KiB are kept,
  // with or without a log; each line cut to 300 bytes), escaped for a terminal; complete once
  // the process is reaped and its pipes are closed.
  std::string stderr_tail(int lines) const;
  // Who hears the bot's standard error line by line (process/stderr_lines.h), besides its
  // logs: the game being played keeps them with its record. nullptr: nobody.
  void set_stderr_lines(std::function<void(std::string_view line)> sink);
  // Reads what the bot has written to its standard error and not yet been read, now, so that
  // lines written before a move are heard before the move is. A no-op (no system call) for a
  // bot that has never written to its standard error or when nobody hears its lines.
  void read_stderr_now();
  // `done` runs on the loop once the process is reaped and both its output pipes are closed
  // (its last words read: at most 200 ms after its exit), or at once if that is so already.
  // One waiter at a time; a later call replaces an earlier one.
  void when_ended(std::function<void()> done);

 private:
  struct Impl;
  explicit BotProcess(boost::asio::io_context& io);
  void start_reading();
  void watch_exit();
  void poll_exit();
  void read_stdout();
  static void take_pipes(Impl& im, int stdin_fd, int stdout_fd, int stderr_fd, boost::system::error_code& ec);
  static void on_stdout(void* context, const boost::system::error_code& ec, std::size_t n, bool run);
  void read_stderr();
  void write_next();
  void write_queued_async();
  void close_stdin_if_shutting_down();
  void on_exit(int native_status);
  void close_with(CloseReason reason);
  void deliver_lines();
  void finish_shutdown_if_done();
  void close_pipes_after_exit();
  void remove_cgroup();
  void append_output(const char* data, std::size_t n);
  void take_stderr(const char* data, std::size_t n);

  std::unique_ptr<Impl> impl_;
  int pid_ = -1;
  bool own_group_ = true;
  bool closed_ = false;
  bool close_delivered_ = false;
  CloseReason close_reason_ = CloseReason::kEndOfOutput;
  bool exited_ = false;
  int exit_status_ = 0;
  int leftovers_killed_ = 0;
  LineHandler on_line_;
  CloseHandler on_close_;
  std::uint64_t handlers_set_ = 0;  // counts set_handlers() and clear_handlers() calls
};

}  // namespace arena

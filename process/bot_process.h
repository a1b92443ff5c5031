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

#include "process/cpu_time.h"
#include "process/process_limits.h"
#include "process/sandbox_view.h"

namespace arena {

class CpuCgroup;
class LazyLogFile;

// How a bot is isolated beyond the limits. kBwrap runs it under bubblewrap: no network,
// read-only system, private /tmp, only the paths its command names (read-only) and its
// scratch folder visible (process/sandbox_view.h).
enum class Sandbox { kNone, kBwrap };
// "none" or "bwrap", as configurations and flags spell it.
const char* sandbox_name(Sandbox sandbox);

struct BotCommand {
  std::vector<std::string> argv;  // program (path, or a name looked up in PATH) and arguments
  std::string working_dir;        // empty: the referee's own
  // Each bot gets its own process group, killed as a whole. Only a person's terminal
  // client stays in the referee's group: a background group may not read the terminal.
  bool own_process_group = true;
};

class BotProcess : public std::enable_shared_from_this<BotProcess> {
 public:
  struct Options {
    std::size_t max_line_bytes = 64 * 1024;
    std::string log_path;           // stderr and referee notes; empty: discarded
    std::size_t log_cap = 1 << 20;  // bytes kept in the log; the rest is read and dropped
    ProcessLimits limits;
    Sandbox sandbox = Sandbox::kNone;
    // Under the sandbox: more files or folders to bind read-only (--sandbox-bind), and folders
    // the bot must not see even inside a folder its command names (the output and log
    // folders, other bots' folders): masked by an empty tmpfs (process/sandbox_view.h).
    std::vector<std::string> sandbox_binds, sandbox_hidden;
    // Each bot process gets a fresh scratch folder (its HOME and TMPDIR) created under this
    // folder (empty: the system temporary folder) and removed once the bot is gone.
    std::string scratch_root;
    // After "quit" and the grace period: SIGTERM to the group, then SIGKILL after this.
    std::chrono::milliseconds term_grace{200};
    // For the CPU clock: the bot runs in a control group of its own where one can be made
    // (process/cpu_cgroup.h), removed when it ends.
    bool cpu_cgroup = false;
  };
  enum class CloseReason { kEndOfOutput, kLineTooLong, kWriteFailed };

  using LineHandler = std::function<void(const std::string& line)>;
  using CloseHandler = std::function<void(CloseReason reason)>;

  // Starts the bot. On failure returns nullptr and sets `error` to a sentence naming
  // the command and what went wrong (not found, not executable, exec error).
  static std::shared_ptr<BotProcess> spawn(boost::asio::io_context& io, const BotCommand& command,
                                           const Options& options, std::string& error);
  // "" when `sandbox` can be used here, else a sentence naming what is wrong (bwrap
  // missing, or unable to create namespaces). Probed once per referee process.
  static std::string check_sandbox(Sandbox sandbox);
  // Under the sandbox, one sentence saying what the bot sees and how to bind more; "" otherwise.
  const std::string& sandbox_note() const;
  // The paths `command` would see read-only under the sandbox (process/sandbox_view.h): its
  // program, scripts, interpreters, and `options.sandbox_binds`. Empty if the program is not
  // found. The runner hides each bot's paths from the others.
  static std::vector<std::string> sandbox_paths(const BotCommand& command, const Options& options);
  // A path `command` (or `options.sandbox_binds`) names that would show one of
  // `options.sandbox_hidden` to the bot under the sandbox (process/sandbox_view.h); empty
  // fields when none does.
  static HiddenShown sandbox_hidden_shown(const BotCommand& command, const Options& options);
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
  // Queues whole lines without writing them: they leave with the next send (in the same
  // write) or at flush_held(). A game's "gameover" waits so for the next game's "newgame":
  // one wake-up of the bot between two games instead of two.
  void hold_text(std::string_view lines);
  // Writes what hold_text() queued, if nothing else did.
  void flush_held();
  // Hands over what hold_text() queued, unwritten (nothing while a write is in flight: it then
  // leaves after that write). A bot's next game takes its held "gameover" so and sends it
  // with that game's first request to the bot.
  std::string take_held();

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
  // Asks the bot to leave: sends "quit", closes its stdin, waits `grace` for it to exit,
  // then sends SIGTERM to the group, waits Options::term_grace, and kills the group. `done` runs once the bot
  // is reaped and its group is gone.
  void shutdown(std::chrono::milliseconds grace, std::function<void()> done);

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

#include "referee/bot_process.h"

// std::filesystem instead of Boost.Filesystem (no extra library to link). Boost 1.81's
// headers forget a few includes in that mode, so they come first.
#define BOOST_PROCESS_USE_STD_FS 1
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
#include <boost/optional.hpp>
#include <boost/process/v2/process.hpp>
#include <boost/process/v2/start_dir.hpp>
#include <boost/process/v2/stdio.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <filesystem>
#include <type_traits>

#include "protocol/line_reader.h"
#include "protocol/messages.h"

namespace arena {

namespace asio = boost::asio;
namespace bp = boost::process::v2;

namespace {

// Runs in the child between fork and exec: a new process group (so the referee can
// kill the bot and everything it started at once), and default SIGPIPE handling (the
// referee ignores SIGPIPE; the bot should not inherit that).
struct NewProcessGroup {
  bool enabled = true;
  template <class Launcher>
  bp::error_code on_exec_setup(Launcher& launcher, const std::filesystem::path&, const char* const*&) {
    if (enabled && ::setpgid(0, 0) != 0) return bp::error_code(errno, bp::system_category());
    ::signal(SIGPIPE, SIG_DFL);
    close_inherited_fds(launcher.fd_whitelist);
    return {};
  }
  // Boost 1.81's own close_all() skips the fds between whitelist entries, which leaks
  // the original pipe ends into the bot (a bot that closes stdout would then never
  // reach end-of-file). Close everything above stderr but the launcher's own pipes.
  static void close_inherited_fds(std::vector<int> keep) {
    std::sort(keep.begin(), keep.end());
    unsigned next = 3;
    for (int fd : keep) {
      if (fd < 3) continue;
      if (static_cast<unsigned>(fd) > next) ::close_range(next, static_cast<unsigned>(fd) - 1, 0);
      next = static_cast<unsigned>(fd) + 1;
    }
    ::close_range(next, ~0U, 0);
  }
  // The parent sets it too, so that a kill right after spawn already reaches the group.
  template <class Launcher>
  void on_success(Launcher& launcher, const std::filesystem::path&, const char* const*&) {
    if (enabled) ::setpgid(launcher.pid, launcher.pid);
  }
};

bool is_executable_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// Absolute path of the program, or "" with `error` set.
std::string resolve_program(const std::string& program, std::string& error) {
  if (program.empty()) {
    error = "empty command";
    return "";
  }
  if (program.find('/') != std::string::npos) {
    std::error_code ec;
    std::string abs = std::filesystem::absolute(program, ec).string();
    if (!std::filesystem::exists(abs)) {
      error = "'" + program + "' does not exist";
      return "";
    }
    if (!is_executable_file(abs)) {
      error = "'" + program + "' is not an executable file";
      return "";
    }
    return abs;
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    std::size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string dir = dirs.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string candidate = dir + "/" + program;
    if (is_executable_file(candidate)) return std::filesystem::absolute(candidate).string();
    start = end + 1;
  }
  error = "'" + program + "' not found in PATH";
  return "";
}

}  // namespace

struct BotProcess::Impl {
  explicit Impl(asio::io_context& io)
      : io(io), in(io), out(io), err(io), grace_timer(io), reader(64 * 1024) {}
  asio::io_context& io;
  asio::writable_pipe in;
  asio::readable_pipe out;
  asio::readable_pipe err;
  std::unique_ptr<bp::process> proc;
  asio::steady_timer grace_timer;
  protocol::LineReader reader;
  std::array<char, 4096> out_buf{};
  std::array<char, 4096> err_buf{};
  std::deque<std::string> write_queue;
  bool writing = false;
  std::FILE* log = nullptr;
  std::size_t log_cap = 0, log_written = 0;
  bool log_truncated = false;
  bool stdout_open = true, stderr_open = true;
  bool shutting_down = false;
  std::function<void()> shutdown_done;
};

BotProcess::BotProcess(asio::io_context& io) : impl_(std::make_unique<Impl>(io)) {}

BotProcess::~BotProcess() {
  kill();
  if (impl_->proc) impl_->proc->detach();  // reaped by on_exit; never block here
  if (impl_->log) std::fclose(impl_->log);
}

std::shared_ptr<BotProcess> BotProcess::spawn(asio::io_context& io, const BotCommand& command,
                                              const Options& options, std::string& error) {
  if (command.argv.empty()) {
    error = "empty bot command";
    return nullptr;
  }
  std::string program = resolve_program(command.argv[0], error);
  if (program.empty()) return nullptr;
  if (!command.working_dir.empty() && !std::filesystem::is_directory(command.working_dir)) {
    error = "working directory '" + command.working_dir + "' does not exist";
    return nullptr;
  }

  std::shared_ptr<BotProcess> self(new BotProcess(io));
  Impl& im = *self->impl_;
  im.reader = protocol::LineReader(options.max_line_bytes);
  im.log_cap = options.log_cap;
  if (!options.log_path.empty()) {
    im.log = std::fopen(options.log_path.c_str(), "a");
    if (!im.log) {
      error = "cannot open log file '" + options.log_path + "': " + std::strerror(errno);
      return nullptr;
    }
  }
  std::vector<std::string> args(command.argv.begin() + 1, command.argv.end());
  bp::error_code ec;
  std::string dir =
      command.working_dir.empty() ? std::filesystem::current_path().string() : command.working_dir;
  bp::default_process_launcher launcher;
  bp::process proc = launcher(asio::any_io_executor(io.get_executor()), ec, std::filesystem::path(program),
                              args, bp::process_stdio{im.in, im.out, im.err}, bp::process_start_dir(dir),
                              NewProcessGroup{command.own_process_group});
  if (ec || proc.id() <= 0) {
    error =
        "could not start '" + command.argv[0] + "': " + (ec ? ec.message() : std::string("unknown error"));
    return nullptr;
  }
  im.proc = std::make_unique<bp::process>(std::move(proc));
  self->pid_ = im.proc->id();
  self->own_group_ = command.own_process_group;
  self->log("[referee] started pid " + std::to_string(self->pid_) + ": " + program);
  self->start_reading();
  return self;
}

void BotProcess::start_reading() {
  read_stdout();
  read_stderr();
  auto self = shared_from_this();
  impl_->proc->async_wait([self](bp::error_code, int) {
    // async_wait gives a portable code; fetch the native status for signal deaths.
    self->on_exit(self->impl_->proc->native_exit_code());
  });
}

void BotProcess::on_exit(int native_status) {
  exited_ = true;
  exit_status_ = native_status;
  // Whatever the bot left behind in its group goes with it.
  if (own_group_) ::kill(-pid_, SIGKILL);
  log("[referee] bot " + exit_description());
  finish_shutdown_if_done();
}

std::string BotProcess::exit_description() const {
  if (!exited_) return "running";
  if (WIFSIGNALED(exit_status_)) {
    int sig = WTERMSIG(exit_status_);
    const char* name = ::sigabbrev_np(sig);
    return "killed by signal " + std::to_string(sig) + (name ? std::string(" (SIG") + name + ")" : "");
  }
  if (WIFEXITED(exit_status_)) return "exited with code " + std::to_string(WEXITSTATUS(exit_status_));
  return "ended (status " + std::to_string(exit_status_) + ")";
}

void BotProcess::read_stdout() {
  auto self = shared_from_this();
  impl_->out.async_read_some(asio::buffer(impl_->out_buf), [self](bp::error_code ec, std::size_t n) {
    Impl& im = *self->impl_;
    if (n > 0) im.reader.feed(im.out_buf.data(), n);
    self->deliver_lines();
    if (im.reader.overflowed()) {
      self->close_with(CloseReason::kLineTooLong);
      // Keep draining so the bot never blocks on a full pipe before it is killed.
    }
    if (ec) {
      im.stdout_open = false;
      self->close_with(CloseReason::kEndOfOutput);
      self->finish_shutdown_if_done();
      return;
    }
    self->read_stdout();
  });
}

void BotProcess::deliver_lines() {
  std::string line;
  while (!closed_ && impl_->reader.next(line)) {
    if (on_line_) {
      auto handler = on_line_;  // the handler may replace itself
      handler(line);
    }
  }
}

void BotProcess::read_stderr() {
  auto self = shared_from_this();
  impl_->err.async_read_some(asio::buffer(impl_->err_buf), [self](bp::error_code ec, std::size_t n) {
    Impl& im = *self->impl_;
    if (n > 0 && im.log) {
      std::size_t room = im.log_cap > im.log_written ? im.log_cap - im.log_written : 0;
      std::size_t keep = std::min(room, n);
      if (keep) {
        std::fwrite(im.err_buf.data(), 1, keep, im.log);
        std::fflush(im.log);
        im.log_written += keep;
      }
      if (keep < n && !im.log_truncated) {
        im.log_truncated = true;
        std::fputs("\n[referee] log cap reached; further output dropped\n", im.log);
        std::fflush(im.log);
      }
    }
    if (ec) {
      im.stderr_open = false;
      self->finish_shutdown_if_done();
      return;
    }
    self->read_stderr();
  });
}

void BotProcess::log(const std::string& text) {
  Impl& im = *impl_;
  if (!im.log || im.log_truncated) return;
  std::size_t n = text.size() + 1;
  if (im.log_written + n > im.log_cap) {
    im.log_truncated = true;
    std::fputs("\n[referee] log cap reached; further output dropped\n", im.log);
  } else {
    std::fwrite(text.data(), 1, text.size(), im.log);
    std::fputc('\n', im.log);
    im.log_written += n;
  }
  std::fflush(im.log);
}

void BotProcess::set_handlers(LineHandler on_line, CloseHandler on_close) {
  on_line_ = std::move(on_line);
  on_close_ = std::move(on_close);
  if (closed_ && !close_delivered_ && on_close_) {
    close_delivered_ = true;
    // Deliver later, never from inside the caller's own call.
    auto self = shared_from_this();
    asio::post(impl_->io, [self] {
      if (self->on_close_) {
        auto h = self->on_close_;
        h(self->close_reason_);
      }
    });
  }
}

void BotProcess::clear_handlers() {
  on_line_ = nullptr;
  on_close_ = nullptr;
}

void BotProcess::close_with(CloseReason reason) {
  if (closed_) return;
  closed_ = true;
  close_reason_ = reason;
  if (on_close_) {
    close_delivered_ = true;
    auto h = on_close_;
    h(reason);
  }
}

void BotProcess::send(const std::string& line) {
  if (closed_ || !impl_->in.is_open()) return;
  impl_->write_queue.push_back(line + "\n");
  if (!impl_->writing) write_next();
}

void BotProcess::write_next() {
  Impl& im = *impl_;
  if (im.write_queue.empty() || !im.in.is_open()) {
    im.writing = false;
    if (im.shutting_down) {
      bp::error_code ignored;
      im.in.close(ignored);  // after "quit": end of input tells a reading bot to leave
    }
    return;
  }
  im.writing = true;
  auto self = shared_from_this();
  asio::async_write(im.in, asio::buffer(im.write_queue.front()), [self](bp::error_code ec, std::size_t) {
    Impl& im = *self->impl_;
    if (!im.write_queue.empty()) im.write_queue.pop_front();
    if (ec) {
      im.writing = false;
      im.write_queue.clear();
      self->close_with(CloseReason::kWriteFailed);
      return;
    }
    self->write_next();
  });
}

void BotProcess::kill() {
  if (pid_ > 0 && !exited_ && own_group_) ::kill(-pid_, SIGKILL);
  if (pid_ > 0 && !exited_) ::kill(pid_, SIGKILL);  // in case setpgid never ran
}

void BotProcess::shutdown(std::chrono::milliseconds grace, std::function<void()> done) {
  Impl& im = *impl_;
  clear_handlers();
  if (im.shutting_down) return;
  im.shutting_down = true;
  im.shutdown_done = std::move(done);
  if (!closed_) send(protocol::quit_line());
  if (!im.writing) write_next();
  // Closing stdin after the queued "quit" is written tells a bot that only reads to leave.
  auto self = shared_from_this();
  im.grace_timer.expires_after(grace);
  im.grace_timer.async_wait([self](bp::error_code ec) {
    if (!ec) self->kill();
  });
  finish_shutdown_if_done();
}

void BotProcess::finish_shutdown_if_done() {
  Impl& im = *impl_;
  if (!im.shutting_down || !exited_ || im.stdout_open || im.stderr_open) return;
  im.grace_timer.cancel();
  bp::error_code ignored;
  im.in.close(ignored);
  if (im.shutdown_done) {
    auto done = std::move(im.shutdown_done);
    im.shutdown_done = nullptr;
    done();
  }
}

}  // namespace arena

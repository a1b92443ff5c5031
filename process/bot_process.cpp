#include "process/bot_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/readable_pipe.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/writable_pipe.hpp>
#include <boost/asio/write.hpp>
#include <boost/optional.hpp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <type_traits>

#include "process/bot_tree.h"
#include "process/child_launch.h"
#include "process/cpu_cgroup.h"
#include "process/lazy_log_file.h"
#include "process/log_file.h"
#include "process/pipe_reader.h"
#include "process/sandbox_view.h"
#include "process/scratch_dir.h"
#include "process/stderr_lines.h"
#include "process/stderr_tail.h"
#include "protocol/bot_text.h"
#include "protocol/line_reader.h"
#include "protocol/messages.h"

namespace arena {

namespace asio = boost::asio;
using error_code = boost::system::error_code;

namespace {

bool is_executable_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// Absolute path of the program, or "" with `error` set. A relative path ("./bot", "bin/bot")
// is taken from `folder` (the bot's working folder; "": the current one), as a shell there
// would; a bare name is looked up in PATH.
std::string resolve_program(const std::string& program, const std::string& folder, std::string& error) {
  namespace fs = std::filesystem;
  if (program.empty()) {
    error = "empty command";
    return "";
  }
  std::error_code ec;
  const fs::path base = fs::absolute(folder.empty() ? fs::path(".") : fs::path(folder), ec);
  // Named in a message only when it is not where the user stands.
  const std::string where = !folder.empty() && !fs::equivalent(base, fs::current_path(ec), ec)
                                ? " (in the bot's folder " + base.lexically_normal().string() + ")"
                                : "";
  if (program.find('/') != std::string::npos) {
    std::string abs = fs::path(program).is_absolute() ? program : (base / program).string();
    if (!fs::exists(abs)) {
      error = "'" + program + "' does not exist" + where;
      return "";
    }
    if (!is_executable_file(abs)) {
      error = "'" + program + "' is not an executable file" + where;
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
    if (is_executable_file(candidate)) return fs::absolute(candidate).string();
    start = end + 1;
  }
  error = "'" + program + "' not found in PATH";
  // A program beside the user, typed bare as at a Windows prompt: the shell needs "./" too.
  if (fs::is_regular_file(base / program, ec))
    error += " (a file of that name is in " +
             (where.empty() ? std::string("this folder") : "the bot's folder") + ": run it as './" + program +
             "')";
  return "";
}

// When exec fails on a file that exists, the cause is usually its "#!" line: an interpreter
// that is not installed, or a carriage return at the end of the line (a script saved with
// Windows line endings), which makes the kernel look for "/bin/sh\r". "" when not that.
std::string explain_interpreter(const std::string& program) {
  std::ifstream in(program, std::ios::binary);
  std::string first;
  if (!in || !std::getline(in, first) || first.rfind("#!", 0) != 0) return "";
  if (!first.empty() && first.back() == '\r')
    return " (its first line '" + first.substr(0, first.size() - 1) +
           "' ends in a carriage return: the script has Windows line endings; convert it, e.g. with "
           "dos2unix)";
  std::string interpreter = first.substr(2);
  interpreter.erase(0, interpreter.find_first_not_of(" \t"));
  interpreter = interpreter.substr(0, interpreter.find_first_of(" \t"));
  if (!interpreter.empty() && !std::filesystem::exists(interpreter))
    return " (its interpreter '" + interpreter + "', named on its first line, does not exist)";
  return "";
}

// ARENA_BWRAP names the bwrap to use (a site's own build, or a missing path in tests of the
// error); otherwise "bwrap" on PATH.
std::string find_bwrap() {
  if (const char* chosen = std::getenv("ARENA_BWRAP"); chosen && *chosen)
    return is_executable_file(chosen) ? std::string(chosen) : std::string();
  std::string ignored;
  return resolve_program("bwrap", "", ignored);
}

// Runs `bwrap ... /bin/true` once; "" if that works, else what went wrong.
std::string probe_bwrap() {
  const std::string bwrap = find_bwrap();
  if (bwrap.empty())
    return std::getenv("ARENA_BWRAP") && *std::getenv("ARENA_BWRAP")
               ? std::string("--sandbox bwrap: ARENA_BWRAP='") + std::getenv("ARENA_BWRAP") +
                     "' is not an executable file"
               : "--sandbox bwrap: bubblewrap ('bwrap') is not installed or not in PATH (Debian package "
                 "'bubblewrap')";
  std::string cmd = bwrap;
  SandboxRequest probe;
  probe.program = "/bin/true";
  for (const auto& arg : bwrap_arguments(probe)) cmd += " '" + arg + "'";
  cmd += " 2>&1";
  std::FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return std::string("--sandbox bwrap: cannot run bwrap: ") + std::strerror(errno);
  std::string output;
  char buf[256];
  while (std::fgets(buf, sizeof buf, p)) output += buf;
  const int status = ::pclose(p);
  if (status == 0) return "";
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r')) output.pop_back();
  return "--sandbox bwrap: bubblewrap cannot create a sandbox here (" +
         (output.empty() ? "exit status " + std::to_string(status) : output) +
         "); unprivileged user namespaces may be disabled";
}

// Turns `args` into bwrap's arguments followed by the bot's, for `program` run in `dir`.
// False with `error` set if the sandbox cannot be used or a path to bind does not exist.
bool wrap_in_sandbox(const BotProcess::Options& options, const std::string& program, const std::string& dir,
                     const std::string& scratch, std::vector<std::string>& args, std::string& note,
                     std::string& error) {
  error = BotProcess::check_sandbox(options.sandbox);
  if (!error.empty()) return false;
  for (const auto& extra : options.sandbox_binds) {
    std::error_code ec;
    if (!std::filesystem::exists(extra, ec)) {
      error = "--sandbox-bind: '" + extra + "' does not exist";
      return false;
    }
  }
  SandboxRequest r{program, args, dir, scratch, options.sandbox_binds, options.sandbox_hidden};
  std::vector<std::string> wrapped = bwrap_arguments(r);
  note = describe_sandbox_view(sandbox_view(r));
  wrapped.insert(wrapped.end(), args.begin(), args.end());
  args = std::move(wrapped);
  return true;
}

}  // namespace

struct BotProcess::Impl {
  explicit Impl(asio::io_context& io)
      : io(io),
        in(io),
        out(io),
        err(io),
        exit_watch(io),
        exit_poll(io),
        grace_timer(io),
        drain_timer(io),
        cgroup_timer(io),
        reader(64 * 1024) {}
  asio::io_context& io;
  asio::writable_pipe in;
  PipeReader out;  // stdout: a short read counts as drained (no empty read per ply)
  asio::readable_pipe err;
  // A pidfd of the bot, readable once it has exited (see watch_exit()).
  asio::posix::stream_descriptor exit_watch;
  asio::steady_timer exit_poll;  // only where pidfds are missing
  asio::steady_timer grace_timer;
  asio::steady_timer drain_timer;     // after the bot's exit: what it wrote may still be read
  asio::steady_timer cgroup_timer;    // after the bot's exit: its group is removed once empty
  std::unique_ptr<CpuCgroup> cgroup;  // Options::cpu_cgroup, where one could be made
  int cgroup_tries = 0;               // removals tried after the bot's exit
  protocol::LineReader reader;
  std::string marker;        // ARENA_BOT_ID=..., in the bot's environment (process/bot_tree.h)
  StderrTail err_tail;       // the last bytes of stderr, for fault messages (kept without a log too)
  StderrLines err_lines;     // stderr in lines, for the game's record (set_stderr_lines)
  bool stderr_seen = false;  // it has written to stderr: read_stderr_now() reads
  std::array<char, 4096> err_now_buf{};  // read_stderr_now()'s own: a pending read owns err_buf
  std::array<char, 4096> out_buf{};
  // The process itself, held while a read of stdout is pending (as Asio's handlers hold it).
  std::shared_ptr<BotProcess> stdout_hold;
  // As large as a pipe's default capacity: a bot that writes much to stderr costs one
  // read (and one wake-up of the loop) per pipe-full, not sixteen.
  std::array<char, 64 * 1024> err_buf{};
  // Bytes queued while a write is in flight, and the bytes of that write. Everything
  // queued meanwhile goes out in one write; both buffers keep their capacity, so a
  // match allocates nothing per message once warmed up.
  std::string queued, inflight;
  bool writing = false;
  std::shared_ptr<LogFile> log;           // stderr and referee notes; shared with this bot's other processes
  std::unique_ptr<LazyLogFile> game_log;  // the same, for the game being played (set_game_log)
  bool stdout_open = true, stderr_open = true;
  bool shutting_down = false;
  std::function<void()> shutdown_done;
  std::function<void()> ended;  // when_ended()
  std::string scratch;
  std::string sandbox_note;  // under the sandbox: what the bot sees (sandbox_view.h)
  std::chrono::milliseconds term_grace{200};
  // The game's file, created now if this is its first line; nullptr without one.
  LogFile* game_file() {
    if (!game_log) return nullptr;
    std::string error;  // empty: no allocation on the way to an open file
    LogFile* file = game_log->file(error);
    if (!error.empty() && log) log->note("[referee] no log of this game: " + error, true);
    return file;
  }
  void remove_scratch() {
    remove_scratch_dir(scratch);
    scratch.clear();
  }
};

BotProcess::BotProcess(asio::io_context& io) : impl_(std::make_unique<Impl>(io)) {}

BotProcess::~BotProcess() {
  kill();
  // Not reaped yet: on_exit() will not run, so whatever the bot started is found here.
  if (pid_ > 0 && !exited_) kill_bot_processes(pid_, impl_->marker);
  impl_->remove_scratch();
}

const std::string& BotProcess::sandbox_note() const { return impl_->sandbox_note; }

std::vector<std::string> BotProcess::sandbox_paths(const BotCommand& command, const Options& options) {
  std::string ignored;
  if (command.argv.empty()) return {};
  const std::string program = resolve_program(command.argv[0], command.working_dir, ignored);
  if (program.empty()) return {};
  std::error_code ec;
  const std::string dir = command.working_dir.empty()
                              ? std::filesystem::current_path(ec).string()
                              : std::filesystem::absolute(command.working_dir, ec).string();
  SandboxRequest r{program, {command.argv.begin() + 1, command.argv.end()}, dir, "", options.sandbox_binds,
                   {}};
  return sandbox_view(r).read_only;
}

HiddenShown BotProcess::sandbox_hidden_shown(const BotCommand& command, const Options& options) {
  std::string ignored;
  if (command.argv.empty()) return {};
  const std::string program = resolve_program(command.argv[0], command.working_dir, ignored);
  std::error_code ec;
  const std::string dir = command.working_dir.empty()
                              ? std::filesystem::current_path(ec).string()
                              : std::filesystem::absolute(command.working_dir, ec).string();
  SandboxRequest r{program,
                   {command.argv.begin() + 1, command.argv.end()},
                   dir,
                   "",
                   options.sandbox_binds,
                   options.sandbox_hidden};
  HiddenShown shown = hidden_path_shown(r);
  if (!shown.named.empty() && shown.named == program) shown.named = command.argv[0];  // as typed
  return shown;
}

const char* sandbox_name(Sandbox sandbox) { return sandbox == Sandbox::kBwrap ? "bwrap" : "none"; }

std::string BotProcess::check_sandbox(Sandbox sandbox) {
  if (sandbox == Sandbox::kNone) return "";
  static const std::string result = probe_bwrap();  // once per referee run
  return result;
}

// The child's pipes, onto the loop. stdin is non-blocking from the start: write_next()
// writes to it directly and must never block.
void BotProcess::take_pipes(Impl& im, int stdin_fd, int stdout_fd, int stderr_fd, error_code& ec) {
  im.in.assign(stdin_fd, ec);
  if (!ec) {
    const int flags = ::fcntl(stdin_fd, F_GETFL);
    if (flags < 0 || ::fcntl(stdin_fd, F_SETFL, flags | O_NONBLOCK) < 0)
      ec = error_code(errno, boost::system::system_category());
  }
  if (!ec) im.out.assign(stdout_fd, ec);
  if (ec) ::close(stdout_fd);  // not taken over by `out`
  if (!ec) {
    // Non-blocking from the start too: read_stderr_now() reads it directly.
    const int flags = ::fcntl(stderr_fd, F_GETFL);
    if (flags < 0 || ::fcntl(stderr_fd, F_SETFL, flags | O_NONBLOCK) < 0) {
      ec = error_code(errno, boost::system::system_category());
      ::close(stderr_fd);  // not taken over by `err`
    }
  }
  if (!ec) im.err.assign(stderr_fd, ec);
}

std::shared_ptr<BotProcess> BotProcess::spawn(asio::io_context& io, const BotCommand& command,
                                              const Options& options, std::string& error) {
  if (command.argv.empty()) {
    error = "empty bot command";
    return nullptr;
  }
  std::string program = resolve_program(command.argv[0], command.working_dir, error);
  if (program.empty()) return nullptr;
  if (!command.working_dir.empty() && !std::filesystem::is_directory(command.working_dir)) {
    error = "working directory '" + command.working_dir + "' does not exist";
    return nullptr;
  }

  std::shared_ptr<BotProcess> self(new BotProcess(io));
  Impl& im = *self->impl_;
  im.reader = protocol::LineReader(options.max_line_bytes);
  if (!options.log_path.empty()) {
    im.log = LogFile::open(options.log_path, options.log_cap, error);
    if (!im.log) return nullptr;
  }
  im.term_grace = options.term_grace;
  im.scratch = make_scratch_dir(options.scratch_root, error);
  if (im.scratch.empty()) return nullptr;
  std::vector<std::string> args(command.argv.begin() + 1, command.argv.end());
  std::string exe = program;
  // A bot starts where the referee was started (or in its configured folder), as it would
  // from the same shell: relative paths in its command ("python3 bots/mine.py") mean what
  // they say, in the sandbox too (process/sandbox_view.h). Its scratch folder is HOME and TMPDIR.
  std::string dir = command.working_dir;
  {
    std::error_code ec;
    dir = dir.empty() ? std::filesystem::current_path(ec).string()
                      : std::filesystem::absolute(dir, ec).string();
    if (ec) dir = im.scratch;
  }
  if (options.sandbox == Sandbox::kBwrap) {
    if (!wrap_in_sandbox(options, program, dir, im.scratch, args, im.sandbox_note, error)) return nullptr;
    exe = find_bwrap();
  }
  // The whole environment of the bot: nothing of the referee's own leaks through. The
  // marker lets the referee find every process the bot starts (process/bot_tree.h).
  im.marker = new_bot_marker();
  std::vector<std::string> env_text = {"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + im.scratch,
                                       "TMPDIR=" + im.scratch, "LANG=C.UTF-8", im.marker};
  std::vector<std::string> argv_text;
  argv_text.push_back(exe);
  argv_text.insert(argv_text.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_text) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (auto& e : env_text) envp.push_back(e.data());
  envp.push_back(nullptr);
  LaunchPlan plan;
  plan.program = exe.c_str();
  plan.argv = argv.data();
  plan.envp = envp.data();
  plan.working_dir = dir.c_str();
  plan.own_group = command.own_process_group;
  plan.limits = options.limits;
  if (options.cpu_cgroup) im.cgroup = CpuCgroup::make();
  if (im.cgroup) plan.cgroup_join_fd = im.cgroup->join_fd();
  LaunchedChild child;
  std::string why;
  if (!launch_child(plan, child, why)) {
    im.remove_scratch();
    error = "could not start '" + command.argv[0] + "': " + why + explain_interpreter(program);
    return nullptr;
  }
  if (im.cgroup) {
    im.cgroup->close_join_fd();
    if (child.cgroup_errno != 0) {
      self->log("[referee] could not join the control group " + im.cgroup->path() + " (" +
                std::strerror(child.cgroup_errno) + "): its CPU time is read from /proc");
      im.cgroup.reset();  // empty: removed at once
    }
  }
  error_code ec;
  take_pipes(im, child.stdin_fd, child.stdout_fd, child.stderr_fd, ec);
  self->pid_ = child.pid;
  self->own_group_ = command.own_process_group;
  if (ec) {
    // Not expected (the reactor refused a pipe); the process must not outlive this.
    self->kill();
    ::waitpid(child.pid, nullptr, 0);
    error = "could not start '" + command.argv[0] + "': " + ec.message();
    return nullptr;
  }
  self->log("[referee] started pid " + std::to_string(self->pid_) + ": " + program);
  self->start_reading();
  return self;
}

void BotProcess::start_reading() {
  read_stdout();
  read_stderr();
  // The referee watches the bot's pidfd and reaps with WNOHANG, re-arming the watch when
  // nothing has exited: a readiness event can be spurious (a descriptor closed here may
  // live on in a child being started, keeping its epoll registration, whose events then
  // reach the recycled slot of a new descriptor), and a blocking waitpid after one froze
  // the whole event loop. Kernels without pidfds (before 5.3) are polled instead.
  const int fd = static_cast<int>(::syscall(SYS_pidfd_open, pid_, 0));
  if (fd >= 0) {
    error_code ec;
    impl_->exit_watch.assign(fd, ec);
    if (!ec) {
      watch_exit();
      return;
    }
    ::close(fd);
  }
  poll_exit();
}

void BotProcess::poll_exit() {
  auto self = shared_from_this();
  impl_->exit_poll.expires_after(std::chrono::milliseconds(20));
  impl_->exit_poll.async_wait([self](error_code ec) {
    if (ec == asio::error::operation_aborted) return;
    int status = 0;
    const pid_t r = ::waitpid(self->pid_, &status, WNOHANG);
    if (r == 0) return self->poll_exit();
    self->on_exit(r == self->pid_ ? status : 0);
  });
}

void BotProcess::watch_exit() {
  auto self = shared_from_this();
  impl_->exit_watch.async_wait(asio::posix::descriptor_base::wait_read, [self](error_code ec) {
    if (ec == asio::error::operation_aborted) return;
    int status = 0;
    const pid_t r = ::waitpid(self->pid_, &status, WNOHANG);
    if (r == 0) {  // still running: the wake-up was not for us
      self->watch_exit();
      return;
    }
    error_code ignored;
    self->impl_->exit_watch.close(ignored);
    // r < 0 only if someone else reaped it; it is gone either way.
    self->on_exit(r == self->pid_ ? status : 0);
  });
}

void BotProcess::on_exit(int native_status) {
  exited_ = true;
  exit_status_ = native_status;
  // Whatever the bot left behind goes with it: its group, and every process carrying its
  // marker, whatever group or session it moved to.
  // Counted before the group kill, which would otherwise take some out of sight first.
  leftovers_killed_ = kill_bot_processes(pid_, impl_->marker);
  if (own_group_) ::kill(-pid_, SIGKILL);
  log("[referee] bot " + exit_description());
  if (leftovers_killed_ > 0)
    log("[referee] killed " + std::to_string(leftovers_killed_) + " process(es) the bot left running");
  impl_->remove_scratch();
  remove_cgroup();
  close_pipes_after_exit();
  finish_shutdown_if_done();
}

// Whatever is left in the bot's group is killed (a process that left its tree and cleared its
// marker included) and the group removed; a killed process leaves it only once it has run its
// exit, so an rmdir that finds it busy is tried again a little later, for a second (then the
// destructor waits for the last ones).
void BotProcess::remove_cgroup() {
  Impl& im = *impl_;
  if (!im.cgroup || im.cgroup->kill_and_remove() || ++im.cgroup_tries > 500) return;
  auto self = shared_from_this();
  im.cgroup_timer.expires_after(std::chrono::milliseconds(2));
  im.cgroup_timer.async_wait([self](error_code ec) {
    if (!ec) self->remove_cgroup();
  });
}

std::unique_ptr<CpuClock> BotProcess::cpu_clock() {
  if (impl_->cgroup) return std::make_unique<CgroupCpuClock>(*impl_->cgroup);
  return std::make_unique<TreeCpuClock>(pid_);
}

// The bot is gone: what it wrote before it went is read for a short while, then the pipes
// are closed on this side, so a process that escaped the kill (one that cleared its
// environment and left the bot's tree) cannot keep the referee waiting for end-of-file.
void BotProcess::close_pipes_after_exit() {
  Impl& im = *impl_;
  if (!im.stdout_open && !im.stderr_open) return;
  auto self = shared_from_this();
  im.drain_timer.expires_after(std::chrono::milliseconds(200));
  im.drain_timer.async_wait([self](error_code ec) {
    if (ec) return;
    Impl& im = *self->impl_;
    error_code ignored;
    if (im.stdout_open) im.out.close();  // the pending read ends: end of output
    if (im.stderr_open) im.err.close(ignored);
  });
}

bool BotProcess::killed_by_signal() const { return exited_ && WIFSIGNALED(exit_status_); }

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
  Impl& im = *impl_;
  im.stdout_hold = shared_from_this();
  im.out.async_read_some(im.out_buf.data(), im.out_buf.size(), &BotProcess::on_stdout, this);
}

void BotProcess::on_stdout(void* context, const error_code& ec, std::size_t n, bool run) {
  auto* raw = static_cast<BotProcess*>(context);
  std::shared_ptr<BotProcess> self = std::move(raw->impl_->stdout_hold);
  if (!run) return;  // the loop is being destroyed
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
}

void BotProcess::deliver_lines() {
  std::string line;
  while (!closed_ && impl_->reader.next(line)) {
    if (!on_line_) continue;
    // The handler may replace or clear the handlers: it runs from here and goes back in place
    // only if nobody set them meanwhile. Not a copy per line: copying it allocates.
    LineHandler handler = std::move(on_line_);
    on_line_ = nullptr;
    const std::uint64_t set = handlers_set_;
    handler(line);
    if (handlers_set_ == set) on_line_ = std::move(handler);
  }
}

void BotProcess::read_stderr() {
  auto self = shared_from_this();
  impl_->err.async_read_some(asio::buffer(impl_->err_buf), [self](error_code ec, std::size_t n) {
    Impl& im = *self->impl_;
    if (n > 0) {
      self->take_stderr(im.err_buf.data(), n);
      // What followed is read now, not by the next read's speculative attempt, whose bytes
      // would be handed over only after handlers already queued (a move read meanwhile).
      self->read_stderr_now();
    }
    if (ec) {
      im.err_lines.flush();
      im.stderr_open = false;
      self->finish_shutdown_if_done();
      return;
    }
    self->read_stderr();
  });
}

void BotProcess::take_stderr(const char* data, std::size_t n) {
  Impl& im = *impl_;
  im.stderr_seen = true;
  append_output(data, n);
  im.err_tail.append(data, n);
  im.err_lines.feed(data, n);
}

void BotProcess::set_stderr_lines(std::function<void(std::string_view line)> sink) {
  impl_->err_lines.set_sink(std::move(sink));
}

void BotProcess::read_stderr_now() {
  Impl& im = *impl_;
  if (!im.stderr_seen || !im.stderr_open || !im.err_lines.has_sink() || !im.err.is_open()) return;
  for (;;) {
    const ssize_t n = ::read(im.err.native_handle(), im.err_now_buf.data(), im.err_now_buf.size());
    if (n > 0) {
      take_stderr(im.err_now_buf.data(), static_cast<std::size_t>(n));
      if (static_cast<std::size_t>(n) < im.err_now_buf.size()) return;  // a short read emptied the pipe
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return;  // empty (EAGAIN), or its end, which the pending read reports
  }
}

void BotProcess::append_output(const char* data, std::size_t n) {
  if (impl_->log) impl_->log->append_output(data, n);
  if (LogFile* game = impl_->game_file()) game->append_output(data, n);
}

void BotProcess::set_game_log(std::unique_ptr<LazyLogFile> log) { impl_->game_log = std::move(log); }

std::string BotProcess::stderr_tail(int lines) const { return impl_->err_tail.last_lines(lines, 300); }

void BotProcess::log_output(const std::string& text) {
  append_output(text.data(), text.size());
  append_output("\n", 1);
}

void BotProcess::log(const std::string& text, bool flush) {
  if (impl_->log) impl_->log->note(text, flush);
  if (LogFile* game = impl_->game_file()) game->note(text, flush);
}

void BotProcess::set_handlers(LineHandler on_line, CloseHandler on_close) {
  ++handlers_set_;
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
  ++handlers_set_;
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
  impl_->queued.append(line);
  impl_->queued.push_back('\n');
  if (!impl_->writing) write_next();
}

void BotProcess::send_text(std::string_view lines) {
  if (closed_ || !impl_->in.is_open() || lines.empty()) return;
  impl_->queued.append(lines);
  if (!impl_->writing) write_next();
}

void BotProcess::hold_text(std::string_view lines) {
  if (closed_ || !impl_->in.is_open() || lines.empty()) return;
  impl_->queued.append(lines);
}

void BotProcess::flush_held() {
  if (!impl_->writing && !impl_->queued.empty()) write_next();
}

std::string BotProcess::take_held() {
  if (impl_->writing) return {};
  return std::exchange(impl_->queued, std::string());
}

void BotProcess::write_next() {
  Impl& im = *impl_;
  if (im.queued.empty() || !im.in.is_open()) {
    im.writing = false;
    if (im.shutting_down) {
      error_code ignored;
      im.in.close(ignored);  // after "quit": end of input tells a reading bot to leave
    }
    return;
  }
  // A direct write first: a bot's stdin pipe nearly always has room for a message, and a
  // write done here posts no completion handler, which would make the event loop poll once
  // more (an extra epoll_wait per ply). What does not fit, and any error, take the
  // asynchronous path, so a failure is still reported from the loop, never from send().
  if (!im.writing) {
    const ssize_t n = ::write(im.in.native_handle(), im.queued.data(), im.queued.size());
    if (n == static_cast<ssize_t>(im.queued.size())) {
      im.queued.clear();
      if (im.shutting_down) {
        error_code ignored;
        im.in.close(ignored);  // after "quit": end of input tells a reading bot to leave
      }
      return;
    }
    if (n > 0) im.queued.erase(0, static_cast<std::size_t>(n));
  }
  im.writing = true;
  im.inflight.swap(im.queued);
  im.queued.clear();
  auto self = shared_from_this();
  asio::async_write(im.in, asio::buffer(im.inflight), [self](error_code ec, std::size_t) {
    Impl& im = *self->impl_;
    im.inflight.clear();
    if (ec) {
      im.writing = false;
      im.queued.clear();
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
  im.grace_timer.async_wait([self](error_code ec) {
    if (ec || self->exited_) return;
    // Escalate: SIGTERM to the whole group, a short grace, then SIGKILL.
    if (self->own_group_) ::kill(-self->pid_, SIGTERM);
    ::kill(self->pid_, SIGTERM);
    self->log("[referee] no exit after quit: SIGTERM");
    self->impl_->grace_timer.expires_after(self->impl_->term_grace);
    self->impl_->grace_timer.async_wait([self](error_code ec2) {
      if (ec2 || self->exited_) return;
      self->log("[referee] no exit after SIGTERM: SIGKILL");
      self->kill();
    });
  });
  finish_shutdown_if_done();
}

void BotProcess::when_ended(std::function<void()> done) {
  impl_->ended = std::move(done);
  finish_shutdown_if_done();
}

void BotProcess::finish_shutdown_if_done() {
  Impl& im = *impl_;
  if (im.ended && exited_ && !im.stdout_open && !im.stderr_open) {
    auto ended = std::move(im.ended);
    im.ended = nullptr;
    asio::post(im.io, std::move(ended));  // never from inside the caller's own call
  }
  if (!im.shutting_down || !exited_ || im.stdout_open || im.stderr_open) return;
  im.grace_timer.cancel();
  im.drain_timer.cancel();
  error_code ignored;
  im.in.close(ignored);
  if (im.shutdown_done) {
    auto done = std::move(im.shutdown_done);
    im.shutdown_done = nullptr;
    done();
  }
}

}  // namespace arena

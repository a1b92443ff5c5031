#include "referee/bot_session.h"

#include <algorithm>
#include <boost/asio/post.hpp>
#include <string_view>

#include "process/bot_name.h"
#include "process/launch_request.h"
#include "protocol/bot_text.h"
#include "protocol/messages.h"
#include "referee/exit_report.h"

namespace arena {

namespace asio = boost::asio;

BotSession::BotSession(asio::io_context& io, int bot_index, const BotSpec& spec, const RunnerOptions& options,
                       std::string log_path)
    : io_(io),
      bot_index_(bot_index),
      spec_(spec),
      options_(options),
      log_path_(std::move(log_path)),
      timer_(io) {}

// Under the sandbox the other bots' paths are masked wherever this bot's view would show them
// (bots/b inside the folder of ./a); the paths both name (a shared venv, --sandbox-bind) stay.
void BotSession::hide_other_bots(BotProcess::Options& po) const {
  const std::vector<std::string> own = sandbox_paths(spec_.command, po);
  for (const auto& p : options_.sandbox_bot_paths)
    if (std::find(own.begin(), own.end(), p) == own.end()) po.sandbox_hidden.push_back(p);
}

void BotSession::start(std::function<void(const std::string&)> done) {
  start_done_ = std::move(done);
  BotProcess::Options po;
  po.max_line_bytes = options_.limits.max_line_bytes;
  po.log_path = log_path_;
  po.log_cap = options_.limits.log_cap;
  po.limits = options_.process_limits;
  // A person's seat runs Arena's own terminal client, not an outside program: no memory cap
  // (a sanitizer build of it reserves terabytes of address space and could not start).
  if (spec_.untimed) po.limits.address_space_bytes = 0;
  po.sandbox = options_.sandbox;
  po.sandbox_binds = options_.sandbox_binds;
  po.sandbox_hidden = options_.sandbox_hidden;
  if (!options_.log_dir.empty()) po.sandbox_hidden.push_back(options_.log_dir);
  if (po.sandbox == Sandbox::kBwrap) hide_other_bots(po);
  po.scratch_root = options_.scratch_root;
  po.term_grace = options_.term_grace;
  po.cpu_cgroup = options_.cpu_clock;
  std::string error;
  proc_ = BotProcess::spawn(io_, spec_.command, po, error);
  if (!proc_) {
    auto self = shared_from_this();
    asio::post(io_, [self, error] { self->finish_start("cannot start: " + error); });
    return;
  }
  auto self = shared_from_this();
  proc_->set_handlers([self](const std::string& line) { self->on_handshake_line(line); },
                      [self](BotProcess::CloseReason reason) {
                        if (reason == BotProcess::CloseReason::kLineTooLong)
                          return self->finish_start("an over-long line during the handshake");
                        self->fail_start_when_ended();
                      });
  proc_->send(protocol::hello_line());
  timer_.expires_after(std::chrono::milliseconds(options_.time.startup_ms));
  timer_.async_wait([self](boost::system::error_code ec) {
    if (!ec) self->finish_start(self->startup_timeout_text());
  });
}

void BotSession::on_handshake_line(const std::string& line) {
  using K = protocol::BotMessage::Kind;
  auto msg = protocol::parse_bot_line(line);
  if (msg.kind != K::kEmpty) ++lines_seen_;
  switch (msg.kind) {
    case K::kEmpty:
      return;
    case K::kName:
    case K::kAuthor: {
      const bool name = msg.kind == K::kName;
      if (std::string why = reported_text_problem(name ? "name" : "author", msg.text,
                                                  name ? kMaxBotNameBytes : kMaxAuthorBytes);
          !why.empty())
        return finish_start(std::string("its '") + (name ? "name" : "author") + "' line was refused: " + why);
      (name ? reported_name_ : author_) = msg.text;
      return;
    }
    case K::kInfo:
      proc_->log_output("info " + protocol::printable(msg.text, options_.limits.max_info_bytes));
      return;
    case K::kReady:
      proc_->log("[referee] ready: name " + protocol::quoted(reported_name_, 200) + ", author " +
                 protocol::quoted(author_, 200));
      return finish_start("");
    default:
      return finish_start(refused_line_text(line, msg.error));
  }
}

// A name or author line the parser refused as a whole (control bytes) is reported as that
// field's problem; any other line with the parser's reason.
std::string BotSession::refused_line_text(const std::string& line, const std::string& parse_error) {
  std::string_view rest(line);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  for (std::string_view field : {std::string_view("name"), std::string_view("author")}) {
    if (rest.substr(0, field.size()) != field || rest.size() == field.size() ||
        (rest[field.size()] != ' ' && rest[field.size()] != '\t'))
      continue;
    std::string_view text = rest.substr(field.size());
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    const std::string why =
        reported_text_problem(field, text, field == "name" ? kMaxBotNameBytes : kMaxAuthorBytes);
    if (!why.empty()) return "its '" + std::string(field) + "' line was refused: " + why;
  }
  return "protocol violation during the handshake: expected name, author, info or ready, got " +
         protocol::quoted(line, 80) + (parse_error.empty() ? "" : " (" + parse_error + ")");
}

// The bot closed its output (or its input) before 'ready': it has mostly died (a Python
// error at import). Its exit and last stderr lines say why, once it is reaped; one that lives
// on is ruled by the start-up timer, still running.
void BotSession::fail_start_when_ended() {
  output_closed_ = true;
  auto self = shared_from_this();
  proc_->when_ended([self] {
    if (self->start_done_)
      self->finish_start(ended_text(*self->proc_) + " before 'ready'" + stderr_lines_text(*self->proc_));
  });
}

// The usual cause of a silent start is output still in the bot's buffer: say so.
std::string BotSession::startup_timeout_text() const {
  const std::string limit =
      "no 'ready' within the start-up time of " + std::to_string(options_.time.startup_ms) + " ms";
  const std::string raise = "a bot that needs longer to start can be given more with --startup-time SECONDS";
  if (output_closed_)
    return "the bot closed its standard output before 'ready' and was still running at the end "
           "of the start-up time of " +
           std::to_string(options_.time.startup_ms) + " ms";
  if (lines_seen_ > 0)
    return limit + " (it wrote " + std::to_string(lines_seen_) + " line(s), but no 'ready'); " + raise;
  return limit +
         ", and not one line on its standard output. Usually the lines are written but still sit "
         "in the bot's output buffer: when standard output is a pipe it is flushed only when full, so "
         "flush after every line (Python: print(..., flush=True); C++: std::endl or fflush(stdout); "
         "Java: System.out.flush()); " +
         raise;
}

void BotSession::finish_start(const std::string& why) {
  if (!start_done_) return;
  auto done = std::move(start_done_);
  start_done_ = nullptr;
  timer_.cancel();
  if (proc_) proc_->clear_handlers();
  std::string error = why;
  if (error.empty()) {
    ready_ = true;
  } else {
    broken_ = true;
    // What the sandbox hid is the likely cause of a failed start (a script, a module or a
    // data file the command does not name): say what the bot saw and how to show it more.
    if (proc_ && !proc_->sandbox_note().empty()) error += "\n  sandbox: " + proc_->sandbox_note();
    if (proc_) {
      proc_->log("[referee] start failed: " + error);
      proc_->kill();
    }
  }
  done(error);
}

void BotSession::send_next_game_lines() {
  if (proc_ && !next_game_lines_.empty()) proc_->send_text(next_game_lines_);
  next_game_lines_.clear();
}

void BotSession::shutdown(std::function<void()> done) {
  timer_.cancel();
  start_done_ = nullptr;
  if (!proc_) {
    asio::post(io_, std::move(done));
    return;
  }
  if (broken_) proc_->kill();
  proc_->shutdown(options_.quit_grace, std::move(done), take_next_game_lines());
}

}  // namespace arena

#include "referee/bot_session.h"

#include <algorithm>
#include <boost/asio/post.hpp>

#include "protocol/bot_text.h"
#include "protocol/messages.h"

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
  const std::vector<std::string> own = BotProcess::sandbox_paths(spec_.command, po);
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
  std::string error;
  proc_ = BotProcess::spawn(io_, spec_.command, po, error);
  if (!proc_) {
    auto self = shared_from_this();
    asio::post(io_, [self, error] { self->finish_start("cannot start: " + error); });
    return;
  }
  auto self = shared_from_this();
  proc_->set_handlers(
      [self](const std::string& line) {
        using K = protocol::BotMessage::Kind;
        auto msg = protocol::parse_bot_line(line);
        switch (msg.kind) {
          case K::kEmpty:
            return;
          case K::kName:
            self->reported_name_ = msg.text;
            return;
          case K::kAuthor:
            self->author_ = msg.text;
            return;
          case K::kInfo:
            self->proc_->log_output("info " +
                                    protocol::printable(msg.text, self->options_.limits.max_info_bytes));
            return;
          case K::kReady:
            self->proc_->log("[referee] ready: name " + protocol::quoted(self->reported_name_, 200) +
                             ", author " + protocol::quoted(self->author_, 200));
            self->finish_start("");
            return;
          default:
            self->finish_start(
                "protocol violation during the handshake: expected name, author, info or ready, got " +
                protocol::quoted(line, 80));
        }
      },
      [self](BotProcess::CloseReason reason) {
        self->finish_start(reason == BotProcess::CloseReason::kLineTooLong
                               ? "an over-long line during the handshake"
                               : "the bot closed its output before 'ready'");
      });
  proc_->send(protocol::hello_line());
  timer_.expires_after(std::chrono::milliseconds(options_.time.startup_ms));
  timer_.async_wait([self](boost::system::error_code ec) {
    if (!ec)
      self->finish_start("no 'ready' within the start-up time of " +
                         std::to_string(self->options_.time.startup_ms) + " ms");
  });
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
    if (proc_ && !proc_->sandbox_note().empty()) error += " (" + proc_->sandbox_note() + ")";
    if (proc_) {
      proc_->log("[referee] start failed: " + error);
      proc_->kill();
    }
  }
  done(error);
}

void BotSession::shutdown(std::function<void()> done) {
  timer_.cancel();
  start_done_ = nullptr;
  if (!proc_) {
    asio::post(io_, std::move(done));
    return;
  }
  if (broken_) proc_->kill();
  proc_->shutdown(options_.quit_grace, std::move(done));
}

}  // namespace arena

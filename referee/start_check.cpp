#include "referee/start_check.h"

#include <boost/asio/io_context.hpp>
#include <csignal>
#include <memory>

#include "referee/bot_session.h"

namespace arena {

namespace {

std::string joined(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) s += (s.empty() ? "" : " ") + a;
  return s;
}

}  // namespace

std::vector<StartProblem> check_bots_start(const std::vector<BotSpec>& bots, const RunnerOptions& options) {
  // A bot that dies while it is sent its first line must not kill the caller (`league add`
  // checks outside any runner, which would have set this).
  ::signal(SIGPIPE, SIG_IGN);
  boost::asio::io_context io;
  std::vector<std::shared_ptr<BotSession>> sessions;
  std::vector<StartProblem> problems(bots.size());
  std::vector<bool> failed(bots.size(), false);
  for (std::size_t i = 0; i < bots.size(); ++i) {
    if (bots[i].untimed) continue;  // a person at the terminal
    auto session = std::make_shared<BotSession>(io, static_cast<int>(i), bots[i], options, "");
    sessions.push_back(session);
    session->start([&, i, session](const std::string& error) {
      if (!error.empty()) {
        failed[i] = true;
        problems[i] = StartProblem{bots[i].name, joined(bots[i].command.argv), error, ""};
      }
      // Stopped again either way; once it is reaped its standard error has been read whole.
      session->shutdown([&, i, session] {
        if (failed[i] && session->has_process()) problems[i].stderr_tail = session->process().stderr_tail(5);
      });
    });
  }
  io.run();
  std::vector<StartProblem> out;
  for (std::size_t i = 0; i < bots.size(); ++i)
    if (failed[i]) out.push_back(problems[i]);
  return out;
}

std::string describe_start_problems(const std::vector<StartProblem>& problems) {
  std::string s;
  for (const auto& p : problems) {
    // A reason may end in the bot's last stderr lines already ("\n  stderr: ..."): they go
    // after the command, and its own tail is not repeated.
    const std::size_t nl = p.reason.find('\n');
    s += (s.empty() ? "" : "\n") + std::string("bot '") + p.bot +
         "' could not start: " + p.reason.substr(0, nl) + "\n  command: " + p.command;
    if (nl != std::string::npos) {
      s += p.reason.substr(nl);
    } else if (!p.stderr_tail.empty()) {
      s += "\n  its standard error ended with:";
      std::size_t pos = 0;
      while (pos <= p.stderr_tail.size()) {
        std::size_t end = p.stderr_tail.find('\n', pos);
        if (end == std::string::npos) end = p.stderr_tail.size();
        s += "\n    " + p.stderr_tail.substr(pos, end - pos);
        pos = end + 1;
      }
    }
  }
  return s;
}

}  // namespace arena

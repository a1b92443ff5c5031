// `arena play-human`: a protocol bot whose moves come from a person at the terminal.
// `arena match ... --bot me=human` starts it; the protocol runs on stdin/stdout while
// the person reads and types on /dev/tty.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "engine/core/registry.h"
#include "protocol/arena_bot.hpp"
#include "referee/cli/commands.h"

namespace arena::cli {

namespace {

class HumanBot : public bot::Bot {
 public:
  HumanBot(std::FILE* tty_in, std::FILE* tty_out) : in_(tty_in), out_(tty_out) {}
  std::string name() const override { return "human"; }

  void new_game(const bot::Turn& t) override {
    std::fprintf(out_, "\n=== new game: %s, you are seat %d of %d ===\n", t.spec.c_str(), t.seat, t.players);
    std::fflush(out_);
  }

  std::string choose(const bot::Turn& t) override {
    std::unique_ptr<Game> game;
    std::unique_ptr<State> state;
    try {
      game = t.game();
      if (!game->hidden_information()) state = t.replay(*game);
    } catch (const std::exception&) {
      state.reset();  // fall back to the observation text
    }
    std::fprintf(out_, "\n");
    if (state) {
      std::fputs(state->render().c_str(), out_);
    } else {
      for (const auto& line : t.observation) std::fprintf(out_, "  %s\n", line.c_str());
    }
    if (!t.events.empty())
      std::fprintf(out_, "last action: seat %s %s\n", t.events.back().actor.c_str(),
                   t.events.back().token.c_str());
    if (!t.legal.empty()) {
      std::fprintf(out_, "legal moves (%zu):", t.legal.size());
      for (const auto& m : t.legal) std::fprintf(out_, " %s", m.c_str());
      std::fprintf(out_, "\n");
    }
    for (;;) {
      std::fprintf(out_, "seat %d, your move: ", t.seat);
      std::fflush(out_);
      char buf[512];
      if (!std::fgets(buf, sizeof buf, in_)) return "resign-at-end-of-input";
      std::string text(buf);
      while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.pop_back();
      while (!text.empty() && text.front() == ' ') text.erase(0, 1);
      if (text.empty()) continue;
      if (!t.legal.empty()) {
        for (const auto& m : t.legal)
          if (m == text) return text;
      }
      if (state) {
        ParsedMove p = state->parse_move(text);
        if (p.ok()) return state->move_to_string(p.move);
        std::fprintf(out_, "%s\n", p.error.c_str());
        continue;
      }
      if (t.legal.empty()) return text;
      std::fprintf(out_, "'%s' is not one of the legal moves; try again\n", text.c_str());
    }
  }

  void game_over(const std::string& reason, const std::vector<std::string>& results) override {
    std::fprintf(out_, "\n=== game over (%s):", reason.c_str());
    for (std::size_t i = 0; i < results.size(); ++i)
      std::fprintf(out_, " seat %zu rank:score %s;", i + 1, results[i].c_str());
    std::fprintf(out_, " ===\n");
    std::fflush(out_);
  }

 private:
  std::FILE* in_;
  std::FILE* out_;
};

}  // namespace

void add_play_human_command(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("play-human", "A protocol bot played by a person at the terminal (used by 'human')");
  cmd->group("");  // internal: started by `arena match --bot NAME=human`
  cmd->callback([] {
    std::FILE* tty_in = std::fopen("/dev/tty", "r");
    std::FILE* tty_out = std::fopen("/dev/tty", "w");
    if (!tty_in || !tty_out) throw CommandError{"a human seat needs a terminal (/dev/tty)"};
    HumanBot bot(tty_in, tty_out);
    bot.run();
  });
}

}  // namespace arena::cli

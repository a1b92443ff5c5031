// `arena play-human`: a protocol bot whose moves come from a person at the terminal.
// `arena match ... --bot me=human` starts it; the protocol runs on stdin/stdout while
// the person reads and types on /dev/tty (or the files of the hidden --input/--output
// options, which tests use to script whole games).
//
// Everything game-specific comes from the engine: the seat's view (State::render_for), what
// happened in plain words (State::describe_action), the notation (State::notation_help) and
// the parser (State::parse_move). In hidden-information games the state is one sampled from
// what the seat saw (Turn::sample), so it shows only that seat's knowledge.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/commands.h"
#include "cli/human_input.h"
#include "cli/human_text.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"
#include "engine/core/text_wrap.h"
#include "protocol/arena_bot.hpp"

namespace arena::cli {

namespace {

class HumanBot : public bot::Bot {
 public:
  HumanBot(std::FILE* tty_in, std::FILE* tty_out) : in_(tty_in), out_(tty_out) {}
  std::string name() const override { return "human"; }

  void new_game(const bot::Turn& t) override {
    shown_actions_ = shown_events_ = 0;
    sampling_failed_ = false;
    seat_ = t.seat;
    std::fputs(
        wrap_to_width("\n=== new game: " + t.spec + ", you are seat " + std::to_string(t.seat) + " of " +
                      std::to_string(t.players) + " ===\nType 'help' for the notation and the commands.\n")
            .c_str(),
        out_);
    std::fflush(out_);
  }

  std::string choose(const bot::Turn& t) override {
    std::unique_ptr<Game> game = t.game();
    std::unique_ptr<State> state = seat_state(t, *game);
    std::fprintf(out_, "\n");
    print_since_last_turn(t, *game, state.get());
    if (state) {
      std::fputs(
          wrap_to_width(game->hidden_information() ? state->render_for(t.seat) : state->render()).c_str(),
          out_);
    } else {
      for (const auto& line : t.observation) std::fputs(wrap_to_width("  " + line).c_str(), out_);
    }
    print_legal(t);
    for (;;) {
      std::fprintf(out_, "seat %d, your move: ", t.seat);
      std::fflush(out_);
      char buf[512];
      if (!std::fgets(buf, sizeof buf, in_)) return bot::kResign;  // end of input: the person gave up
      const std::string text = trimmed(buf);
      if (text.empty()) continue;
      if (text == "help" || text == "?") {
        const auto initial = game->new_initial_state();
        std::fputs(wrap_to_width((state ? state.get() : initial.get())->notation_help()).c_str(), out_);
        std::fprintf(out_, "Commands: help (this), moves (list the legal moves again), resign.\n");
        continue;
      }
      if (text == "resign") return bot::kResign;
      if (text == "moves") {
        print_legal(t);
        continue;
      }
      if (std::string move; accept(t, state.get(), text, move)) return move;
    }
  }

  // "you won" or "you lost" first, then the seats by rank and their scores. The seat's process
  // knows no bot names; `arena match` prints the same ranks by name on its own output.
  void game_over(const std::string& reason, const std::vector<std::string>& results) override {
    std::vector<int> ranks;
    std::vector<std::string> names;
    std::string scores;
    for (std::size_t i = 0; i < results.size(); ++i) {
      const std::string who = static_cast<int>(i) + 1 == seat_ ? "you" : "seat " + std::to_string(i + 1);
      const std::size_t colon = results[i].find(':');
      ranks.push_back(std::atoi(results[i].substr(0, colon).c_str()));
      names.push_back(who);
      scores += (scores.empty() ? "" : ", ") + who + " " +
                (colon == std::string::npos ? "?" : results[i].substr(colon + 1));
    }
    std::string text = "\n=== game over (" + reason + ")";
    if (seat_ >= 1 && seat_ <= static_cast<int>(ranks.size())) text += ": " + verdict_for(seat_, ranks);
    text += " ===\nranks: " + ranks_by_name(ranks, names) + "\nscores: " + scores + "\n";
    std::fputs(wrap_to_width(text).c_str(), out_);
    std::fflush(out_);
  }

 private:
  static std::vector<std::string> split_words(const std::string& s) {
    std::vector<std::string> words;
    for (std::size_t b = 0, e; b < s.size(); b = e + 1) {
      e = s.find(' ', b);
      if (e == std::string::npos) e = s.size();
      if (e > b) words.push_back(s.substr(b, e - b));
    }
    return words;
  }

  static std::string trimmed(const std::string& s) {
    const std::size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
  }

  // The full state for perfect information, one consistent with what this seat saw
  // otherwise; null when neither can be had (a game without a sampler yet).
  std::unique_ptr<State> seat_state(const bot::Turn& t, const Game& game) {
    if (!game.hidden_information()) {
      try {
        return t.replay(game);
      } catch (const std::exception&) {
        return nullptr;
      }
    }
    if (sampling_failed_) return nullptr;  // once per game: a failed search is slow
    try {
      Rng rng(t.seed + t.events.size());
      return t.sample(game, rng);
    } catch (const std::exception&) {
      sampling_failed_ = true;
      return nullptr;
    }
  }

  // Every action since this seat's last decision, in the game's plain words when a state
  // is at hand (replayed to describe each action before it), else from the event lines.
  void print_since_last_turn(const bot::Turn& t, const Game& game, const State* state) {
    std::vector<std::string> lines;
    if (state) {
      auto replay = game.new_initial_state();
      const auto& history = state->history();
      for (std::size_t i = 0; i < history.size(); ++i) {
        if (i >= shown_actions_) {
          const std::string d = replay->describe_action(t.seat, history[i].move);
          if (!d.empty()) lines.push_back(d);
        }
        replay->apply(history[i].move);
      }
      shown_actions_ = history.size();
    } else {
      for (std::size_t i = shown_events_; i < t.events.size(); ++i) {
        const bot::Event& e = t.events[i];
        if (e.actor == "chance")
          lines.push_back("chance: " + e.token);
        else
          lines.push_back((e.actor == std::to_string(t.seat) ? "you" : "seat " + e.actor) + " played " +
                          e.token);
      }
    }
    shown_events_ = t.events.size();
    if (lines.empty()) return;
    std::fprintf(out_, "since your last turn:\n");
    for (const std::string& l : fold_repeats(lines))
      std::fputs(wrap_words(split_words(l), "  ", "    ").c_str(), out_);
  }

  void print_legal(const bot::Turn& t) {
    if (!t.legal.empty()) std::fputs(legal_moves_text(t.legal).c_str(), out_);
  }

  // The engine's parser when there is a state (every spelling it accepts, its reason on a
  // typo), the referee's list otherwise; case forgiven where only one move fits.
  bool accept(const bot::Turn& t, const State* state, const std::string& text, std::string& move) {
    const TypedMove typed = read_typed_move(state, t.legal, text);
    if (typed.ok) return move = typed.move, true;
    std::fputs(wrap_to_width(typed.error + "\n").c_str(), out_);
    return false;
  }

  std::FILE* in_;
  std::FILE* out_;
  std::size_t shown_actions_ = 0, shown_events_ = 0;
  int seat_ = 0;
  bool sampling_failed_ = false;
};

}  // namespace

void add_play_human_command(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("play-human", "A protocol bot played by a person at the terminal (used by 'human')");
  cmd->group("");  // internal: started by `arena match --bot NAME=human`
  auto input = std::make_shared<std::string>("/dev/tty");
  auto output = std::make_shared<std::string>("/dev/tty");
  // Hidden: where the person's side reads and writes (tests script whole games with them).
  cmd->add_option("--input", *input)->group("");
  cmd->add_option("--output", *output)->group("");
  cmd->callback([input, output] {
    // Ctrl-C at the terminal reaches this process too; the referee alone decides what it
    // means (the game in progress is aborted and kept), so the person's side ignores it.
    std::signal(SIGINT, SIG_IGN);
    std::FILE* tty_in = std::fopen(input->c_str(), "r");
    std::FILE* tty_out = std::fopen(output->c_str(), "a");
    if (!tty_in || !tty_out) throw CommandError{"a human seat needs a terminal (" + *input + ")"};
    HumanBot bot(tty_in, tty_out);
    bot.run();
  });
}

}  // namespace arena::cli

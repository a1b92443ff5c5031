// `arena show FILE.pgn [--game N] [--ply K] [--seat S] [--all]`: a recorded game's position in
// the terminal, as the engine draws it (render), or what one seat was shown (its observation
// and the last action as it saw it). Knows no game: the record names the game, the engine
// replays and draws it.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "cli/record_pick.h"
#include "engine/core/registry.h"
#include "records/pgn.h"
#include "records/termination.h"

namespace arena::cli {

namespace {

struct ShowOptions {
  std::string file;
  std::string game_text = "1";  // a 1-based index, or a round label as logs print it ("1.2.2")
  int game = 1;                 // the index, once read_game found it
  int ply = -1;                 // -1: the end of the game
  int seat = 0;                 // 0: the full picture
  bool all = false;
};

GameRecord read_game(ShowOptions& o) { return read_recorded_game(o.file, o.game_text, o.game); }

// The position after `ply` actions; `last` gets the view of the last one (for `seat`, or in
// full), "" at the start.
void print_position(const GameRecord& r, int number, const State& state, int ply, int seat,
                    const std::string& last) {
  std::cout << "game " << number << "  " << r.spec << "  ply " << ply << " of " << r.actions.size();
  for (std::size_t s = 0; s < r.players.size(); ++s)
    std::cout << (s ? ", " : "  (") << s + 1 << ": " << r.players[s];
  std::cout << (r.players.empty() ? "" : ")") << "\n";
  if (!last.empty()) std::cout << "last: " << last << "\n";
  if (seat > 0) {
    std::cout << "what seat " << seat << " was shown:\n" << state.observation(seat);
  } else {
    std::cout << state.render();
  }
  if (state.is_terminal() && ply == static_cast<int>(r.actions.size()))
    std::cout << "result: " << termination_name(r.termination)
              << (r.termination_detail.empty() ? "" : " (" + r.termination_detail + ")") << "\n";
  std::cout << "\n";
}

std::string actor_name(int actor) { return actor == kChance ? "chance" : "seat " + std::to_string(actor); }

void show(ShowOptions& o) {
  const GameRecord r = read_game(o);
  std::unique_ptr<Game> game;
  try {
    game = make_game(r.spec);
  } catch (const UserError& e) {
    throw CommandError{o.file + ": game " + std::to_string(o.game) + ": " + e.what()};
  }
  const int total = static_cast<int>(r.actions.size());
  if (o.ply > total)
    throw CommandError{"--ply " + std::to_string(o.ply) + ": game " + std::to_string(o.game) + " has " +
                       std::to_string(total) + " actions (0.." + std::to_string(total) + ")"};
  if (o.seat > game->num_players())
    throw CommandError{"--seat " + std::to_string(o.seat) + ": " + r.spec + " has seats 1.." +
                       std::to_string(game->num_players())};
  const int stop = o.ply < 0 ? total : o.ply;
  auto state = game->new_initial_state();
  std::string last;
  if (o.all) print_position(r, o.game, *state, 0, o.seat, last);
  for (int i = 0; i < stop; ++i) {
    const RecordedAction& a = r.actions[i];
    const ParsedMove p = state->is_terminal() ? ParsedMove{} : state->parse_move(a.text);
    if (!p.ok())
      throw CommandError{
          o.file + ": game " + std::to_string(o.game) + ", action " + std::to_string(i + 1) + " '" + a.text +
          "' does not replay: " + (state->is_terminal() ? std::string("the game is over") : p.error) +
          " (arena verify tells more)"};
    const std::string view = o.seat > 0 ? state->action_view(o.seat, p.move) : a.text;
    last = view.empty() ? "" : actor_name(a.actor) + " " + view;
    state->apply(p.move);
    if (o.all) print_position(r, o.game, *state, i + 1, o.seat, last);
  }
  if (!o.all) print_position(r, o.game, *state, stop, o.seat, last);
}

}  // namespace

void add_show_command(CLI::App& app) {
  auto o = std::make_shared<ShowOptions>();
  auto* cmd = app.add_subcommand("show", "Draw a recorded game's position, or what one seat was shown");
  cmd->add_option("file", o->file, "PGN record file")->required();
  cmd->add_option("--game", o->game_text,
                  "Which game: its number in the file, 1-based (default 1), or its round as logs print "
                  "it, e.g. 1.2.2")
      ->check(CLI::Validator(
          [](std::string& text) {
            return is_game_index(text) && std::stoi(text) == 0 ? std::string("games are numbered from 1")
                                                               : "";
          },
          "N or ROUND"));
  cmd->add_option("--ply", o->ply, "Position after this many actions, chance included (default: the end)")
      ->check(whole_number_from(0));
  cmd->add_option("--seat", o->seat,
                  "Show what this seat was shown (its observation) instead of the full picture")
      ->check(whole_number_from(1));
  cmd->add_flag("--all", o->all, "Print every position from the start to --ply (default: the end)");
  cmd->footer("Exit status: 0 shown; 2 bad input (a file, game, ply or seat that does not exist).");
  cmd->callback([o] { show(*o); });
}

}  // namespace arena::cli

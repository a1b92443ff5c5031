// `arena show FILE.pgn [--game N] [--ply K] [--seat S] [--all]`: a recorded game's position K in
// the terminal, as the engine draws it (render), or what one seat was shown (its observation
// and the last action as it saw it), with decision K taken there (docs/records.md, "Positions
// and decisions"). Knows no game: the record names the game, the engine replays and draws it.
#include <iostream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "cli/position_text.h"
#include "cli/record_pick.h"
#include "engine/core/registry.h"

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
                       std::to_string(total) + " actions (positions 0.." + std::to_string(total) + ")"};
  if (o.seat > game->num_players())
    throw CommandError{"--seat " + std::to_string(o.seat) + ": " + r.spec + " has seats 1.." +
                       std::to_string(game->num_players())};
  const int stop = o.ply < 0 ? total : o.ply;
  PositionReplay position(r, *game, o.file + ": game " + std::to_string(o.game), o.seat);
  if (o.all) std::cout << position.text(o.game);
  while (position.ply() < stop) {
    position.step();
    if (o.all) std::cout << position.text(o.game);
  }
  if (!o.all) std::cout << position.text(o.game);
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
  cmd->add_option(
         "--ply", o->ply,
         "Position K: after K actions, chance included, where decision K is taken (default: the end)")
      ->check(whole_number_from(0));
  cmd->add_option("--seat", o->seat,
                  "Show what this seat was shown (its observation) instead of the full picture")
      ->check(whole_number_from(1));
  cmd->add_flag("--all", o->all, "Print every position from the start to --ply (default: the end)");
  cmd->footer("Exit status: 0 shown; 2 bad input (a file, game, ply or seat that does not exist).");
  cmd->callback([o] { show(*o); });
}

}  // namespace arena::cli

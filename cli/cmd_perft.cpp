// `arena perft GAME_SPEC --depth D [--moves "..."] [--divide]`.
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "engine/core/perft.h"
#include "engine/core/registry.h"

namespace arena::cli {

namespace {
struct PerftOptions {
  std::string spec;
  int depth = 1;
  std::string moves;
  bool divide = false;
};
}  // namespace

void add_perft_command(CLI::App& app) {
  auto opt = std::make_shared<PerftOptions>();
  auto* cmd =
      app.add_subcommand("perft", "Count action sequences of exactly D actions (chance outcomes count)");
  cmd->add_option("game", opt->spec, "Game spec, e.g. clump:size=6")->required();
  cmd->add_option("--depth,-d", opt->depth, "Number of actions")->required()->check(whole_number(0, 64));
  cmd->add_option("--moves", opt->moves, "Actions to play first, space separated, chance outcomes included");
  cmd->add_flag("--divide", opt->divide, "Print the subtotal of every first action");
  cmd->callback([opt] {
    auto game = make_game(opt->spec);
    auto state = game->new_initial_state();
    std::istringstream in(opt->moves);
    std::string token;
    int index = 0;
    while (in >> token) {
      ++index;
      if (state->is_terminal())
        throw CommandError{"--moves: action " + std::to_string(index) + " '" + token +
                           "' comes after the game ended"};
      ParsedMove p = state->parse_move(token);
      if (!p.ok()) throw CommandError{"--moves: action " + std::to_string(index) + ": " + p.error};
      state->apply(p.move);
    }
    if (opt->divide && opt->depth > 0) {
      std::uint64_t total = 0;
      for (const auto& [move, count] : perft_divide(*state, opt->depth)) {
        std::cout << move << " " << count << "\n";
        total += count;
      }
      std::cout << total << "\n";
    } else {
      std::cout << perft(*state, opt->depth) << "\n";
    }
  });
}

}  // namespace arena::cli

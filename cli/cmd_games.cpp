// `arena games`: every game with its player counts and parameters.
#include <iostream>

#include "engine/core/registry.h"
#include "cli/commands.h"

namespace arena::cli {

void add_games_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("games", "List the games, their player counts and parameters");
  cmd->callback([] {
    for (const GameEntry* g : all_games()) {
      const GameInfo& info = g->info;
      std::cout << info.id << " - " << info.title << "\n  players: " << info.min_players;
      if (info.max_players != info.min_players) std::cout << ".." << info.max_players;
      std::cout << "\n" << (info.params.empty() ? "  (no parameters)\n" : describe_params(info)) << "\n";
    }
  });
}

}  // namespace arena::cli

// `arena demo`: lists the games and plays random games of each in-process. A quick
// look at the engines without any bot processes.
#include <iostream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "engine/core/random.h"
#include "engine/core/registry.h"

namespace arena::cli {

void add_demo_command(CLI::App& app) {
  auto games = std::make_shared<int>(3);
  auto seed = std::make_shared<std::uint64_t>(1);
  auto* cmd = app.add_subcommand("demo", "Play random games of every game in-process and print the results");
  cmd->add_option("--games,-n", *games, "Random games per game")->check(whole_number(1, 100000));
  cmd->add_option("--seed", *seed, "Seed")->check(seed_number());
  cmd->callback([games, seed] {
    for (const GameEntry* entry : all_games()) {
      auto game = make_game(entry->info.id);
      std::cout << "== " << game->spec() << " (" << entry->info.title << ")\n";
      std::vector<Move> scratch;
      for (int g = 0; g < *games; ++g) {
        Rng rng(derive_seed(*seed, g));
        auto state = game->new_initial_state();
        int actions = 0;
        while (!state->is_terminal() && actions < game->max_game_length()) {
          state->apply(random_action(*state, rng, scratch));
          ++actions;
        }
        std::cout << "  game " << g + 1 << ": " << actions << " actions;";
        if (!state->is_terminal()) {
          std::cout << " stopped at the length cap\n";
          continue;
        }
        auto results = state->results();
        for (size_t s = 0; s < results.size(); ++s)
          std::cout << " seat " << s + 1 << " rank " << results[s].rank << " score " << results[s].score
                    << ";";
        std::cout << "\n";
        if (g == 0) std::cout << state->render();
      }
    }
  });
}

}  // namespace arena::cli

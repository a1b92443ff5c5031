// Each `arena` subcommand lives in its own cmd_*.cpp and adds itself to the app here.
#pragma once

#include <CLI/CLI.hpp>

namespace arena::cli {

// Thrown by a subcommand for a user error; main prints it and exits with `code`.
struct CommandError {
  std::string message;
  int code = 2;
};

void add_games_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_play_human_command(CLI::App& app);
void add_tournament_command(CLI::App& app);
void add_check_bot_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_ratings_command(CLI::App& app);

}  // namespace arena::cli

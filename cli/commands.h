// Each `arena` subcommand lives in its own cmd_*.cpp and adds itself to the app here.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "engine/core/user_error.h"

namespace arena::cli {

// A user error found by a subcommand itself (a flag's value, a file it cannot open), or the
// verdict of a run that must end with another status (check-bot failed: 1; interrupted: 130).
// main prints "arena: error: <message>" and exits with the status (docs/referee.md).
class CommandError : public UserError {
 public:
  explicit CommandError(const std::string& message, int status = 2) : UserError(message), status_(status) {}
  int exit_status() const override { return status_; }

 private:
  int status_;
};

// A run stopped as the user asked (Ctrl-C, SIGTERM): no error, so main prints the message as
// it is, without "arena: error:", and exits with 130 (docs/referee.md).
class Stopped : public CommandError {
 public:
  explicit Stopped(const std::string& message) : CommandError(message, 130) {}
};

// Before a run's first game: a warning on stderr when its games outnumber the cores.
void warn_if_oversubscribed(int concurrency);

void add_games_command(CLI::App& app);
void add_perft_command(CLI::App& app);
void add_demo_command(CLI::App& app);
void add_match_command(CLI::App& app);
void add_play_human_command(CLI::App& app);
void add_tournament_command(CLI::App& app);
void add_check_bot_command(CLI::App& app);
void add_verify_command(CLI::App& app);
void add_ratings_command(CLI::App& app);
void add_openings_command(CLI::App& app);
void add_show_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_merge_command(CLI::App& app);
void add_slurm_command(CLI::App& app);
void add_league_command(CLI::App& app);
void add_repro_command(CLI::App& app);
void add_serve_command(CLI::App& app);
// Writes DIR/report.html from a tournament's output folder; a failure is a warning only.
void write_folder_report(const std::string& dir, bool quiet);

}  // namespace arena::cli

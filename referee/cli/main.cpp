// `arena`: the one command-line entry point; subcommands live in cmd_*.cpp.
#include <iostream>

#include "arena_version.h"
#include "engine/core/game.h"
#include "engine/core/spec.h"
#include "referee/cli/commands.h"
#include "referee/time_control.h"
#include "tournaments/config.h"

int main(int argc, char** argv) {
  CLI::App app{"Arena: a referee for bot games (clump, flume, flows, flush, flume-cards)", "arena"};
  app.set_version_flag("--version", std::string("arena ") + ARENA_VERSION);
  app.require_subcommand(1);
  arena::cli::add_games_command(app);
  arena::cli::add_perft_command(app);
  arena::cli::add_demo_command(app);
  arena::cli::add_match_command(app);
  arena::cli::add_play_human_command(app);
  arena::cli::add_tournament_command(app);
  arena::cli::add_check_bot_command(app);
  arena::cli::add_verify_command(app);
  arena::cli::add_ratings_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const arena::cli::CommandError& e) {
    std::cerr << "arena: error: " << e.message << "\n";
    return e.code;
  } catch (const arena::SpecError& e) {
    std::cerr << "arena: error: " << e.what() << "\n";
    return 2;
  } catch (const arena::ConfigError& e) {
    std::cerr << "arena: error: " << e.what() << "\n";
    return 2;
  } catch (const arena::TimeControlError& e) {
    std::cerr << "arena: error: " << e.what() << "\n";
    return 2;
  } catch (const arena::MoveError& e) {
    std::cerr << "arena: error: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "arena: internal error: " << e.what() << "\n";
    return 3;
  }
  return 0;
}

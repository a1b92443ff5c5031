// The `arena` command line as a library function: cli/main.cpp calls it, and so does the
// main of an arena built with games of its own (docs/new-game.md); subcommands live in
// cmd_*.cpp.
//
// Exit statuses (docs/referee.md): 0 done; 1 check-bot found a failing check, or a run ended
// with games lost to bots that could not start; 2 a usage error or bad input (a flag, a spec,
// a file), printed as "arena: error: ..."; 3 an unexpected failure of Arena itself (a bug: the
// message says so); 130 interrupted (the command to continue is printed).
#include "cli/arena_main.h"

#include <filesystem>
#include <iostream>

#include "arena_version.h"
#include "cli/commands.h"
#include "engine/core/registry.h"
#include "engine/core/user_error.h"

namespace {

// "clump, flume, ...": every game this arena knows, the registered ones included.
std::string game_ids() {
  std::string ids;
  for (const arena::GameEntry* g : arena::all_games()) ids += (ids.empty() ? "" : ", ") + g->info.id;
  return ids;
}

bool all(const CLI::App*) { return true; }

// The first word that is not a flag names the subcommand. CLI11 answers `arena NOSUCH --help`
// with the main help and status 0, as if NOSUCH were fine: it is refused here instead.
std::string unknown_subcommand(const CLI::App& app, int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') continue;
    for (const CLI::App* sub : app.get_subcommands(all))
      if (sub->check_name(word)) return "";
    return word;
  }
  return "";
}

std::string subcommand_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands(all))
    if (!sub->get_group().empty()) names += (names.empty() ? "" : ", ") + sub->get_name();  // "": hidden
  return names;
}

}  // namespace

int arena::cli::arena_main(int argc, char** argv) {
  CLI::App app{"Arena: a referee for bot games (" + game_ids() + ")", "arena"};
  app.set_version_flag("--version", std::string("arena ") + ARENA_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Exit status: 0 done; 1 check-bot found a failing check, or match or tournament games were lost to a "
      "bot that could not "
      "start; 2 a usage error or bad input (arena: error: ...); 3 a bug in Arena; 130 interrupted "
      "(docs/referee.md).");
  arena::cli::add_games_command(app);
  arena::cli::add_perft_command(app);
  arena::cli::add_demo_command(app);
  arena::cli::add_match_command(app);
  arena::cli::add_play_human_command(app);
  arena::cli::add_tournament_command(app);
  arena::cli::add_check_bot_command(app);
  arena::cli::add_verify_command(app);
  arena::cli::add_ratings_command(app);
  arena::cli::add_openings_command(app);
  arena::cli::add_show_command(app);
  arena::cli::add_report_command(app);
  arena::cli::add_merge_command(app);
  arena::cli::add_slurm_command(app);
  arena::cli::add_league_command(app);
  arena::cli::add_repro_command(app);
  arena::cli::add_serve_command(app);
  if (const std::string word = unknown_subcommand(app, argc, argv); !word.empty()) {
    std::cerr << "arena: error: '" << word << "' is not a command (the commands: " << subcommand_names(app)
              << ")\n(run 'arena --help' for what each does)\n";
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // A bad flag or value: CLI11's own exit codes (100+) would leak; every usage error is 2.
    std::string where;
    for (const CLI::App* sub : app.get_subcommands()) where = " " + sub->get_name();
    std::cerr << "arena: error: " << e.what() << "\n(run 'arena" << where << " --help' for the options)\n";
    return 2;
  } catch (const arena::UserError& e) {
    std::cerr << "arena: error: " << e.what() << "\n";
    return e.exit_status();
  } catch (const std::filesystem::filesystem_error& e) {
    // A folder or file the user named cannot be made or written (a path under a regular
    // file, a read-only folder, a full disk): their setting, not our bug.
    std::cerr << "arena: error: " << e.code().message() << ": '" << e.path1().string() << "'"
              << (e.path2().empty() ? "" : " ('" + e.path2().string() + "')") << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "arena: internal error (a bug in Arena; please report it with the command): " << e.what()
              << "\n";
    return 3;
  }
  return 0;
}

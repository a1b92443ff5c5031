// The `arena` command line as a library function: cli/main.cpp calls it, and so does the
// main of an arena built with games of its own (docs/new-game.md); subcommands live in
// cmd_*.cpp.
//
// Exit statuses (docs/referee.md): 0 done; 1 check-bot found a failing check, or a run ended
// with games lost to bots that could not start; 2 a usage error or bad input (a flag, a spec,
// a file), printed as "arena: error: ..."; 3 an unexpected failure of Arena itself (a bug: the
// message says so); 130 stopped as asked (no error: how far it got and how to go on, no prefix).
#include "cli/arena_main.h"

#include <algorithm>
#include <filesystem>
#include <iostream>

#include "arena_version.h"
#include "cli/commands.h"
#include "cli/did_you_mean.h"
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

// A word given where a subcommand was expected that names none, and the command it was given to.
struct UnknownWord {
  std::string word;
  const CLI::App* parent = nullptr;
};

// At each level that has subcommands (arena, arena league), the first word that is not a flag
// names one. CLI11 answers `arena NOSUCH --help` with the main help and status 0, as if NOSUCH
// were fine, and `arena league tabel` with "A subcommand is required": both are refused here
// instead, by the word.
UnknownWord unknown_subcommand(const CLI::App& app, int argc, char** argv) {
  const CLI::App* at = &app;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.empty() || word[0] == '-') continue;
    if (at->get_subcommands(all).empty()) return {};  // a word of the command itself
    const CLI::App* next = nullptr;
    for (const CLI::App* sub : at->get_subcommands(all))
      if (sub->check_name(word)) next = sub;
    if (!next) return {word, at};
    at = next;
  }
  return {};
}

std::vector<std::string> subcommand_list(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands(all))
    if (!sub->get_group().empty()) names.push_back(sub->get_name());  // "": hidden
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// "arena league run": the command as far as it was parsed (the deepest subcommand given).
std::string command_path(const CLI::App& app, const CLI::App** deepest) {
  std::string path = "arena";
  const CLI::App* at = &app;
  for (std::vector<CLI::App*> subs = at->get_subcommands(); !subs.empty(); subs = at->get_subcommands()) {
    at = subs.back();
    path += " " + at->get_name();
  }
  *deepest = at;
  return path;
}

// For an unknown option ("--game 4"): the command's option it most likely meant (--games),
// as " (did you mean '--games'?)"; "" when the error is another or nothing is close.
std::string option_hint(const CLI::ParseError& e, const CLI::App& command, int argc, char** argv) {
  if (dynamic_cast<const CLI::ExtrasError*>(&e) == nullptr) return "";
  std::vector<std::string> names;
  for (const CLI::Option* opt : command.get_options())
    for (const std::string& name : opt->get_lnames()) names.push_back("--" + name);
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word.rfind("--", 0) != 0 || word.size() < 3) continue;
    word = word.substr(0, word.find('='));
    if (std::find(names.begin(), names.end(), word) != names.end()) continue;  // a known one
    if (const std::string near = arena::cli::closest_name(word, names); !near.empty())
      return "\nunknown option '" + word + "': did you mean '" + near + "'?";
  }
  return "";
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
  if (const UnknownWord u = unknown_subcommand(app, argc, argv); u.parent) {
    const std::vector<std::string> names = subcommand_list(*u.parent);
    const std::string near = arena::cli::closest_name(u.word, names);
    const std::string mean = near.empty() ? "" : "; did you mean '" + near + "'?";
    const std::string where = u.parent == &app ? "arena" : "arena " + u.parent->get_name();
    if (u.parent == &app)
      std::cerr << "arena: error: '" << u.word << "' is not a command" << mean
                << " (the commands: " << joined(names) << ")\n";
    else
      std::cerr << "arena: error: unknown subcommand '" << u.word << "' of " << where << mean
                << " (its subcommands: " << joined(names) << ")\n";
    std::cerr << "(run '" << where << " --help' for what each does)\n";
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
    const CLI::App* command = &app;
    const std::string where = command_path(app, &command);
    std::cerr << "arena: error: " << e.what() << option_hint(e, *command, argc, argv) << "\n(run '" << where
              << " --help' for the options)\n";
    return 2;
  } catch (const arena::cli::Stopped& e) {
    // Stopped as the user asked: no error, the message says how far it got and how to go on.
    std::cerr << e.what() << "\n";
    return e.exit_status();
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

// `arena tournament`: flags or a JSON file in, a finished (or resumable) tournament out.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/match_watch.h"
#include "cli/option_flags.h"
#include "tournaments/shard_run.h"
#include "tournaments/tournament.h"

namespace arena::cli {

namespace {

// --resume takes every setting from the folder's tournament.json: any other option given
// (but --quiet) would be silently ignored, so it is refused by name.
void refuse_settings_on_resume(const CLI::App& cmd) {
  for (const CLI::Option* opt : cmd.get_options()) {
    const std::string name = opt->get_name();
    if (opt->count() > 0 && name != "--resume" && name != "--quiet" && name != "--help")
      throw CommandError{"--resume takes its settings from the folder's tournament.json; drop " + name};
  }
}

TournamentConfig read_config_file(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw CommandError{"--config: cannot read " + file};
  std::stringstream text;
  text << in.rdbuf();
  TournamentConfig c = parse_config(text.str(), file);
  resolve_config_paths(c, std::filesystem::path(file).parent_path().string());
  return c;
}

// --watch=N: game N drawn as it is played, as `arena match --watch` draws it (cli/match_watch.h).
TournamentWatch watch_printer(const TournamentConfig& c) {
  if (c.watch <= 0) return {};
  return [](int number, const std::vector<std::string>& players) {
    return make_watch_printer(stdout, ::isatty(STDOUT_FILENO), number, players);
  };
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "tournament",
      "Run a round-robin, gauntlet, Swiss, knockout or adaptive tournament; ends in an Elo table");
  auto flags = std::make_shared<TableFlags>(*cmd, RunCommand::kTournament);
  cmd->callback([flags, cmd] {
    const RunSettings given = flags->settings();  // only --quiet, --resume and --shard are read from it
    TournamentRun run;
    std::string dir = given.resume_dir;
    if (!given.resume_dir.empty()) {
      refuse_settings_on_resume(*cmd);
      run = resume_tournament(given.resume_dir, given.quiet, stdout);
    } else {
      TournamentConfig c = default_settings(RunCommand::kTournament);
      if (!given.config_file.empty()) c = read_config_file(given.config_file);
      flags->apply(c);  // flags given as well override the file
      // --gauntlet alone means the gauntlet format.
      if (flags->given("gauntlet") && !flags->given("format")) c.format = Format::kGauntlet;
      dir = c.out;
      warn_if_oversubscribed(c.concurrency);
      run = given.shard.empty() ? start_tournament(c, given.quiet, stdout, nullptr, watch_printer(c))
                                : run_shard(c, parse_shard(given.shard), given.quiet, stdout);
    }
    if (run.complete()) write_folder_report(dir, given.quiet);  // report.html (docs/report.md)
    if (run.complete() && run.start_failures > 0)
      throw CommandError{
          std::to_string(run.start_failures) + " of " + std::to_string(run.committed) +
              " game(s) were lost to a bot that could not start (see the faults table; kept, not rated)",
          1};
    if (!run.complete())
      throw Stopped{"stopped after " + std::to_string(run.committed) + " of " +
                    std::to_string(run.scheduled) + " games; run again to go on: arena tournament --resume " +
                    dir};
  });
}

}  // namespace arena::cli

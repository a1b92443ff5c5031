// `arena league new|add|retire|resume|run|table|report|export`: a standing league for the bot
// author's loop (docs/league.md). new and run take run options from the option table; add,
// retire, resume and table work from another shell while run plays.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/commands.h"
#include "cli/league_page.h"
#include "cli/option_flags.h"
#include "cli/report_protocol.h"
#include "league/league.h"
#include "report/report_html.h"

namespace arena::cli {

namespace {

void add_new(CLI::App& league) {
  auto* cmd = league.add_subcommand("new", "Make a league folder for a game, with its clock and limits");
  auto flags = std::make_shared<TableFlags>(*cmd, RunCommand::kLeagueNew);
  cmd->callback([flags] {
    const RunSettings s = flags->settings();
    new_league(s);
    std::cout << "league " << s.out << ": " << s.game << "; add bots with: arena league add " << s.out
              << " NAME=COMMAND\n";
  });
}

void add_add(CLI::App& league) {
  struct Options {
    std::string dir, bot, parent, note;
    bool no_check = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = league.add_subcommand("add", "Add a bot to a league, also while it runs");
  cmd->add_option("dir", o->dir, "The league's folder")->required();
  cmd->add_option("bot", o->bot, "NAME=COMMAND (a command relative to this folder)")->required();
  cmd->add_option("--parent", o->parent, "The bot this one is a new version of");
  cmd->add_option("--note", o->note, "A note shown in the table (what changed)");
  cmd->add_flag("--no-check", o->no_check,
                "Add it without starting it once first (a command that starts only on the machines that run "
                "the league)");
  cmd->callback([o] { add_league_bot(o->dir, o->bot, o->parent, o->note, !o->no_check); });
}

void add_resume(CLI::App& league) {
  struct Options {
    std::string dir, name;
    bool no_check = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = league.add_subcommand("resume", "Pair again a bot suspended because it could not start");
  cmd->add_option("dir", o->dir, "The league's folder")->required();
  cmd->add_option("name", o->name, "The bot's name")->required();
  cmd->add_flag("--no-check", o->no_check, "Resume it without starting it once first");
  cmd->callback([o] {
    resume_league_bot(o->dir, o->name, !o->no_check);
    std::cout << "bot " << o->name << " resumed: the league pairs it again\n";
  });
}

void add_retire(CLI::App& league) {
  struct Options {
    std::string dir, name;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = league.add_subcommand("retire", "Stop pairing a bot (its games and rating stay)");
  cmd->add_option("dir", o->dir, "The league's folder")->required();
  cmd->add_option("name", o->name, "The bot's name")->required();
  cmd->callback([o] { retire_league_bot(o->dir, o->name); });
}

void add_run(CLI::App& league) {
  auto* cmd =
      league.add_subcommand("run", "Play the league until stopped (Ctrl-C) or a limit; again: continue");
  auto flags = std::make_shared<TableFlags>(*cmd, RunCommand::kLeagueRun);
  cmd->callback([flags] {
    const RunSettings s = flags->settings();
    warn_if_oversubscribed(s.concurrency);
    const LeagueRun r = run_league(s, stdout);
    if (r.stopped) throw Stopped{"stopped after " + std::to_string(r.played) + " games; run again to go on"};
  });
}

void add_table(CLI::App& league) {
  struct Options {
    std::string dir;
    bool json = false, csv = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = league.add_subcommand("table", "The standings now (also while the league runs)");
  cmd->add_option("dir", o->dir, "The league's folder")->required();
  auto* json = cmd->add_flag("--json", o->json, "One JSON object: ratings and bots");
  cmd->add_flag("--csv", o->csv, "The ratings as CSV")->excludes(json);
  cmd->callback([o] {
    std::cout << league_table(o->dir, o->json  ? LeagueTableFormat::kJson
                                      : o->csv ? LeagueTableFormat::kCsv
                                               : LeagueTableFormat::kText);
  });
}

// `text` into `path` through a temporary file: a reader never sees half of it. A failure
// names its cause as the system gives it (a read-only file system, a full disk, no permission).
void write_whole(const std::filesystem::path& path, const std::string& text) {
  const std::filesystem::path temporary = path.string() + ".tmp";
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  int error = file ? 0 : errno;
  if (file && std::fwrite(text.data(), 1, text.size(), file) != text.size()) error = errno;
  if (file && std::fclose(file) != 0 && error == 0) error = errno;
  std::error_code ec;
  if (error != 0) {
    std::filesystem::remove(temporary, ec);
    throw CommandError{path.string() + ": cannot write: " + std::strerror(error)};
  }
  std::filesystem::rename(temporary, path, ec);
  if (ec) throw CommandError{path.string() + ": cannot write: " + ec.message()};
}

void add_report(CLI::App& league) {
  struct Options {
    std::string dir, out;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = league.add_subcommand(
      "report", "Write the league's games to DIR/games.pgn and its HTML report (results and replays)");
  cmd->add_option("dir", o->dir, "The league's folder")->required();
  cmd->add_option("--out,-o", o->out, "The HTML file to write (default DIR/report.html)");
  cmd->callback([o] {
    const std::filesystem::path pgn = std::filesystem::path(o->dir) / "games.pgn";
    write_whole(pgn, league_pgn(o->dir));
    const std::string out =
        o->out.empty() ? (std::filesystem::path(o->dir) / "report.html").string() : o->out;
    report::ReportOptions options;
    options.title = "League " + std::filesystem::path(o->dir).filename().string();
    options.protocol_lines = referee_protocol_lines();
    options.league = league_page_summary(o->dir);  // the page shows what `league table` shows
    report::write_report({pgn.string()}, out, options);
    std::cout << "report: " << out << " (games: " << pgn.string() << ")\n";
  });
}

void add_export(CLI::App& league) {
  auto dir = std::make_shared<std::string>();
  auto* cmd = league.add_subcommand("export", "Every game of the league as PGN, on standard output");
  cmd->add_option("dir", *dir, "The league's folder")->required();
  cmd->callback([dir] { std::cout << league_pgn(*dir); });
}

}  // namespace

void add_league_command(CLI::App& app) {
  auto* league =
      app.add_subcommand("league", "A standing league: add bots while it runs, see where each stands");
  league->require_subcommand(1);
  add_new(*league);
  add_add(*league);
  add_retire(*league);
  add_resume(*league);
  add_run(*league);
  add_table(*league);
  add_report(*league);
  add_export(*league);
}

}  // namespace arena::cli

// `arena tournament`: flags or a JSON file in, a finished (or resumable) tournament out.
#include <fstream>
#include <iostream>
#include <sstream>

#include "referee/cli/commands.h"
#include "tournaments/tournament.h"

namespace arena::cli {

namespace {

struct TournamentFlags {
  std::string game, config_file, resume_dir, format, out, tc, sandbox;
  std::vector<std::string> bots, gauntlet;
  int games = 0, rounds = 1, concurrency = 1, margin = 50, max_tables = 0;
  double move_time = 0, startup_time = 10;
  std::uint64_t seed = 1;
  bool no_legal = false, quiet = false;
};

BotConfig parse_bot_flag(const std::string& text) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw CommandError{"--bot '" + text + "': expected NAME=COMMAND, e.g. --bot random=build/bin/random_bot"};
  return BotConfig{text.substr(0, eq), text.substr(eq + 1), {}, ""};
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto f = std::make_shared<TournamentFlags>();
  auto* cmd =
      app.add_subcommand("tournament", "Run a round-robin or gauntlet tournament; ends in an Elo table");
  cmd->add_option("game", f->game, "Game spec, e.g. clump:size=8");
  cmd->add_option("--config", f->config_file, "JSON configuration file (flags given as well override it)");
  cmd->add_option("--resume", f->resume_dir, "Continue the tournament in this output folder");
  cmd->add_option("--bot", f->bots, "NAME=COMMAND (repeat for every bot; the command may carry arguments)");
  cmd->add_option("--format", f->format, "round-robin (default) or gauntlet")
      ->check(CLI::IsMember({"round-robin", "gauntlet"}));
  cmd->add_option("--gauntlet", f->gauntlet, "Gauntlet: a chosen bot that meets all others (repeatable)");
  cmd->add_option("--games", f->games, "Games per pairing per round (two seats: even)")
      ->check(CLI::Range(0, 1000000));
  cmd->add_option("--rounds", f->rounds, "Repeats of the whole schedule")->check(CLI::Range(1, 1000000));
  cmd->add_option("--tc", f->tc, "Time control BASE+INC in seconds (default 10+0.1)");
  cmd->add_option("--move-time", f->move_time, "Hard cap per move, seconds")->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--startup-time", f->startup_time, "Seconds to start and handshake")
      ->check(CLI::Range(0.001, 3600.0));
  cmd->add_option("--margin", f->margin, "Milliseconds added to every deadline")->check(CLI::Range(0, 60000));
  cmd->add_option("--concurrency,-j", f->concurrency, "Games at once")->check(CLI::Range(1, 1024));
  cmd->add_option("--seed", f->seed, "Master seed");
  cmd->add_option("--out,-o", f->out, "Output folder");
  cmd->add_option("--max-tables", f->max_tables, "Multi-seat games: tables per round")
      ->check(CLI::Range(0, 10000000));
  cmd->add_option("--sandbox", f->sandbox, "none (default) or bwrap: run every bot under bubblewrap")
      ->check(CLI::IsMember({"none", "bwrap"}));
  cmd->add_flag("--no-legal", f->no_legal, "Do not send legal moves to the bots");
  cmd->add_flag("--quiet,-q", f->quiet, "No progress output");

  cmd->callback([f, cmd] {
    TournamentRun run;
    std::string dir = f->resume_dir;
    if (!f->resume_dir.empty()) {
      for (const char* opt : {"game", "--config", "--bot", "--format", "--gauntlet", "--games", "--rounds",
                              "--tc", "--move-time", "--startup-time", "--margin", "--concurrency", "--seed",
                              "--out", "--max-tables", "--no-legal", "--sandbox"})
        if (cmd->count(opt))
          throw CommandError{
              std::string("--resume takes its settings from the folder's tournament.json; drop ") + opt};
      run = resume_tournament(f->resume_dir, f->quiet, stdout);
    } else {
      TournamentConfig c;
      if (!f->config_file.empty()) {
        std::ifstream in(f->config_file);
        if (!in) throw CommandError{"--config: cannot read " + f->config_file};
        std::stringstream text;
        text << in.rdbuf();
        c = parse_config(text.str(), f->config_file);
      }
      if (cmd->count("game")) c.game = f->game;
      if (cmd->count("--bot")) {
        c.bots.clear();
        for (const auto& b : f->bots) c.bots.push_back(parse_bot_flag(b));
      }
      if (cmd->count("--format"))
        c.format = f->format == "gauntlet" ? Format::kGauntlet : Format::kRoundRobin;
      if (cmd->count("--gauntlet")) {
        c.gauntlet = f->gauntlet;
        if (!cmd->count("--format")) c.format = Format::kGauntlet;
      }
      if (cmd->count("--games")) c.games = f->games;
      if (cmd->count("--rounds")) c.rounds = f->rounds;
      if (cmd->count("--tc")) c.tc = f->tc;
      if (cmd->count("--move-time")) c.move_time = f->move_time;
      if (cmd->count("--startup-time")) c.startup_time = f->startup_time;
      if (cmd->count("--margin")) c.margin_ms = f->margin;
      if (cmd->count("--concurrency")) c.concurrency = f->concurrency;
      if (cmd->count("--seed")) c.seed = f->seed;
      if (cmd->count("--out")) c.out = f->out;
      if (cmd->count("--max-tables")) c.max_tables = f->max_tables;
      if (f->no_legal) c.legal_moves = false;
      if (cmd->count("--sandbox")) c.sandbox = f->sandbox;
      dir = c.out;
      run = start_tournament(c, f->quiet, stdout);
    }
    if (!run.complete()) {
      throw CommandError{"interrupted after " + std::to_string(run.committed) + " of " +
                             std::to_string(run.scheduled) +
                             " games; continue with: arena tournament --resume " + dir,
                         130};
    }
  });
}

}  // namespace arena::cli

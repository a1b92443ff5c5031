// `arena tournament`: flags or a JSON file in, a finished (or resumable) tournament out.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "cli/run_flags.h"
#include "tournaments/shard_run.h"
#include "tournaments/tournament.h"

namespace arena::cli {

namespace {

struct TournamentFlags {
  std::string game, config_file, resume_dir, format, out;
  RunFlags run;
  std::vector<std::string> gauntlet;
  std::vector<std::string> seeds;
  std::string sprt, seeds_from;
  std::string shard;  // "I/N": play only shard I of N (docs/cluster.md)
  int advance = 0, extra_pairs = 3;
  double target_ci = 0, confidence = 0.95, min_share = 0.25;
  int top = 0, batch = 0;
  int games = 0, rounds = 1, max_tables = 0;
  std::uint64_t seed = 1;
  bool quiet = false;
};

constexpr unsigned kTournamentRunFlags =
    kBotFlags | kTimeFlags | kProcessFlags | kConcurrencyFlag | kLegalFlag | kOpeningFlags;

// Flags given on the command line override the configuration file's settings.
void apply_flags(const TournamentFlags& f, const CLI::App& cmd, TournamentConfig& c) {
  if (cmd.count("game")) c.game = f.game;
  if (cmd.count("--bot")) {
    c.bots.clear();
    for (const NamedBot& b : named_bots(f.run)) c.bots.push_back(BotConfig{b.name, b.command, {}, ""});
  }
  if (cmd.count("--format"))
    c.format = f.format == "gauntlet"   ? Format::kGauntlet
               : f.format == "swiss"    ? Format::kSwiss
               : f.format == "knockout" ? Format::kKnockout
               : f.format == "adaptive" ? Format::kAdaptive
                                        : Format::kRoundRobin;
  if (cmd.count("--target-ci")) c.target_ci = f.target_ci;
  if (cmd.count("--top")) c.top = f.top;
  if (cmd.count("--batch")) c.batch = f.batch;
  if (cmd.count("--confidence")) c.confidence = f.confidence;
  if (cmd.count("--min-share")) c.min_share = f.min_share;
  if (cmd.count("--seeds")) c.seeds = f.seeds;
  // Absolute, like --openings, so tournament.json says which folder seeded the event.
  if (cmd.count("--seeds-from")) c.seeds_from = std::filesystem::absolute(f.seeds_from).string();
  if (cmd.count("--advance")) c.advance = f.advance;
  if (cmd.count("--extra-pairs")) c.extra_pairs = f.extra_pairs;
  if (cmd.count("--sprt")) c.sprt = f.sprt;
  if (cmd.count("--gauntlet")) {
    c.gauntlet = f.gauntlet;
    if (!cmd.count("--format")) c.format = Format::kGauntlet;
  }
  if (cmd.count("--games")) c.games = f.games;
  if (cmd.count("--rounds")) c.rounds = f.rounds;
  if (cmd.count("--tc")) c.tc = f.run.tc;
  if (cmd.count("--move-time")) c.move_time = seconds_flag(f.run.move_time, "--move-time") / 1000.0;
  if (cmd.count("--startup-time"))
    c.startup_time = seconds_flag(f.run.startup_time, "--startup-time") / 1000.0;
  if (cmd.count("--margin")) c.margin_ms = f.run.margin_ms;
  if (cmd.count("--concurrency")) c.concurrency = f.run.concurrency;
  if (cmd.count("--seed")) c.seed = f.seed;
  if (cmd.count("--out")) c.out = f.out;
  if (cmd.count("--max-tables")) c.max_tables = f.max_tables;
  if (f.run.no_legal) c.legal_moves = false;
  if (cmd.count("--sandbox")) c.sandbox = sandbox_flag(f.run);
  // Kept absolute in tournament.json, like --openings.
  if (cmd.count("--sandbox-bind")) {
    c.sandbox_binds.clear();
    for (const auto& b : f.run.sandbox_binds)
      c.sandbox_binds.push_back(std::filesystem::absolute(b).lexically_normal().string());
  }
  if (cmd.count("--max-memory")) c.max_memory_mib = static_cast<int>(f.run.max_memory_mib);
  // Kept absolute in tournament.json, so --resume finds the file from any folder.
  if (cmd.count("--openings")) c.openings = std::filesystem::absolute(f.run.openings).string();
  if (cmd.count("--openings-order")) c.openings_order = openings_order_flag(f.run);
  if (cmd.count("--random-opening-plies")) c.random_opening_plies = f.run.random_opening_plies;
}

// The options of the formats (round-robin and gauntlet need none of their own).
void add_format_options(CLI::App& cmd, TournamentFlags& f) {
  cmd.add_option("--format", f.format, "round-robin (default), gauntlet, swiss, knockout or adaptive")
      ->check(CLI::IsMember({"round-robin", "gauntlet", "swiss", "knockout", "adaptive"}));
  cmd.add_option("--target-ci", f.target_ci,
                 "Adaptive: stop when every rating is within ± this many Elo (95%)")
      ->check(decimal_number(0, 10000));
  cmd.add_option("--top", f.top, "Adaptive: order the top K only (default: the whole table)")
      ->check(whole_number(0, 1000000));
  cmd.add_option("--batch", f.batch, "Adaptive: tables per batch (default: as many as bots)")
      ->check(whole_number(0, 10000000));
  cmd.add_option("--confidence", f.confidence,
                 "Adaptive: likelihood of superiority that separates two bots (default 0.95)")
      ->check(decimal_number(0.5, 0.999999));
  cmd.add_option("--min-share", f.min_share,
                 "Adaptive: the fewest games a bot plays, as a share of the mean (default 0.25)")
      ->check(decimal_number(0, 1));
  cmd.add_option("--seeds", f.seeds, "Knockout: bot names best seed first, A,B,C (default: --bot order)")
      ->delimiter(',');
  cmd.add_option("--seeds-from", f.seeds_from,
                 "Knockout: seed by the ratings of a previous tournament's folder (DIR or its "
                 "ratings.json); unrated bots follow in --seeds order");
  cmd.add_option("--advance", f.advance, "Knockout, multi-seat games: bots each table sends on")
      ->check(whole_number(1, 1000));
  cmd.add_option("--extra-pairs", f.extra_pairs,
                 "Knockout: most extra pairs (multi-seat: sets) a tied match plays (default 3)")
      ->check(whole_number(0, 1000));
  cmd.add_option("--sprt", f.sprt,
                 "Gauntlet, two seats: stop each pairing on SPRT, elo0=..,elo1=..,alpha=..,beta=.. "
                 "(--games caps it)");
}

// --resume takes every setting from the folder's tournament.json: any other option given
// (but --quiet) would be silently ignored, so it is refused by name.
void refuse_settings_on_resume(const CLI::App& cmd) {
  for (const CLI::Option* opt : cmd.get_options()) {
    const std::string name = opt->get_name();
    if (opt->count() > 0 && name != "--resume" && name != "--quiet" && name != "--help")
      throw CommandError{"--resume takes its settings from the folder's tournament.json; drop " + name};
  }
}

}  // namespace

void add_tournament_command(CLI::App& app) {
  auto f = std::make_shared<TournamentFlags>();
  auto* cmd = app.add_subcommand(
      "tournament",
      "Run a round-robin, gauntlet, Swiss, knockout or adaptive tournament; ends in an Elo table");
  cmd->add_option("game", f->game, "Game spec, e.g. clump:size=8");
  cmd->add_option("--config", f->config_file, "JSON configuration file (flags given as well override it)");
  cmd->add_option("--resume", f->resume_dir, "Continue the tournament in this output folder");
  add_run_flags(*cmd, f->run, kTournamentRunFlags);
  // A tournament keeps its game clock with --move-time (tournament.json's "tc"): say so.
  cmd->get_option("--tc")->description(std::string("Game clock BASE+INC in seconds per seat (default ") +
                                       kDefaultTc + "; --move-time adds a cap per move to it)");
  add_format_options(*cmd, *f);
  cmd->add_option("--gauntlet", f->gauntlet, "Gauntlet: a chosen bot that meets all others (repeatable)");
  cmd->add_option("--games,-n", f->games,
                  "Games per pairing per round (two seats: even); adaptive: the most games in all")
      ->check(whole_number(0, 1000000));
  cmd->add_option("--rounds", f->rounds, "Repeats of the whole schedule; Swiss: rounds")
      ->check(whole_number(1, 1000000));
  cmd->add_option("--seed", f->seed, "Master seed (default 1; use a secret one for hidden-information games)")
      ->check(seed_number());
  cmd->add_option("--out,-o", f->out, "Output folder");
  cmd->add_option("--max-tables", f->max_tables, "Multi-seat games: tables per round")
      ->check(whole_number(0, 10000000));
  cmd->add_option("--shard", f->shard,
                  "Play only shard I of N (I/N, from 0) into --out; again on that folder: continue it");
  cmd->add_flag("--quiet,-q", f->quiet, "No progress output");

  cmd->callback([f, cmd] {
    TournamentRun run;
    std::string dir = f->resume_dir;
    if (!f->resume_dir.empty()) {
      refuse_settings_on_resume(*cmd);
      run = resume_tournament(f->resume_dir, f->quiet, stdout);
    } else {
      TournamentConfig c;
      if (!f->config_file.empty()) {
        std::ifstream in(f->config_file);
        if (!in) throw CommandError{"--config: cannot read " + f->config_file};
        std::stringstream text;
        text << in.rdbuf();
        c = parse_config(text.str(), f->config_file);
        resolve_config_paths(c, std::filesystem::path(f->config_file).parent_path().string());
      }
      apply_flags(*f, *cmd, c);
      dir = c.out;
      run = f->shard.empty() ? start_tournament(c, f->quiet, stdout)
                             : run_shard(c, parse_shard(f->shard), f->quiet, stdout);
    }
    if (run.complete()) write_folder_report(dir, f->quiet);  // report.html (docs/report.md)
    if (run.complete() && run.start_failures > 0)
      throw CommandError{std::to_string(run.start_failures) + " of " + std::to_string(run.committed) +
                             " game(s) were lost to a bot that could not start (see the faults table)",
                         1};
    if (!run.complete()) {
      throw CommandError{"interrupted after " + std::to_string(run.committed) + " of " +
                             std::to_string(run.scheduled) +
                             " games; continue with: arena tournament --resume " + dir,
                         130};
    }
  });
}

}  // namespace arena::cli

// `arena slurm CONFIG --shards N [--submit]`: a tournament as a Slurm job array of shards
// plus a merge job (docs/cluster.md). Writes the scripts; --submit hands them to sbatch.
#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/numeric_flag.h"
#include "process/self_path.h"
#include "tournaments/shard.h"
#include "tournaments/slurm_script.h"
#include "tournaments/tournament.h"

namespace arena::cli {

namespace fs = std::filesystem;

namespace {

struct SlurmFlags {
  std::string config, out, partition, time, arena;
  int shards = 0, cpus = 0;
  std::vector<std::string> sbatch_args;
  bool submit = false;
};

// The configuration every shard plays, resolved and checked now rather than on the cluster.
TournamentConfig load(const SlurmFlags& f) {
  std::ifstream in(f.config);
  if (!in) throw CommandError{"cannot read " + f.config};
  std::stringstream text;
  text << in.rdbuf();
  TournamentConfig c = parse_config(text.str(), f.config);
  resolve_config_paths(c, fs::path(f.config).parent_path().string());
  if (!f.out.empty()) c.out = fs::absolute(f.out).lexically_normal().string();
  if (c.out.empty()) throw CommandError{"--out: name the folder (or give \"out\" in " + f.config + ")"};
  validate_config(c);
  check_shardable(c);
  const int games = static_cast<int>(fixed_schedule(c).size());
  if (f.shards > games)
    throw CommandError{"--shards " + std::to_string(f.shards) + ": the schedule has only " +
                       std::to_string(games) + " games"};
  return c;
}

void write_file(const fs::path& path, const std::string& text, bool executable) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw CommandError{"cannot write " + path.string()};
  if (executable) ::chmod(path.c_str(), 0755);
}

void run(const SlurmFlags& f) {
  TournamentConfig c = load(f);
  const fs::path slurm = fs::path(c.out) / "slurm";
  fs::create_directories(slurm);
  // Every shard reads this frozen copy, so editing CONFIG later cannot split the tournament.
  c.concurrency = f.cpus > 0 ? f.cpus : c.concurrency;
  write_file(slurm / "tournament.json", config_to_json(c), false);
  SlurmRequest r;
  r.arena = f.arena.empty() ? self_executable() : fs::absolute(f.arena).string();
  r.config = (slurm / "tournament.json").string();
  r.out = c.out;
  r.shards = f.shards;
  r.cpus_per_task = c.concurrency;
  r.partition = f.partition;
  r.time = f.time;
  r.sbatch_args = f.sbatch_args;
  for (const auto& [name, text] : slurm_files(r)) write_file(slurm / name, text, name.ends_with(".sh"));
  std::cout << "wrote " << slurm.string()
            << "/{shards.sbatch,merge.sbatch,submit.sh,requeue.sh}: " << f.shards << " shards into " << c.out
            << "/shard-I, merged into " << c.out << "/merged\n";
  if (!f.submit) {
    std::cout << "submit with: " << shell_quote((slurm / "submit.sh").string()) << "\n";
    return;
  }
  std::cout.flush();
  const int status = std::system(shell_quote((slurm / "submit.sh").string()).c_str());
  if (status != 0) throw CommandError{"submitting failed (see above): " + (slurm / "submit.sh").string()};
}

}  // namespace

void add_slurm_command(CLI::App& app) {
  auto f = std::make_shared<SlurmFlags>();
  auto* cmd = app.add_subcommand("slurm", "Run a tournament on Slurm: a job array of shards and a merge job");
  cmd->add_option("config", f->config, "The tournament's JSON configuration (round-robin or gauntlet)")
      ->required();
  cmd->add_option("--shards", f->shards, "Number of shards (array jobs)")
      ->required()
      ->check(whole_number(1, 100000));
  cmd->add_option("--out,-o", f->out, "Output folder (default: the configuration's \"out\")");
  cmd->add_option("--partition,-p", f->partition, "Slurm partition (default: the cluster's)");
  cmd->add_option("--time,-t", f->time, "Time limit per shard job, e.g. 2:00:00 (default: the partition's)");
  cmd->add_option("--cpus-per-task,-c", f->cpus,
                  "CPUs per shard job, also its games at once (default: the configuration's concurrency)")
      ->check(whole_number(1, 4096));
  cmd->add_option("--sbatch-arg", f->sbatch_args,
                  "One more #SBATCH line, e.g. --sbatch-arg=--account=lab (repeatable)");
  cmd->add_option("--arena", f->arena, "The arena binary the jobs run (default: this one; shared storage)");
  cmd->add_flag("--submit", f->submit, "Submit with sbatch at once and print the job ids");
  cmd->footer("Exit status: 0 written (and submitted); 2 bad configuration or flags, or sbatch failed.");
  cmd->callback([f] { run(*f); });
}

}  // namespace arena::cli

// The files `arena slurm` writes: an sbatch job array of shard jobs, the merge job that
// waits for them, and the scripts that submit them and requeue a shard (docs/cluster.md).
// Pure text: no processes, no files.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace arena {

struct SlurmRequest {
  std::string arena;   // absolute path of the arena binary the jobs run
  std::string config;  // absolute path of the frozen tournament.json every shard reads
  std::string out;     // absolute folder: shard-I/, merged/ and slurm/ go here
  int shards = 1;
  int cpus_per_task = 1;                 // also each shard's --concurrency (from SLURM_CPUS_PER_TASK)
  std::string partition;                 // "" = the cluster's default
  std::string time;                      // "" = the partition's default limit
  std::vector<std::string> sbatch_args;  // more #SBATCH lines, e.g. --account=foo
};

// The text of a shell word: single-quoted unless it is plain.
std::string shell_quote(const std::string& word);

// (file name under out/slurm, text) for shards.sbatch, merge.sbatch, submit.sh, requeue.sh.
std::vector<std::pair<std::string, std::string>> slurm_files(const SlurmRequest& request);

}  // namespace arena

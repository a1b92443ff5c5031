#include "tournaments/slurm_script.h"

namespace arena {

namespace {

std::string sbatch_lines(const SlurmRequest& r, const std::string& name, int cpus) {
  std::string s = "#SBATCH --job-name=" + name + "\n#SBATCH --cpus-per-task=" + std::to_string(cpus) + "\n";
  if (!r.partition.empty()) s += "#SBATCH --partition=" + r.partition + "\n";
  if (!r.time.empty()) s += "#SBATCH --time=" + r.time + "\n";
  for (const auto& a : r.sbatch_args) s += "#SBATCH " + a + "\n";
  return s;
}

std::string shards_script(const SlurmRequest& r) {
  const std::string n = std::to_string(r.shards);
  return "#!/bin/bash\n"
         "# Shard $SLURM_ARRAY_TASK_ID of " +
         n + " of the tournament in " + r.config +
         ".\n"
         "# Requeueable: a shard that is killed or requeued continues where it stopped, because\n"
         "# running the same command on an existing shard folder resumes it.\n" +
         sbatch_lines(r, "arena-shards", r.cpus_per_task) + "#SBATCH --array=0-" +
         std::to_string(r.shards - 1) +
         "\n"
         "#SBATCH --requeue\n"
         "#SBATCH --open-mode=append\n"
         "#SBATCH --output=" +
         r.out +
         "/slurm/shard-%a.log\n"
         "set -eu\n"
         "echo \"arena shard $SLURM_ARRAY_TASK_ID/" +
         n +
         ": job $SLURM_JOB_ID on $(hostname), start ${SLURM_RESTART_COUNT:-0}\"\n"
         "exec " +
         shell_quote(r.arena) + " tournament --config " + shell_quote(r.config) +
         " --shard \"$SLURM_ARRAY_TASK_ID/" + n + "\" --out " + shell_quote(r.out) +
         "/shard-\"$SLURM_ARRAY_TASK_ID\" --concurrency \"${SLURM_CPUS_PER_TASK:-1}\"\n";
}

std::string merge_script(const SlurmRequest& r) {
  std::string dirs;
  for (int i = 0; i < r.shards; ++i) dirs += " \\\n  " + shell_quote(r.out) + "/shard-" + std::to_string(i);
  return "#!/bin/bash\n"
         "# Merges the " +
         std::to_string(r.shards) + " shards into " + r.out +
         "/merged once they have all\n"
         "# finished (submit.sh gives it --dependency=afterok on the array).\n" +
         sbatch_lines(r, "arena-merge", 1) + "#SBATCH --output=" + r.out + "/slurm/merge.log\n" +
         "set -eu\n"
         "exec " +
         shell_quote(r.arena) + " merge" + dirs + " \\\n  --out " + shell_quote(r.out) + "/merged\n";
}

std::string submit_script(const SlurmRequest&) {
  return "#!/bin/bash\n"
         "# Submits the shard array and the merge job that waits for it; keeps the job ids in\n"
         "# jobs.txt (requeue.sh reads them).\n"
         "set -eu\n"
         "cd \"$(dirname \"$0\")\"\n"
         "if [ -e jobs.txt ]; then echo \"already submitted: $(cat jobs.txt) (requeue.sh plays shards "
         "again)\" >&2; exit 2; fi\n"
         "array=$(sbatch --parsable shards.sbatch)\n"
         "array=${array%%;*}\n"
         "merge=$(sbatch --parsable --kill-on-invalid-dep=no --dependency=afterok:\"$array\" merge.sbatch)\n"
         "merge=${merge%%;*}\n"
         "printf 'array=%s\\nmerge=%s\\n' \"$array\" \"$merge\" > jobs.txt\n"
         "echo \"submitted: shards job $array, merge job $merge\"\n";
}

std::string requeue_script(const SlurmRequest& r) {
  std::string deps = "afterok";
  for (int i = 0; i < r.shards; ++i) deps += ":${array}_" + std::to_string(i);
  return "#!/bin/bash\n"
         "# Usage: requeue.sh SHARD...  Plays those shards again (each continues where it stopped)\n"
         "# and re-arms the merge job: Slurm counts a shard that was cancelled or failed as a failed\n"
         "# dependency for good, even once it is requeued, so the merge would wait for ever.\n"
         "set -eu\n"
         "cd \"$(dirname \"$0\")\"\n"
         ". ./jobs.txt\n"
         "for shard in \"$@\"; do\n"
         "  scontrol requeue \"${array}_$shard\"\n"
         "  scontrol update JobId=\"${array}_$shard\" StartTime=now  # no requeue delay\n"
         "done\n"
         "scontrol update JobId=\"$merge\" Dependency=\"" +
         deps + "\"\n";
}

}  // namespace

std::string shell_quote(const std::string& w) {
  if (!w.empty() &&
      w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:,@") ==
          std::string::npos)
    return w;
  std::string q = "'";
  for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::vector<std::pair<std::string, std::string>> slurm_files(const SlurmRequest& r) {
  return {{"shards.sbatch", shards_script(r)},
          {"merge.sbatch", merge_script(r)},
          {"submit.sh", submit_script(r)},
          {"requeue.sh", requeue_script(r)}};
}

}  // namespace arena

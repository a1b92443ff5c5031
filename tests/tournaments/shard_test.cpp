// The split of a fixed schedule into shards (tournaments/shard.h): every game in exactly one
// shard for every shard count, the games of one seed (a pair, a table's rotations) together,
// shards balanced; and the scripts `arena slurm` writes (tournaments/slurm_script.h).
#include "tournaments/shard.h"

#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "tournaments/slurm_script.h"

// This file's names, apart from the other test files' in a unity batch (tests/CMakeLists.txt).
namespace shard_test {

using namespace arena;

namespace {

std::string set_of(const std::string& label) { return label.substr(0, label.rfind('.')); }

void check_split(const std::vector<ScheduledGame>& schedule) {
  const int total = static_cast<int>(schedule.size());
  std::set<std::string> sets;
  for (const auto& g : schedule) sets.insert(set_of(g.round));
  const int set_size = total / static_cast<int>(sets.size());
  for (int n = 1; n <= total; ++n) {
    std::vector<int> seen(total, 0);
    std::map<std::string, int> shard_of_set;
    int smallest = total, largest = 0;
    for (int i = 0; i < n; ++i) {
      const auto games = shard_games(schedule, Shard{i, n});
      smallest = std::min(smallest, static_cast<int>(games.size()));
      largest = std::max(largest, static_cast<int>(games.size()));
      for (std::size_t k = 0; k < games.size(); ++k) {
        ++seen[games[k].index];
        if (k > 0) REQUIRE(games[k].index > games[k - 1].index);  // schedule order
        const auto [it, fresh] = shard_of_set.emplace(set_of(games[k].round), i);
        REQUIRE(it->second == i);  // a seed's games stay together
        REQUIRE(games[k].seed == schedule[games[k].index].seed);
      }
    }
    for (int i = 0; i < total; ++i) REQUIRE(seen[i] == 1);  // every game exactly once
    CHECK(largest - smallest <= set_size);                  // balanced to one set
  }
}

}  // namespace

TEST_CASE("shard: every game of a two-seat round-robin in exactly one shard, pairs together", "[shard]") {
  ScheduleRequest r;
  r.bots = 5;
  r.games_per_encounter = 2;
  r.rounds = 2;
  r.seed = 7;
  const auto schedule = make_schedule(r);
  REQUIRE(schedule.size() == 10 * 2 * 2 * 2);
  check_split(schedule);
  // Set k goes to shard k mod N: shard 1 of 3 starts with the second pair.
  const auto one = shard_games(schedule, Shard{1, 3});
  CHECK(one[0].round == schedule[2].round);
  CHECK(one[1].round == schedule[3].round);
  CHECK(one[2].round == schedule[8].round);
}

TEST_CASE("shard: tables of a four-seat game and a team gauntlet keep their rotations together", "[shard]") {
  ScheduleRequest r;
  r.bots = 6;
  r.seats = 4;
  r.max_tables = 5;
  r.seed = 3;
  check_split(make_schedule(r));
  ScheduleRequest teams;
  teams.bots = 5;
  teams.seats = 4;
  teams.teams = {0, 1, 0, 1};
  teams.format = Format::kGauntlet;
  teams.gauntlet = {0};
  teams.seed = 9;
  check_split(make_schedule(teams));
}

TEST_CASE("shard: I/N is parsed and checked", "[shard]") {
  CHECK(parse_shard("0/1") == Shard{0, 1});
  CHECK(parse_shard("2/3") == Shard{2, 3});
  CHECK(shard_text(Shard{2, 3}) == "2/3");
  for (const char* bad : {"3/3", "-1/3", "1", "1/0", "a/3", "1/3x", "/3", ""})
    CHECK_THROWS_AS(parse_shard(bad), ConfigError);
  CHECK_THROWS_WITH(parse_shard("3/3"), Catch::Contains("counted from 0 to 2"));
}

TEST_CASE("shard: formats whose games depend on results refuse to be split", "[shard]") {
  TournamentConfig c;
  c.format = Format::kSwiss;
  CHECK_THROWS_WITH(check_shardable(c), Catch::Contains("swiss tournament cannot be split"));
  c.format = Format::kKnockout;
  CHECK_THROWS_WITH(check_shardable(c), Catch::Contains("knockout tournament cannot be split"));
  c.format = Format::kGauntlet;
  c.sprt = "elo0=0,elo1=10,alpha=0.05,beta=0.05";
  CHECK_THROWS_WITH(check_shardable(c), Catch::Contains("gauntlet with sprt"));
  c.sprt.clear();
  CHECK_NOTHROW(check_shardable(c));
  c.format = Format::kRoundRobin;
  CHECK_NOTHROW(check_shardable(c));
}

TEST_CASE("slurm: the job array, the merge job and the submit and requeue scripts", "[shard][slurm]") {
  SlurmRequest r;
  r.arena = "/opt/arena/bin/arena";
  r.config = "/shared/t/slurm/tournament.json";
  r.out = "/shared/t";
  r.shards = 4;
  r.cpus_per_task = 8;
  r.partition = "short";
  r.time = "2:00:00";
  r.sbatch_args = {"--account=lab"};
  std::map<std::string, std::string> files;
  for (const auto& [name, text] : slurm_files(r)) files[name] = text;
  REQUIRE(files.size() == 4);
  const std::string& shards = files["shards.sbatch"];
  for (const char* line :
       {"#SBATCH --array=0-3\n", "#SBATCH --requeue\n", "#SBATCH --cpus-per-task=8\n",
        "#SBATCH --partition=short\n", "#SBATCH --time=2:00:00\n", "#SBATCH --account=lab\n",
        "#SBATCH --output=/shared/t/slurm/shard-%a.log\n",
        "exec /opt/arena/bin/arena tournament --config /shared/t/slurm/tournament.json --shard "
        "\"$SLURM_ARRAY_TASK_ID/4\" --out /shared/t/shard-\"$SLURM_ARRAY_TASK_ID\" --concurrency "
        "\"${SLURM_CPUS_PER_TASK:-1}\"\n"})
    CHECK_THAT(shards, Catch::Contains(line));
  CHECK(shards.rfind("#!/bin/bash\n", 0) == 0);
  const std::string& merge = files["merge.sbatch"];
  CHECK_THAT(merge, Catch::Contains(
                        "exec /opt/arena/bin/arena merge \\\n  /shared/t/shard-0 \\\n  /shared/t/shard-1"));
  CHECK_THAT(merge, Catch::Contains("/shared/t/shard-3 \\\n  --out /shared/t/merged\n"));
  CHECK_THAT(merge, Catch::Contains("#SBATCH --cpus-per-task=1\n") && !Catch::Contains("--array"));
  const std::string& submit = files["submit.sh"];
  CHECK_THAT(submit, Catch::Contains("sbatch --parsable shards.sbatch"));
  CHECK_THAT(submit, Catch::Contains("--dependency=afterok:\"$array\" merge.sbatch"));
  const std::string& requeue = files["requeue.sh"];
  CHECK_THAT(requeue, Catch::Contains("scontrol requeue \"${array}_$shard\""));
  CHECK_THAT(requeue, Catch::Contains("Dependency=\"afterok:${array}_0:${array}_1:${array}_2:${array}_3\""));
}

TEST_CASE("slurm: paths with spaces or quotes are quoted for the shell", "[shard][slurm]") {
  CHECK(shell_quote("/a/b-c_d.e") == "/a/b-c_d.e");
  CHECK(shell_quote("/my dir/x") == "'/my dir/x'");
  CHECK(shell_quote("it's") == "'it'\\''s'");
  CHECK(shell_quote("") == "''");
}

}  // namespace shard_test

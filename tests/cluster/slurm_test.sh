#!/usr/bin/env bash
# The real cluster test (issue 18, docs/cluster.md): a single-node Slurm cluster started from
# Debian's slurm-wlm and munge (a generated munge key, a generated slurm.conf with this host
# as the only node, munged, slurmctld and slurmd with their own sockets, ports, state and
# logs in a temporary folder), a sharded tournament submitted with `arena slurm --submit`,
# one shard killed mid-run (scancel --signal=KILL) and requeued, the merge job awaited, and
# the merged folder compared with an unsharded run of the same configuration (times
# stripped). On exit every daemon it started is stopped and the folder removed.
# Usage: slurm_test.sh BIN_DIR STATE_FILE   (BIN_DIR: the build's bin folder, arena and bots)
#        slurm_test.sh --cleanup STATE_FILE (the ctest fixture's cleanup: after a run that was
#        killed before its own cleanup, e.g. by the ctest timeout, stops what it left)
set -euo pipefail

# Processes that run from the folder or hold a file in it (slurmstepd, arena, bots): ours.
processes_in() {
  local p pids=""
  for p in /proc/[0-9]*; do
    [ "${p#/proc/}" = $$ ] && continue
    if readlink "$p/cwd" 2>/dev/null | grep -q "^$1" ||
      ls -l "$p/fd" 2>/dev/null | grep -q -- "-> $1"; then
      pids="$pids ${p#/proc/}"
    fi
  done
  echo $pids
}

# STATE_FILE names the folder and the daemons' pids while the test runs.
if [ "$1" = --cleanup ]; then
  [ -f "$2" ] || exit 0
  read -r tmp pids <"$2"
  for pid in $pids; do
    case "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" in
      munged* | slurmctld* | slurmd*) echo "slurm_test: stopping $pid left by a killed run" && kill -KILL "$pid" ;;
    esac
  done
  case "$tmp" in
    /tmp/arena-slurm.*)
      left=$(processes_in "$tmp")
      # shellcheck disable=SC2086
      [ -n "$left" ] && echo "slurm_test: stopping$left left in $tmp" && kill -KILL $left
      rm -rf "$tmp"
      ;;
  esac
  rm -f "$2"
  exit 0
fi

bin=$(cd "$1" && pwd)
state_file=$2
shards=3

fail() {
  echo "slurm_test: FAIL: $*" >&2
  exit 1
}
for tool in munged mungekey slurmctld slurmd sbatch scontrol squeue scancel python3; do
  command -v "$tool" >/dev/null ||
    fail "$tool is not installed: scripts/setup installs slurm-wlm and munge (Debian packages)"
done

tmp=$(mktemp -d /tmp/arena-slurm.XXXXXX)
pids=()
jobs_file=$tmp/out/slurm/jobs.txt

# Cancels our jobs, stops the daemons we started (by their pids), then makes sure nothing
# that ran from our folder is left, and removes it.
cleanup() {
  local status=$?
  set +e
  if [ -n "${SLURM_CONF:-}" ] && [ -f "$jobs_file" ]; then
    # shellcheck disable=SC1090
    . "$jobs_file"
    scancel "$array" "$merge" 2>/dev/null
    for _ in $(seq 1 100); do
      [ -z "$(squeue -h -j "$array,$merge" 2>/dev/null)" ] && break
      sleep 0.2
    done
  fi
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && { echo "slurm_test: daemon $pid ignored SIGTERM: killed" >&2; kill -KILL "$pid"; }
    wait "$pid" 2>/dev/null
  done
  # A job step outlives slurmd if it was not cancelled in time: anything still running
  # from our folder (slurmstepd, arena, bots) is ours.
  local left
  left=$(processes_in "$tmp")
  if [ -n "$left" ]; then
    echo "slurm_test: processes left in $tmp:$left (killed)" >&2
    # shellcheck disable=SC2086
    kill -KILL $left 2>/dev/null
    status=1
  fi
  if [ $status -ne 0 ]; then
    for log in "$tmp"/log/*.log "$tmp"/out/slurm/*.log; do
      [ -f "$log" ] && { echo "--- $log (last lines)" >&2; tail -n 30 "$log" >&2; }
    done
  fi
  rm -rf "$tmp"
  rm -f "$state_file"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# munge: our own key, socket, pid, log and seed files.
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 700 "$tmp/munge"
mungekey --create --keyfile="$tmp/munge/munge.key" >/dev/null
munged --foreground --force --socket="$tmp/munge/munge.sock" --key-file="$tmp/munge/munge.key" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" --seed-file="$tmp/munge/munged.seed" \
  2>>"$tmp/log/munged.log" &
pids+=($!)
echo "$tmp ${pids[*]}" >"$state_file"
for _ in $(seq 1 50); do [ -S "$tmp/munge/munge.sock" ] && break; sleep 0.1; done
[ -S "$tmp/munge/munge.sock" ] || fail "munged did not start (see $tmp/log/munged.log)"

# slurm.conf: this host the only node, its CPUs from nproc; no accounting.
host=$(hostname -s)
user=$(id -un)
cpus=$(nproc)
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=arenatest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$(free_port)
SlurmdPort=$(free_port)
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=arena Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -D -i >>"$tmp/log/slurmctld.stderr" 2>&1 &
pids+=($!)
slurmd -D >>"$tmp/log/slurmd.stderr" 2>&1 &
pids+=($!)
echo "$tmp ${pids[*]}" >"$state_file"
for _ in $(seq 1 150); do
  sinfo -h -o %t 2>/dev/null | grep -qx idle && break
  sleep 0.2
done
sinfo -h -o %t 2>/dev/null | grep -qx idle ||
  fail "the node did not come up: $(sinfo 2>&1 | tr '\n' ' '); $(tail -n 5 "$tmp"/log/*.log | tr '\n' ' ')"
echo "slurm_test: cluster up: node $host, $cpus CPUs"

# The tournament: a slow bot (200 ms a move) so that a shard can be killed mid-run.
cat >"$tmp/t.json" <<EOF
{"game": "clump:size=4",
 "bots": [{"name": "greedy", "command": "$bin/greedy_bot"},
          {"name": "rand", "command": "$bin/random_bot"},
          {"name": "slow", "command": "$bin/deliberate_bot"}],
 "games": 2, "rounds": 3, "tc": "60+1", "seed": 7, "out": "$tmp/out"}
EOF
"$bin/arena" slurm "$tmp/t.json" --shards $shards --cpus-per-task 1 --time 10:00 --submit
[ -f "$jobs_file" ] || fail "arena slurm --submit wrote no jobs.txt"
# shellcheck disable=SC1090
. "$jobs_file"
echo "slurm_test: array $array, merge $merge"

# Kill shard 1 once it has committed a game but not all of its games, then requeue it.
victim=1
journal=$tmp/out/shard-$victim/journal.jsonl
total=6  # 3 pairings x 3 rounds = 9 pairs of games; shard 1 of 3 plays pairs 1, 4 and 7
for _ in $(seq 1 600); do
  [ -f "$journal" ] && [ "$(wc -l <"$journal")" -ge 1 ] && break
  sleep 0.1
done
done_before=$(wc -l <"$journal" 2>/dev/null || echo 0)
[ "$done_before" -ge 1 ] && [ "$done_before" -lt "$total" ] ||
  fail "could not catch shard $victim mid-run ($done_before of $total games)"
# --batch: SIGKILL to the job's processes themselves (kill -9 of arena and its bots at once).
# Without it Slurm turns the KILL into its cancel sequence, SIGTERM to every process first,
# and a bot that dies of it before the referee stops can be ruled a crash (docs/cluster.md).
scancel --batch --signal=KILL "${array}_$victim"
for _ in $(seq 1 100); do
  state=$(scontrol show job "${array}_$victim" 2>/dev/null | grep -o 'JobState=[A-Z_]*' || true)
  case "$state" in JobState=FAILED | JobState=CANCELLED) break ;; esac
  sleep 0.1
done
case "$state" in JobState=FAILED | JobState=CANCELLED) ;; *) fail "shard $victim was not killed ($state)" ;; esac
grep -q "interrupted" "$tmp/out/slurm/shard-$victim.log" && fail "shard $victim got SIGTERM, not SIGKILL"
killed_at=$(wc -l <"$journal")
echo "slurm_test: killed shard $victim after $killed_at of $total games; requeueing"
[ "$killed_at" -lt "$total" ] || fail "shard $victim finished before it was killed"
"$tmp/out/slurm/requeue.sh" $victim

# The merge job runs once every shard is done.
for _ in $(seq 1 1800); do
  state=$(scontrol show job "$merge" 2>/dev/null | grep -o 'JobState=[A-Z_]*' || true)
  case "$state" in JobState=COMPLETED | JobState=FAILED | JobState=CANCELLED | JobState=TIMEOUT) break ;; esac
  sleep 0.2
done
[ "$state" = JobState=COMPLETED ] || fail "the merge job ended as $state: $(scontrol show job "$merge" | tr '\n' ' ')"
grep -q "start 1" "$tmp/out/slurm/shard-$victim.log" || fail "shard $victim was not started again"
grep -q "^arena: error" "$tmp/out/slurm/"*.log && fail "a job printed an error"

# The same configuration unsharded, here, compared with the merge (times stripped).
"$bin/arena" tournament --config "$tmp/out/slurm/tournament.json" --out "$tmp/whole" --quiet >/dev/null
# Measured times: per-move times in the records and the report's replays, record offsets, and
# what the machine did (the timing tags of records/timing_tags.h, the report's latency).
# The report's protocol lines: each "go" with its clock (always a string of its own, report/
# protocol_compact.h); a fault's repro command names the folder's games.pgn.
# The report's replays and records are compressed (report/replay_pack.h): decoded first, so the times show.
decoded() {
  python3 -c '
import base64, lzma, re, sys
text = open(sys.argv[1]).read()
print(re.sub(r"(<script type=\"application/x-arena-re(?:play|cord)\" id=\"replay-\d+\">)([^<]*)",
             lambda m: m.group(1) + lzma.decompress(base64.b85decode(m.group(2).replace(".", "<"))).decode(), text),
      end="")' "$1"
}
strip() {
  decoded "$1" | sed -E 's/ [0-9]+(\.[0-9]+)?s\}/}/g; s/,"pgn_end":[0-9]+//g; s/(\[[0-9]+,"[^"]*",)[0-9]+\]/\1]/g
    s/,"lat":\[[0-9,]*\]//g; s/"times":\{("[^"]*":\{[^}]*\},?)*\}/"times"/g; /^\[(RefereeLatency|ChargedUs|CpuPressure|TimeForfeitUnderPressure) "/d
    s/"go -?[0-9]+ -?[0-9]+ -?[0-9]+"/"go"/g; s/"rp":"[^"]*"/"rp"/g; s/arena repro [^ ]+/arena repro/g'
}
for f in games.pgn journal.jsonl ratings.txt ratings.csv ratings.json crosstable.txt crosstable.csv faults.txt \
  faults.csv report.html; do
  [ -f "$tmp/out/merged/$f" ] || fail "merged/$f is missing"
  cmp -s <(strip "$tmp/whole/$f") <(strip "$tmp/out/merged/$f") || fail "merged/$f differs from the unsharded run"
done
games=$(wc -l <"$tmp/out/merged/journal.jsonl")
echo "slurm_test: merged $games games equal the unsharded run; shard $victim resumed at game $killed_at"

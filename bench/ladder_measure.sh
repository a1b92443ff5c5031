#!/usr/bin/env bash
# Measures a game's ladder (docs/league.md, "A calibrated scale") and prints its rows for
# league/ladder_ratings.cpp: a round robin of the reference bots (random, greedy, mcts_bot at
# the given fixed iteration counts) with a fixed seed, rated by `arena ratings` (pool average)
# and shifted so that random is 0; the ± are the fit's 95% intervals about the pool average,
# the uncertainty that matters when a league is shifted onto the ladder (ratings/calibration.h).
# Every reference bot plays the same on any machine, so the figures do not depend on the
# machine that measured them; the clock is generous so that no game is lost on time.
# Usage: bench/ladder_measure.sh SPEC GAMES_PER_PAIR ITERATIONS... [-- extra tournament flags]
#   e.g. bench/ladder_measure.sh clump:size=8 40 16 64 256 1024 4096
#   A game of more than two seats plays every table's seat arrangements (GAMES is ignored:
#   pass 0) and repeats the schedule with `-- --rounds R`, e.g.
#   bench/ladder_measure.sh flume-cards 0 8 32 128 -- --rounds 5
set -euo pipefail
cd "$(dirname "$0")/.."
spec="$1" games="$2"
shift 2
bin=build/bin
bots=(--bot "ladder-random=$bin/random_bot" --bot "ladder-greedy=$bin/greedy_bot")
while (($#)) && [ "$1" != "--" ]; do
  bots+=(--bot "ladder-mcts-$1=$bin/mcts_bot --iterations $1")
  shift
done
[ "${1:-}" = "--" ] && shift
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$bin/arena" tournament "$spec" "${bots[@]}" --games "$games" --tc 600+10 --concurrency "$(nproc)" \
  --seed 2026 --out "$out/t" --quiet "$@"
# A rung that won or lost every game has no finite rating (only a bound held by the prior): it
# is left out of the ladder, and the others are rated without its games.
pgn="$out/t/games.pgn"
for pass in 1 2; do
  "$bin/arena" ratings "$pgn" --format json > "$out/ratings.json"
  edges=$(python3 -c 'import json,sys; print(" ".join(b["name"] for b in json.load(open(sys.argv[1]))["ratings"]["bots"] if b["edge"]))' "$out/ratings.json")
  [ -z "$edges" ] && break
  echo "left out (won or lost every game): $edges" >&2
  python3 - "$pgn" "$out/kept.pgn" $edges <<'PY'
import sys
src, dst, out = sys.argv[1], sys.argv[2], set(sys.argv[3:])
games = open(src).read().split("\n[Event ")
kept = [g if i == 0 else "[Event " + g for i, g in enumerate(games)
        if not any(f'"{n}"]' in g for n in out)]
open(dst, "w").write("\n".join(kept))
PY
  pgn="$out/kept.pgn"
done
canonical="$(sed -n 's/^\[Game "\(.*\)"\]$/\1/p;T;q' "$out/t/games.pgn")"
python3 - "$canonical" "$out/ratings.json" <<'PY'
import json, re, sys, datetime
spec, path = sys.argv[1], sys.argv[2]
table = json.load(open(path))["ratings"]
bots = {b["name"]: b for b in table["bots"]}
def rung(name):
  m = re.match(r"ladder-mcts-(\d+)$", name)
  program, iterations = ("mcts_bot", int(m.group(1))) if m else (name[len("ladder-"):] + "_bot", 0)
  return program, iterations
names = sorted(bots, key=lambda n: bots[n]["elo"])
# The zero: random where it has a rating, else the weakest rung kept.
zero = bots["ladder-random"]["elo"] if "ladder-random" in bots else bots[names[0]]["elo"]
print(f'    {{"{spec}", "{table["games"]} games, round robin, seed 2026, '
      f'{datetime.date.today()}: bench/ladder_measure.sh", {{')
for n in names:
  program, iterations = rung(n)
  b = bots[n]
  print(f'      {{"{n}", "{program}", {iterations}, {b["elo"] - zero:.0f}, {b["error"] if b["error"] is not None else 0:.0f}}},')
print("    }},")
PY

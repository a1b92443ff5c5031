#!/usr/bin/env bash
# Report bytes per game, for every game (docs/performance.md, "Report size per game"; issue 28's
# target: at most 30 KB per game on average). For each game spec: a small tournament of random
# bots, its report, and the same report with the replays left out (--games of one game); the
# difference divided by the games is what one game's replay costs. Prints one table row per spec.
#   bench/report_size_per_game.sh [BUILD_DIR]   (default build/)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d /tmp/report-size.XXXXXX)
trap 'rm -rf "$work"' EXIT
bot="$build/bin/random_bot"

echo "| game | games | report | replays per game | raw replay JSON per game |"
echo "|---|---:|---:|---:|---:|"
# Every game of the registry, at its fewest and its most players (arena games --json).
specs=$("$build/bin/arena" games --json | python3 -c '
import json, sys
for g in json.load(sys.stdin)["games"]:
  counts = g["player_counts"]
  for c in {counts[0]["spec"]: counts[0], counts[-1]["spec"]: counts[-1]}.values():
    print(c["spec"], c["players"])')
while read -r spec seats; do
  bots=()
  for i in $(seq 1 "$seats"); do bots+=(--bot "b$i=$bot"); done
  out="$work/${spec//[:=,]/_}"
  "$build/bin/arena" tournament "$spec" "${bots[@]}" --games 0 --max-tables 6 --tc 60+1 --seed 28 \
    --out "$out" --quiet </dev/null >/dev/null
  games=$(grep -c '^\[Event ' "$out/games.pgn")
  "$build/bin/arena" report "$out" --out "$out/all.html" --budget 1000000 >/dev/null
  "$build/bin/arena" report "$out" --out "$out/one.html" --games 1 >/dev/null
  all=$(stat -c %s "$out/all.html") one=$(stat -c %s "$out/one.html")
  raw=$(python3 -c '
import re, sys
h = open(sys.argv[1]).read()
r = re.findall(r"<script type=\"application/json\" id=\"replay-\d+\">(.*?)</script>", h, re.S)
print(sum(len(x) for x in r) // max(1, len(r)))' "$out/all.html")
  echo "| $spec | $games | $((all / 1024)) KB | $(((all - one) / 1024 / (games > 1 ? games - 1 : 1))) KB | $((raw / 1024)) KB |"
done <<< "$specs"

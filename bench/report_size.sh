#!/usr/bin/env bash
# Size and first paint of the HTML report of a 10,000-game tournament (docs/report.md, "Size";
# docs/performance.md; targets of issues 16 and 28: first paint under 3 s in headless chromium).
#
#   bench/report_size.sh [BUILD_DIR] [--real] [--spec SPEC] [--sample N] [--all-replays]
#     (default build/, clump:size=8; needs arena, random_bot, and tests/browser/node_modules
#      from scripts/setup)
# Plays SPEC between random bots (as many as its seats, plus one) and writes the report of
# 10,000 games: by default N (300) real games repeated to 10,000 records or more (the report's
# size and paint depend on the records, not on how long they took to play); --real plays them
# all. --all-replays embeds every replay (--budget 100000 MB), else the default budget holds as
# many as fit in 16 MB. Prints games, file size, the time arena report took, and the paint times
# (bench/report_paint.mjs: first contentful paint, the results drawn, one game opened).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build" real=0 spec=clump:size=8 sample=300 budget=()
while [ $# -gt 0 ]; do
  case "$1" in
    --real) real=1 ;;
    --spec) spec=$2; shift ;;
    --sample) sample=$2; shift ;;
    --all-replays) budget=(--budget 100000) ;;
    *) build=$(cd "$1" && pwd) ;;
  esac
  shift
done
work=$(mktemp -d /tmp/report-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

bot="$build/bin/random_bot"
seats=$("$build/bin/arena" games --json | python3 -c '
import json, sys
spec = sys.argv[1]
games = json.load(sys.stdin)["games"]
exact = [c for g in games for c in g["player_counts"] if c["spec"] == spec]
first = [g["player_counts"][0] for g in games if g["id"] == spec.split(":")[0]]
print((exact or first)[0]["players"])' "$spec")
bots=()
for i in $(seq 1 $((seats + 1))); do bots+=(--bot "random$i=$bot"); done
pairings=$(python3 -c "import math; print(math.comb($seats + 1, $seats))")
total=$([ "$real" = 1 ] && echo 10000 || echo "$sample")
per_pairing=$(( (total + pairings - 1) / pairings ))
start=$(date +%s)
"$build/bin/arena" tournament "$spec" "${bots[@]}" --games "$per_pairing" --tc 60+1 --concurrency 2 --seed 16 \
  --out "$work/t" --quiet >/dev/null
played=$(grep -c '^\[Event ' "$work/t/games.pgn")
echo "tournament ($played games of $spec): $(( $(date +%s) - start )) s"
mkdir "$work/all"
for i in $(seq 1 $(( (10000 + played - 1) / played ))); do cat "$work/t/games.pgn"; done > "$work/all/games.pgn"
start=$(date +%s%N)
"$build/bin/arena" report "$work/all" --out "$work/report.html" "${budget[@]}" >/dev/null
echo "arena report: $(( ($(date +%s%N) - start) / 1000000 )) ms"
games=$(grep -c '^\[Event ' "$work/all/games.pgn")
bytes=$(stat -c %s "$work/report.html")
embedded=$(grep -c 'id="replay-' "$work/report.html" || true)
echo "games: $games, replays embedded: $embedded"
echo "report.html: $bytes bytes ($(( bytes / 1048576 )) MB; $(( bytes / games )) bytes per game)"
node "$root/bench/report_paint.mjs" "$work/report.html"

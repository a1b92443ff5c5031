#!/usr/bin/env bash
# Size and first paint of the HTML report of a 10,000-game tournament (docs/report.md, "Size";
# targets of issue 16: under 25 MB, first paint under 3 s in headless chromium).
#
#   bench/report_size.sh [BUILD_DIR] [--real]   (default build/; needs arena, random_bot, and
#                                                tests/browser/node_modules from scripts/setup)
# Plays clump:size=8 between three random bots and writes the report of 10,000 games: by
# default 300 real games repeated to 10,002 records (the report's size and paint depend on the
# records, not on how long they took to play); --real plays all 10,002 (3 pairings x 3334).
# Prints games, file size, the time arena report took, and the paint times.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build" real=0
for a in "$@"; do
  if [ "$a" = --real ]; then real=1; else build=$(cd "$a" && pwd); fi
done
work=$(mktemp -d /tmp/report-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT

bot="$build/bin/random_bot"
per_pairing=$([ "$real" = 1 ] && echo 3334 || echo 100)
start=$(date +%s)
"$build/bin/arena" tournament clump:size=8 --bot "a=$bot" --bot "b=$bot" --bot "c=$bot" \
  --games "$per_pairing" --tc 60+1 --concurrency 2 --seed 16 --out "$work/t" --quiet >/dev/null
echo "tournament ($((3 * per_pairing)) games): $(( $(date +%s) - start )) s"
mkdir "$work/all"
if [ "$real" = 1 ]; then
  cp "$work/t/games.pgn" "$work/all/games.pgn"
else
  for i in $(seq 1 34); do cat "$work/t/games.pgn"; done > "$work/all/games.pgn"
fi
start=$(date +%s%N)
"$build/bin/arena" report "$work/all" --out "$work/report.html" >/dev/null
echo "arena report: $(( ($(date +%s%N) - start) / 1000000 )) ms"
games=$(grep -c '^\[Event ' "$work/all/games.pgn")
bytes=$(stat -c %s "$work/report.html")
echo "games: $games"
echo "report.html: $bytes bytes ($(( bytes / 1048576 )) MB; target < 25 MB)"
node "$root/bench/report_paint.mjs" "$work/report.html"

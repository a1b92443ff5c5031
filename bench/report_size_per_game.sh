#!/usr/bin/env bash
# Report bytes per game, for every game (docs/performance.md, "Report size per game"; issue 28's
# target: at most 30 KB per game on average, so that 10,000 games with every replay stay under
# 25 MB). For each game spec: a small tournament of mcts_bot at a few iterations (it writes an
# `info` line per move, which the report embeds) against random bots, its report, and the same
# report with the replays left out (--games of one game); the difference divided by the games
# is what one game's replay costs in the page. Prints one table row per spec.
#   bench/report_size_per_game.sh [BUILD_DIR] [SPEC-PREFIX...]   (default build/, every spec)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
work=$(mktemp -d /tmp/report-size.XXXXXX)
trap 'rm -rf "$work"' EXIT
random="$build/bin/random_bot"
mcts="$build/bin/mcts_bot --iterations 20"

# The last column: one game's replay and its game list entry (about 150 bytes) times 10,000,
# plus the page itself.
echo "| game | games | actions per game | report | replays per game | replay JSON per game (decompressed) | 10,000 games (extrapolated) |"
echo "|---|---:|---:|---:|---:|---:|---:|"
# Every game of the registry, at its fewest and its most players (arena games --json).
specs=$("$build/bin/arena" games --json | python3 -c '
import json, sys
prefixes = sys.argv[1:]
for g in json.load(sys.stdin)["games"]:
  counts = g["player_counts"]
  for c in {counts[0]["spec"]: counts[0], counts[-1]["spec"]: counts[-1]}.values():
    if not prefixes or any(c["spec"].startswith(p) for p in prefixes):
      print(c["spec"], c["players"])' "$@")
while read -r spec seats; do
  bots=(--bot "mcts=$mcts")
  for i in $(seq 2 "$seats"); do bots+=(--bot "random$i=$random"); done
  out="$work/${spec//[:=,]/_}"
  "$build/bin/arena" tournament "$spec" "${bots[@]}" --games 0 --max-tables 6 --tc 60+1 --seed 28 \
    --out "$out" --quiet </dev/null >/dev/null
  games=$(grep -c '^\[Event ' "$out/games.pgn")
  "$build/bin/arena" report "$out" --out "$out/all.html" --budget 1000000 >/dev/null
  "$build/bin/arena" report "$out" --out "$out/one.html" --games 1 >/dev/null
  all=$(stat -c %s "$out/all.html") one=$(stat -c %s "$out/one.html")
  read -r raw actions < <(python3 -c '
import base64, json, lzma, re, sys
h = open(sys.argv[1]).read()
r = [json.loads(lzma.decompress(base64.b85decode(x.replace(".", "<"))))
     for x in re.findall(r"<script type=\"application/x-arena-replay\" id=\"replay-\d+\">([^<]*)</script>", h)]
n = max(1, len(r))
print(sum(len(json.dumps(x, separators=(",", ":"))) for x in r) // n, sum(len(x["a"]) for x in r) // n)' "$out/all.html")
  per_game=$(((all - one) / (games > 1 ? games - 1 : 1)))
  echo "| $spec | $games | $actions | $((all / 1024)) KB | $((per_game / 1024)) KB | $((raw / 1024)) KB |" \
       "$(((one + (per_game + 150) * 10000) / 1024 / 1024)) MB |"
done <<< "$specs"

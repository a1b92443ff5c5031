#!/usr/bin/env bash
# Report bytes per game, for every game (docs/performance.md, "Report size per game"; issue 28's
# target: at most 30 KB per game on average, so that 10,000 games with every replay stay under
# 25 MB). For each game spec: a small tournament of mcts_bot at a few iterations (it writes an
# `info` line per move, which the report embeds) against random bots, its report, and the same
# report with every replay as pictures (--frames); what each game's element costs in the
# page, either way. Prints one table row per spec.
#   bench/report_size_per_game.sh [BUILD_DIR] [SPEC-PREFIX...]   (default build/, every spec)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
shift || true
work=$(mktemp -d /tmp/report-size.XXXXXX)
trap 'rm -rf "$work"' EXIT
random="$build/bin/random_bot"
mcts="$build/bin/mcts_bot --iterations 20"

# Per game: the mean size of its element in the page, as a record (the default, replayed by the
# page's engine: report/embedded_replay.h) and as pictures (--frames); the engine itself is in
# the page once. The last column: 10,000 games as records (the element and a game list entry of
# about 150 bytes), plus the page and the engine.
echo "| game | games | actions per game | as records, per game | as pictures (--frames), per game | replay JSON per game (decompressed) | page's engine, once | 10,000 games as records (extrapolated) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
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
  "$build/bin/arena" report "$out" --out "$out/records.html" --budget 1000000 >/dev/null
  "$build/bin/arena" report "$out" --out "$out/frames.html" --budget 1000000 --frames >/dev/null
  python3 -c '
import base64, json, lzma, re, sys
spec, records_html, frames_html = sys.argv[1:]
def elements(path):
  h = open(path).read()
  return len(h), {m[1]: m[2] for m in re.findall(r"<script type=.application/x-arena-(record|replay|engine). id=.([^\"]+).>([^<]*)</script>", h)}
def unpack(text):
  return lzma.decompress(base64.b85decode(text.replace(".", "<")))
size, records = elements(records_html)
_, frames = elements(frames_html)
games = [k for k in records if k.startswith("replay-")]
engine = len(records.get("arena-engine", ""))
replays = [json.loads(unpack(frames[k])) for k in games]
n = max(1, len(games))
mean = lambda xs: sum(xs) // n
per_record = mean(len(records[k]) for k in games)
page = size - sum(len(records[k]) for k in games) - engine - 150 * len(games)
actions = mean(len(r["a"]) for r in replays)
per_frames = mean(len(frames[k]) for k in games)
json_size = mean(len(json.dumps(r, separators=(",", ":"))) for r in replays)
total = (page + engine + (per_record + 150) * 10000) / 1024 / 1024
print(f"| {spec} | {len(games)} | {actions} | {per_record / 1024:.1f} KB | {per_frames / 1024:.1f} KB | "
      f"{json_size // 1024} KB | {engine // 1024} KB | {total:.0f} MB |")' "$spec" "$out/records.html" "$out/frames.html"
done <<< "$specs"

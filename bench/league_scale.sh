#!/bin/sh
# The scale of a standing league (issue 27; figures in docs/performance.md, "A league of 200
# bots and a million games"):
#   1. a league of BOTS first-move bots filled with GAMES synthetic games of clump:size=4
#      through the store API (bench/league_scale_bench.cpp), not by playing them;
#   2. the database's size per game;
#   3. `arena league table` (text and --json) through the binary, three times each;
#   4. `arena league run`'s time per game beyond the game itself, runs of N1 and N2 games at
#      -j 1 (the slope of the two is the time per game, start-up cancelled):
#      - a league of two instant bots against `arena match` of the same two: both keep the
#        bots running from game to game, so the difference is the league's own work;
#      - the big league and a fresh league of the same bots, against a gauntlet of those bots
#        (`arena tournament --gauntlet`): there a game's two bots change every table, as in a
#        league of many bots, and starting them is part of the game (a gauntlet starts a bot
#        every two games; a league's tables change less often, so it starts fewer).
# Prints Markdown table rows: | measurement | value | target | met |
#
#   bench/league_scale.sh [--bin build-bench/bin] [--bots 200] [--games 1000000] [--runs 200,1000]
set -eu
bin=build-bench/bin bots=200 games=1000000 runs=200,1000
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) bin=$2; shift 2 ;;
    --bots) bots=$2; shift 2 ;;
    --games) games=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    *) echo "usage: $0 [--bin DIR] [--bots N] [--games N] [--runs N1,N2]" >&2; exit 2 ;;
  esac
done
n1=${runs%,*} n2=${runs#*,}
spec=clump:size=4
bot=$(cd "$bin" && pwd)/first_move_bot
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-league-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

now() { date +%s.%N; }
since() { echo "$(now) $1" | awk '{printf "%.3f", $1 - $2}'; }
row() { printf '| %s | %s | %s | %s |\n' "$1" "$2" "$3" "$4"; }
met() { awk -v v="$1" -v t="$2" 'BEGIN{print (v < t) ? "yes" : "no"}'; }

"$bin/arena" match "$spec" --bot a="$bot" --bot b="$bot" --games 1 --out "$work/template.pgn" >/dev/null
"$bin/arena" league new "$work/big" "$spec" >/dev/null
t=$(now)
"$bin/league_scale_bench" "$work/big" "$work/template.pgn" "$bot" --bots "$bots" --games "$games" >/dev/null
fill=$(since "$t")
db=$(stat -c %s "$work/big/league.db")
row "league of $bots bots: $games synthetic games stored through the store API" "$fill s" "" ""
row "league database per game (league.db $(awk -v b="$db" 'BEGIN{printf "%.0f MB", b/1e6}'))" \
  "$(awk -v b="$db" -v g="$games" 'BEGIN{printf "%.0f bytes", b/g}')" "(stated)" ""
tallies=$(python3 -c "import sqlite3; print(sqlite3.connect('$work/big/league.db').execute('SELECT count(*) FROM tallies').fetchone()[0])")
row "of which tallies (sums kept beside the records)" "$tallies rows" "" ""

for format in "" "--json"; do
  best=
  for i in 1 2 3; do
    t=$(now)
    "$bin/arena" league table "$work/big" $format >/dev/null
    s=$(since "$t")
    best=$(echo "$s ${best:-$s}" | awk '{print ($1 < $2) ? $1 : $2}')
  done
  row "arena league table $format, $bots bots, $games games (best of 3)" "$best s" "< 1 s" "$(met "$best" 1)"
done

# Seconds for `arena league run DIR -j 1 --games N`.
run_time() {
  t=$(now)
  "$bin/arena" league run "$1" -j 1 --games "$2" --quiet >/dev/null
  since "$t"
}
"$bin/arena" league new "$work/fresh" "$spec" >/dev/null
"$bin/league_scale_bench" "$work/fresh" "$work/template.pgn" "$bot" --bots "$bots" --games 0 >/dev/null
big1=$(run_time "$work/big" "$n1") big2=$(run_time "$work/big" "$n2")
fresh1=$(run_time "$work/fresh" "$n1") fresh2=$(run_time "$work/fresh" "$n2")
"$bin/arena" league new "$work/two" "$spec" >/dev/null
"$bin/arena" league add "$work/two" "a=$bot" >/dev/null
"$bin/arena" league add "$work/two" "b=$bot" >/dev/null
two1=$(run_time "$work/two" "$n1") two2=$(run_time "$work/two" "$n2")
match_time() {
  t=$(now)
  "$bin/arena" match "$spec" --bot a="$bot" --bot b="$bot" --games "$1" -j 1 >/dev/null
  since "$t"
}
match1=$(match_time "$n1") match2=$(match_time "$n2")
# A gauntlet of bot000 against as many others as N games need (two games a pairing).
gauntlet_time() {
  n=$1
  set -- --gauntlet g0
  i=0
  while [ "$i" -le $((n / 2)) ]; do
    set -- "$@" --bot "g$i=$bot"
    i=$((i + 1))
  done
  t=$(now)
  "$bin/arena" tournament "$spec" "$@" --games 2 -j 1 --out "$work/gauntlet-$n" -q >/dev/null
  since "$t"
}
gauntlet1=$(gauntlet_time "$n1") gauntlet2=$(gauntlet_time "$n2")
per() { awk -v a="$1" -v b="$2" -v n1="$n1" -v n2="$n2" 'BEGIN{printf "%.3f", (b - a) / (n2 - n1) * 1000}'; }
big=$(per "$big1" "$big2") fresh=$(per "$fresh1" "$fresh2") two=$(per "$two1" "$two2")
match=$(per "$match1" "$match2") gauntlet=$(per "$gauntlet1" "$gauntlet2")
row "arena match of two first-move bots, -j 1: the game itself, bots kept running" "$match ms a game" "(reference)" ""
row "league run -j 1, a league of those two bots (slope of $n1 and $n2 games)" "$two ms a game" "" ""
over=$(awk -v b="$two" -v g="$match" 'BEGIN{printf "%.3f", b - g}')
row "league run: time per game beyond the game itself, bots kept running" "$over ms" "< 1 ms" "$(met "$over" 1)"
row "arena tournament --gauntlet of first-move bots, -j 1: the game with its two bots started" \
  "$gauntlet ms a game" "(reference)" ""
row "league run -j 1 on a fresh league of $bots bots (slope; start-up $fresh1 s)" "$fresh ms a game" "" ""
row "league run -j 1 on the $games-game league (slope; start-up and first fit $big1 s for $n1 games)" \
  "$big ms a game" "" ""
over=$(awk -v b="$big" -v g="$gauntlet" 'BEGIN{printf "%.3f", b - g}')
row "league run: time per game beyond the game with its bots started, $games-game league" "$over ms" "< 1 ms" \
  "$(met "$over" 1)"

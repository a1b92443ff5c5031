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
#        bots running from game to game, so the difference is all the league's own work
#        (pairing, store, live files);
#      - the big league and a fresh league of the same bots, whose tables change bots (a
#        game's bots are started for it, as in a tournament of many bots): the time the games
#        waited for the league's pairing, which the run counts and prints at its end.
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
run_time() {  # run_time DIR GAMES: seconds; the run's last line in $work/last
  t=$(now)
  "$bin/arena" league run "$1" -j 1 --games "$2" | tail -n 1 >"$work/last"
  since "$t"
}
# "league D: N games kept in S s; they waited W s for the pairing (X ms a game)": X
waited() { sed -n 's/.*(\([0-9.]*\) ms a game).*/\1/p' "$work/last"; }
"$bin/arena" league new "$work/fresh" "$spec" >/dev/null
"$bin/league_scale_bench" "$work/fresh" "$work/template.pgn" "$bot" --bots "$bots" --games 0 >/dev/null
big1=$(run_time "$work/big" "$n1")
big2=$(run_time "$work/big" "$n2") big_waited=$(waited)
fresh1=$(run_time "$work/fresh" "$n1")
fresh2=$(run_time "$work/fresh" "$n2") fresh_waited=$(waited)
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
per() { awk -v a="$1" -v b="$2" -v n1="$n1" -v n2="$n2" 'BEGIN{printf "%.3f", (b - a) / (n2 - n1) * 1000}'; }
big=$(per "$big1" "$big2") fresh=$(per "$fresh1" "$fresh2") two=$(per "$two1" "$two2") match=$(per "$match1" "$match2")
row "arena match of two first-move bots, -j 1 (slope of $n1 and $n2 games): the game itself" "$match ms a game" \
  "(reference)" ""
row "league run -j 1, a league of those two bots (slope)" "$two ms a game" "" ""
over=$(awk -v b="$two" -v g="$match" 'BEGIN{printf "%.3f", b - g}')
row "league run: time per game beyond the game itself (two bots, kept running)" "$over ms" "< 1 ms" \
  "$(met "$over" 1)"
row "league run -j 1 on a fresh league of $bots bots (slope; start-up $fresh1 s): bots started per table" \
  "$fresh ms a game" "" ""
row "of which the games waited for the league's pairing ($n2-game run)" "$fresh_waited ms a game" "< 1 ms" \
  "$(met "$fresh_waited" 1)"
row "league run -j 1 on the $games-game league (slope; start-up and first fit $big1 s for $n1 games)" \
  "$big ms a game" "" ""
row "of which the games waited for the league's pairing ($n2-game run)" "$big_waited ms a game" "< 1 ms" \
  "$(met "$big_waited" 1)"

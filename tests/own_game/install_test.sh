#!/usr/bin/env bash
# A game of one's own with an installed Arena (docs/new-game.md): installs Arena to a
# temporary prefix, builds tests/own_game/out_of_tree/ (an arena and a bot with Connect
# Three) against it with find_package(Arena COMPONENTS cli), then checks the bot, plays a
# match and verifies its records with that arena. Usage: install_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-own-game-XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== install Arena to $work/prefix"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
echo "== build the arena and bot of tests/own_game/out_of_tree/"
cmake -S "$src/tests/own_game/out_of_tree" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" >/dev/null
arena="$work/build/my_arena"
bot="$work/build/my_bot"

echo "== the game is listed, the bot passes check-bot"
"$arena" games >"$work/games.txt"
grep -q '^connect3 ' "$work/games.txt"
"$arena" check-bot "$bot" --game connect3 --games 2 >/dev/null
echo "== a match of the bot against itself, its records verified"
"$arena" match connect3:rows=5 --bot a="$bot" --bot b="$bot" --games 2 --seed 4 --out "$work/m.pgn" >/dev/null
"$arena" verify "$work/m.pgn"
echo "== the installed arena does not know the game"
"$work/prefix/bin/arena" games >"$work/games.txt"
if grep -q '^connect3 ' "$work/games.txt"; then exit 1; fi
echo "ok"

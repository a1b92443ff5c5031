#!/usr/bin/env bash
# The starter kits as a bot author uses them (kits/README.md): installs Arena to a temporary
# prefix and builds the C++ kit out of tree against it, installs the Python package into a
# fresh venv, builds the Rust kit, runs the JavaScript and Java kits, then `arena check-bot`
# on every kit for every game. Usage: test_kits.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-kits-XXXXXX")
trap 'rm -rf "$work"' EXIT

step() { echo "== $*"; }
step "install Arena to $work/prefix"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
arena="$work/prefix/bin/arena"

step "C++ kit, out of tree, with find_package(Arena)"
cmake -S "$src/kits/cpp" -B "$work/cpp" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/cpp" >/dev/null
step "C++ kit with pkg-config"
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" c++ -O1 -o "$work/cpp-pc-bot" "$src/kits/cpp/bot.cpp" \
  $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs arena)

step "Python package into a fresh venv (no download)"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --no-index --quiet "$src/protocol/python"
(cd "$work" && "$work/venv/bin/python" -c "import arena_bot, arena_bot.random")

step "Rust kit (cargo, offline)"
CARGO_TARGET_DIR="$work/rust" cargo build --quiet --offline --release --manifest-path "$src/kits/rust/Cargo.toml"

# -XX:-UsePerfData: no /tmp/hsperfdata_<user> folder left behind by the JVM.
java_bot="java -Xmx256m -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m -XX:-UsePerfData $src/kits/java/Bot.java"
kits=(
  "cpp|$work/cpp/bot"
  "cpp-pkg-config|$work/cpp-pc-bot"
  "python|$work/venv/bin/python $src/kits/python/bot.py"
  "python-module|$work/venv/bin/python -m arena_bot.random"
  "javascript|node $src/kits/javascript/bot.js"
  "rust|$work/rust/release/arena-kit-bot"
  "java|$java_bot"
)
failed=0
for kit in "${kits[@]}"; do
  name=${kit%%|*}
  command=${kit#*|}
  for game in clump flume flows flush flume-cards; do
    if out=$(cd "$work" && "$arena" check-bot "$command" --game "$game" --games 2 2>&1); then
      echo "ok   $name $game"
    else
      echo "FAIL $name $game"
      echo "$out" | grep -v '^PASS' | sed 's/^/     /'
      failed=1
    fi
  done
done
exit $failed

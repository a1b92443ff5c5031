#!/usr/bin/env bash
# The starter kits as a bot author uses them (kits/README.md): installs Arena to a temporary
# prefix; copies each kit's folder out of the tree and builds it there once, as its README
# says (the C++ kit with find_package(Arena) against the prefix, and once more with
# pkg-config; the Python package into a fresh venv; cargo; javac); runs the JavaScript kit on
# the installed engine (share/arena/js; skipped, and said, in a build without the WebAssembly
# engine); then `arena check-bot` on every kit for every game. Then every kit's documented
# command plays a tournament under `--sandbox bwrap` (process/sandbox_view.h): once from the
# Arena tree as the docs write them, once from each kit's copy, run from that folder.
# Usage: test_kits.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-kits-XXXXXX")
trap 'rm -rf "$work"' EXIT

step() { echo "== $*"; }
step "install Arena to $work/prefix"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
arena="$work/prefix/bin/arena"

# Each kit is built once, as its README says, in a copy of its folder outside the tree: that
# build serves the check-bot runs, the tournament from the tree and the one from the copy
# (building each twice, once from the tree and once in the copy, compiled the same sources
# twice: about a third of this test's time).
copies="$work/copies"
mkdir -p "$copies"
for kit in cpp python javascript rust java; do cp -r "$src/kits/$kit" "$copies/$kit"; done
rm -rf "$copies/rust/target" "$copies/java/out"

step "C++ kit, out of tree, with find_package(Arena)"
(cd "$copies/cpp" && cmake -S . -B build -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
  cmake --build build >/dev/null)
step "C++ kit with pkg-config"
PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" c++ -O1 -o "$work/cpp-pc-bot" "$src/kits/cpp/bot.cpp" \
  $(PKG_CONFIG_PATH="$work/prefix/lib/pkgconfig" pkg-config --cflags --libs arena)

step "Python package into a fresh venv (no download)"
(cd "$copies/python" && python3 -m venv venv && venv/bin/pip install --no-index --quiet "$src/protocol/python")
venv="$copies/python/venv"
(cd "$work" && "$venv/bin/python" -c "import arena_bot, arena_bot.random")

step "Rust kit (cargo, offline)"
(cd "$copies/rust" && cargo build --quiet --offline --release)

step "Java kit, compiled once"
(cd "$copies/java" && javac -J-XX:-UsePerfData -d out Bot.java)
# -XX:-UsePerfData: no /tmp/hsperfdata_<user> folder left behind by the JVM.
jvm="java -Xmx256m -XX:ReservedCodeCacheSize=64m -XX:CompressedClassSpaceSize=64m -XX:-UsePerfData"
java_bot="$jvm -cp $copies/java/out Bot"
# The JavaScript kit thinks with the engine compiled to WebAssembly (docs/javascript.md); node
# needs --disable-wasm-trap-handler under the referee's address-space limit.
node_bot="node --disable-wasm-trap-handler"
js=true
if [ ! -f "$work/prefix/share/arena/js/arena.wasm" ]; then
  js=false && echo "skip javascript: this build has no WebAssembly engine"
elif ! $node_bot -e 0 2>/dev/null; then
  js=false && echo "skip javascript: node $(node --version) has no --disable-wasm-trap-handler (Node 20.15 or later)"
fi
kits=(
  "cpp|$copies/cpp/build/bot"
  "cpp-pkg-config|$work/cpp-pc-bot"
  "python|$venv/bin/python $src/kits/python/bot.py"
  "python-module|$venv/bin/python -m arena_bot.random"
  "rust|$copies/rust/target/release/arena-kit-bot"
  "java|$java_bot"
)
! $js || kits+=("javascript|$node_bot $src/kits/javascript/bot.mjs $work/prefix/share/arena/js")
# Every game, as the registry lists it (`arena games --json`, docs/rules/README.md).
mapfile -t games < <("$arena" games --json | python3 -c 'import json, sys; print("\n".join(g["id"] for g in json.load(sys.stdin)["games"]))')
[ "${#games[@]}" -gt 0 ] || { echo "FAIL: arena games --json lists no game"; exit 1; }
failed=0
for kit in "${kits[@]}"; do
  name=${kit%%|*}
  command=${kit#*|}
  for game in "${games[@]}"; do
    if out=$(cd "$work" && "$arena" check-bot "$command" --game "$game" --games 2 2>&1); then
      echo "ok   $name $game"
    else
      echo "FAIL $name $game"
      echo "$out" | grep -v '^PASS' | sed 's/^/     /'
      failed=1
    fi
  done
done

# A tournament under the sandbox; no game may end by a fault (a kit that cannot see its
# script, module or interpreter fails to start, and the tournament stops).
sandboxed_tournament() {
  local label=$1 dir=$2 out=$3
  shift 3
  if log=$(cd "$dir" && "$arena" tournament "$@" --sandbox bwrap --games 2 --seed 5 --quiet --out "$out" 2>&1) &&
    ! grep -q '"fault_seat":[1-9]' "$out/journal.jsonl"; then
    echo "ok   $label: sandboxed tournament"
  else
    echo "FAIL $label: sandboxed tournament"
    echo "$log" | sed 's/^/     /'
    grep -o '"termination":"[a-z_]*"' "$out/journal.jsonl" 2>/dev/null | sort | uniq -c | sed 's/^/     /'
    failed=1
  fi
}

step "every kit's documented command, from the Arena tree, under --sandbox bwrap"
js_tree=()
! $js || js_tree=(--bot javascript="$node_bot kits/javascript/bot.mjs $build/js")
sandboxed_tournament "from the tree" "$src" "$work/t-tree" clump:size=6 \
  --bot cpp="$copies/cpp/build/bot" \
  --bot python="$venv/bin/python kits/python/bot.py" \
  --bot python-module="$venv/bin/python -m arena_bot.random" \
  "${js_tree[@]}" \
  --bot rust="$copies/rust/target/release/arena-kit-bot" \
  --bot java="$java_bot"

step "every kit copied out of the tree, built and run in its copy as its README says"
! $js || cp "$build/js"/arena.* "$copies/javascript/"
# Each from its own folder, against random_bot; the output folder inside the kit's folder
# (which the sandbox shows the bot: its script's folder) is masked.
random_bot="$build/bin/random_bot"
sandboxed_tournament "cpp copy" "$copies/cpp" "$copies/cpp/results" clump:size=6 --bot me=build/bot --bot r="$random_bot"
sandboxed_tournament "python copy" "$copies/python" "$copies/python/results" clump:size=6 --bot me="venv/bin/python bot.py" --bot r="$random_bot"
! $js || sandboxed_tournament "javascript copy" "$copies/javascript" "$copies/javascript/results" clump:size=6 \
  --bot me="$node_bot bot.mjs" --bot r="$random_bot"
sandboxed_tournament "rust copy" "$copies/rust" "$copies/rust/results" clump:size=6 --bot me=target/release/arena-kit-bot --bot r="$random_bot"
sandboxed_tournament "java copy" "$copies/java" "$copies/java/results" clump:size=6 --bot me="$jvm -cp out Bot" --bot r="$random_bot"
exit $failed

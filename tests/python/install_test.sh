#!/usr/bin/env bash
# arena_games installed as docs/python.md says, offline: a venv that sees Debian's packages,
# `pip install --no-build-isolation ./bindings/python` (and the SDK) with no package index; then
# the module imports with Arena's version, and the Python MCTS kit bot passes `arena check-bot`.
# Works on a copy of the tree's files in a temporary folder, so the source tree gets no build/.
# Usage: install_test.sh SOURCE_DIR BIN_DIR PYTHON
set -euo pipefail
src="$1" bin="$2" python="$3"
tmp="$(mktemp -d /tmp/arena-python-install.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/src"
if git -C "$src" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$src" ls-files -z --cached --others --exclude-standard |
    (cd "$src" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
    tar -C "$src" --null -T - -cf - | tar -C "$tmp/src" -xf -
else
  tar -C "$src" --exclude='./build*' -cf - . | tar -C "$tmp/src" -xf -
fi

export PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-2}"
if command -v ccache >/dev/null; then
  # Paths below the copy hash as relative ones: a second run reuses the first one's objects.
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR="$tmp/src"
fi
"$python" -m venv --system-site-packages "$tmp/venv"
cd "$tmp/src"
"$tmp/venv/bin/pip" install --no-build-isolation ./bindings/python > "$tmp/pip.log" 2>&1 || {
  tail -n 60 "$tmp/pip.log"
  exit 1
}
"$tmp/venv/bin/pip" install ./protocol/python > "$tmp/pip-sdk.log" 2>&1 || {
  tail -n 30 "$tmp/pip-sdk.log"
  exit 1
}

version="$(sed -n 's/^project(arena VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
cd "$tmp"  # away from the tree: the installed module, not a folder named arena_games
installed="$("$tmp/venv/bin/python" -c 'import arena_games; print(arena_games.__version__, arena_games.__file__)')"
echo "installed: $installed"
case "$installed" in
  "$version $tmp/venv/"*) ;;
  *) echo "FAIL: expected version $version installed in the venv"; exit 1 ;;
esac
"$tmp/venv/bin/python" -c 'import arena_games; s = arena_games.load("clump:size=6").new_initial_state(); s.playout(1); assert s.is_terminal()'

# The bot thinks about a millisecond a move (a 50th of its usual time: at least one iteration of
# its search, sampling and playouts through the installed module): check-bot's checks are of the
# protocol, and a Flush check makes 1,374 decisions in 4 games (at a fifth of its time they took
# 100 s). Two games, as the kits test checks every kit: a second game in the same process is
# still played, at half the cost (the bot's thinking is most of this test's time after the build).
for game in clump:size=6 flush:players=3; do
  "$bin/arena" check-bot "$tmp/venv/bin/python $tmp/src/kits/python/mcts_bot.py --time-fraction 0.02" --game "$game" \
    --games 2 > "$tmp/check.log" 2>&1 || {
    cat "$tmp/check.log"
    exit 1
  }
  tail -n 1 "$tmp/check.log"
done
echo "install test passed"

#!/usr/bin/env bash
# `cmake --install` puts every program docs/bots.md names into PREFIX/bin: arena and the
# sample bots, mcts_bot included. Installs with DESTDIR into a temporary folder, removed on exit.
# Usage: install_test.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/arena-install-XXXXXX")
trap 'rm -rf "$work"' EXIT
DESTDIR="$work" cmake --install "$build" --prefix /opt/arena >/dev/null
missing=0
for program in arena random_bot greedy_bot first_move_bot mcts_bot; do
  if [ ! -x "$work/opt/arena/bin/$program" ]; then
    echo "not installed: bin/$program" >&2
    missing=1
  fi
done
exit "$missing"

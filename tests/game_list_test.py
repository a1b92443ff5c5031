#!/usr/bin/env python3
"""Fails when a list of games appears outside the registry (issue 29, "Games listed once").

The games are listed once, in engine/games.h; everything else asks the registry
(`all_games()`, `arena games --json`). This scans every file git tracks for a line naming three or more
game ids and, outside Markdown, for a few consecutive lines whose string literals do (an
array written one entry a line), and prints each. The ids come from `arena games --json`, so this script keeps no list either.

Not scanned, each for a reason:
- engine/: the registry and the games themselves;
- docs/rules/ and tests/engine/: one game's rules and their tests, which may compare games;
- README.md up to its first section: the paragraph that says what the product is.

Usage: game_list_test.py SOURCE_DIR ARENA_BINARY
"""
import json
import os
import re
import subprocess
import sys

EXCLUDED_FOLDERS = ("engine/", "docs/rules/", "tests/engine/")
WINDOW = 3  # lines: an array of specs written one a line still counts as one list


def game_ids(arena):
    out = subprocess.run([arena, "games", "--json"], check=True, capture_output=True, text=True).stdout
    return [g["id"] for g in json.loads(out)["games"]]


def id_pattern(ids):
    """Any id, also spelled with '_' or ' ' for '-', as a whole word: flume-cards-5 names
    flume-cards, but flume_cards_game.cpp and fflush name nothing."""
    spellings = {s for i in ids for s in (i, i.replace("-", "_"), i.replace("-", " "))}
    words = "|".join(re.escape(s) for s in sorted(spellings, key=len, reverse=True))
    return re.compile(r"(?<![\w-])(" + words + r")(?!\w)(?!-[a-z])", re.IGNORECASE)


def names(pattern, line, quoted_only=False):
    """The games a line names; with quoted_only, only those opening a string literal."""
    return {
        m.group(1).lower().replace("_", "-").replace(" ", "-")
        for m in pattern.finditer(line)
        if not quoted_only or line[m.start() - 1 : m.start()] in ("'", '"', "`")
    }


def lists_in(pattern, lines, code=True):
    """(line number, ids) of every line naming three or more games and, in code, of every few
    consecutive lines whose string literals do (an array written one entry a line). Prose may
    compare a few games over a paragraph; a list on one line is still a list."""
    found, reported_until = [], 0
    on_line = [names(pattern, line) for line in lines]
    quoted = [names(pattern, line, True) for line in lines] if code else [set()] * len(lines)
    for i in range(len(lines)):
        window = set().union(*quoted[i : i + WINDOW])
        hit = on_line[i] if len(on_line[i]) >= 3 else window if len(window) >= 3 and quoted[i] else None
        if hit and i >= reported_until:
            found.append((i + 1, sorted(hit)))
            reported_until = i + (WINDOW if hit is window else 1)
    return found


def scanned_lines(path, text):
    lines = text.split("\n")
    if path == "README.md":  # the opening paragraph, before the first section, is prose
        first_section = next((i for i, l in enumerate(lines) if l.startswith("## ")), 0)
        lines = [""] * first_section + lines[first_section:]
    return lines


def source_files(source):
    """The files git tracks; outside a git checkout (a source archive), every file but the
    hidden, build and node_modules folders."""
    listing = subprocess.run(["git", "-C", source, "ls-files"], capture_output=True, text=True)
    if listing.returncode == 0:
        return listing.stdout.splitlines()
    files = []
    for folder, subfolders, names in os.walk(source):
        subfolders[:] = [d for d in subfolders if not d.startswith((".", "build")) and d != "node_modules"]
        files += [os.path.relpath(os.path.join(folder, n), source) for n in names]
    return files


def check_detector(pattern, ids):
    """The scan must see a list on one line and one entry a line, and not a file name."""
    assert lists_in(pattern, [", ".join(ids[:3])]), "a one-line list was not found"
    assert lists_in(pattern, [f'"{i}:x=1",' for i in ids[:3]]), "a list one entry a line was not found"
    assert not lists_in(pattern, [" ".join(i.replace("-", "_") + "_game.cpp" for i in ids)]), "file names"


def main():
    source, arena = sys.argv[1], sys.argv[2]
    ids = game_ids(arena)
    if len(ids) < 3:
        print(f"only {len(ids)} games: nothing to check")
        return 0
    pattern = id_pattern(ids)
    check_detector(pattern, ids)
    failures = 0
    for path in source_files(source):
        if path.startswith(EXCLUDED_FOLDERS):
            continue
        try:
            with open(f"{source}/{path}", encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
            continue  # binary files (pictures) and files deleted but not yet committed
        for line, found in lists_in(pattern, scanned_lines(path, text), not path.endswith(".md")):
            print(f"{path}:{line}: names {', '.join(found)}: ask the registry (arena games --json, all_games())")
            failures += 1
    print(f"{failures} list(s) of games outside the registry" if failures else "the games are listed once")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

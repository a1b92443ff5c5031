#!/usr/bin/env python3
"""Fails on an #include that runs against the layer order (docs/architecture.md).

Each folder is one library and may include only its own headers and those of the
folders it is allowed to link. The CMake links say the same; this check also catches a
header-only include that the linker would never notice. The table itself has no circle, and no
library's subfolder is allowed more than its library (no exception hidden inside a layer).
"""
import pathlib
import re
import sys

LIBRARIES = ["engine", "protocol", "records", "process", "referee", "ratings", "tournaments", "store",
             "league", "report", "serve", "cli"]
# folder -> folders whose headers it may include (besides its own); a file follows the
# rule of the longest folder that holds it (tests/bots/ before tests/)
ALLOWED = {
    "engine": set(),
    "protocol": {"engine"},
    "records": {"engine"},
    "process": {"engine", "protocol"},
    "referee": {"engine", "protocol", "records", "process"},
    "ratings": {"engine", "records"},
    "tournaments": {"engine", "protocol", "records", "process", "referee", "ratings"},
    "store": {"engine"},
    "league": {"engine", "protocol", "records", "process", "referee", "ratings", "tournaments", "store"},
    "report": {"engine", "records", "ratings"},
    # `arena serve`: the report's page and replays, the store (a league's games), the live files.
    "serve": {"engine", "protocol", "records", "process", "referee", "ratings", "tournaments", "store", "report"},
    "cli": {"engine", "protocol", "records", "process", "referee", "ratings", "tournaments", "store", "league",
            "report", "serve"},
    "bots": {"engine", "protocol"},
    # The batch of games for training loops, under the Python module (docs/learning.md).
    "bindings/batch": {"engine"},
    # The engine for JavaScript (bindings/js/): the games compiled to WebAssembly, and its exports.
    "bindings/js": {"engine"},
    # The report's replay in the browser (bindings/page_engine/): a WebAssembly program joining
    # the records, each seat's decision lines (referee/decision_lines.h) and the report's replay
    # (report/page_replay.h), as the command line does; nothing of cli/.
    "bindings/page_engine": {"engine", "protocol", "records", "referee", "report"},
    "kits": {"engine", "protocol"},
    # The engine in other languages (bindings/python/: the module arena_games): the engine and
    # the sample bots' search (bots/search/), nothing that runs or judges games.
    "bindings": {"engine", "bots"},
    # Benchmarks measure the libraries (and run the binaries as processes): never cli/.
    "bench": set(LIBRARIES) - {"cli"} | {"bindings"},
    # Tests may reach everything they test, and the sample bots' search.
    "tests": set(LIBRARIES) | {"bots", "bindings"},
    # The misbehaving test bots are bots: the SDK and the engine only.
    "tests/bots": {"engine", "protocol"},
    # The sixth game is a game (the engine) with the mains that register it.
    "tests/own_game": {"engine", "protocol", "cli"},
    "tests/fuzz": {"engine", "protocol", "records"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def rule_of(relative: str) -> str:
    """The ALLOWED key of the longest folder holding `relative`."""
    keys = [k for k in ALLOWED if relative == k or relative.startswith(k + "/")]
    return max(keys, key=len) if keys else ""


def table_problems() -> list:
    """What is wrong with ALLOWED itself: a circle (a folder that may include, through others, a
    folder that may include it), or a library's subfolder allowed more than its library (an
    exception hidden inside a layer)."""
    problems = []
    for key, allowed in ALLOWED.items():
        top = key.split("/")[0]
        if top in LIBRARIES and key != top and not allowed <= ALLOWED[top]:
            problems.append(f"{key}/ may include {sorted(allowed - ALLOWED[top])}, which {top}/ may not")
    for start in ALLOWED:
        reached, frontier = set(), [start]
        while frontier:
            for target in ALLOWED.get(frontier.pop(), set()):
                if target not in reached:
                    reached.add(target)
                    frontier.append(target)
        if start in reached:
            problems.append(f"{start}/ may include itself through the folders it may include (a circle)")
    return problems


def main(root: pathlib.Path) -> int:
    problems = table_problems()
    checked = 0
    tops = {key.split("/")[0] for key in ALLOWED}
    for top in sorted(tops):
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in {".h", ".hpp", ".cpp", ".cc"}:
                continue
            relative = path.relative_to(root).as_posix()
            if relative.startswith("tests/layers_fixture/"):
                continue  # the fixture's backwards include is checked on its own tree
            folder = rule_of(relative)
            allowed = ALLOWED[folder]
            checked += 1
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                if not match or "/" not in match.group(1):
                    continue
                target = match.group(1).split("/", 1)[0]
                if target == folder.split("/")[0] or target not in tops:
                    continue
                if target not in allowed:
                    problems.append(f"{relative}:{number}: {folder}/ includes "
                                    f"{match.group(1)} ({target}/ is not below {folder}/)")
    for problem in problems:
        print(problem)
    print(f"check_layers: {checked} files, {len(problems)} backwards includes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")))

#!/usr/bin/env python3
"""Fails on an #include that runs against the layer order (docs/architecture.md).

Each folder is one library and may include only its own headers and those of the
folders it is allowed to link. The CMake links say the same; this check also catches a
header-only include that the linker would never notice.
"""
import pathlib
import re
import sys

# folder -> folders whose headers it may include (besides its own)
ALLOWED = {
    "engine": set(),
    "protocol": {"engine"},
    "records": {"engine"},
    "process": {"engine", "protocol"},
    "referee": {"engine", "protocol", "records", "process"},
    "ratings": {"engine", "records"},
    "tournaments": {"engine", "protocol", "records", "process", "referee", "ratings"},
    "report": {"engine", "records", "ratings"},
    "cli": {"engine", "protocol", "records", "process", "referee", "ratings", "tournaments", "report"},
    "bots": {"engine", "protocol"},
    "kits": {"engine", "protocol"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def main(root: pathlib.Path) -> int:
    problems = []
    checked = 0
    for folder, allowed in ALLOWED.items():
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in {".h", ".hpp", ".cpp", ".cc"}:
                continue
            checked += 1
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                if not match or "/" not in match.group(1):
                    continue
                target = match.group(1).split("/", 1)[0]
                if target == folder or target not in ALLOWED:
                    continue
                if target not in allowed:
                    problems.append(f"{path.relative_to(root)}:{number}: {folder}/ includes "
                                    f"{match.group(1)} ({target}/ is not below {folder}/)")
    for problem in problems:
        print(problem)
    print(f"check_layers: {checked} files, {len(problems)} backwards includes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")))

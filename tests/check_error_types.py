#!/usr/bin/env python3
"""Fails on `throw std::invalid_argument` or `throw std::runtime_error` in the product folders.

Bad input is a UserError (engine/core/user_error.h), which `arena` prints as "arena: error:
..." with exit status 2; any other exception that reaches the command line is reported as a
bug in Arena (status 3). A bug found by a check of Arena's own is a std::logic_error. The
two std types above are neither, so they are not thrown at all: std::stoi and its kin still
throw them, and are caught where they are called.
"""
import pathlib
import re
import sys

FOLDERS = ["engine", "protocol", "records", "process", "referee", "ratings", "tournaments", "report", "cli",
           "bots", "bindings"]
THROW = re.compile(r"\bthrow\s+std::(invalid_argument|runtime_error)\b")
# file -> why it may throw one of them
EXCEPTIONS = {
    "bots/greedy_bot.cpp": "a sample bot is a program of its own, outside arena: its error ends the bot "
                           "(the referee rules the fault), no arena user sees it",
}
# The pattern must match what it is for: a check that cannot fail proves nothing.
assert all(THROW.search(s) for s in ['throw std::invalid_argument("x");', "  throw  std::runtime_error{why};"])


def main(root: pathlib.Path) -> int:
    problems, checked, excused = [], 0, set()
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in {".h", ".hpp", ".cpp", ".cc"}:
                continue
            relative = path.relative_to(root).as_posix()
            checked += 1
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if line.lstrip().startswith("//") or not THROW.search(line):
                    continue
                if relative in EXCEPTIONS:
                    excused.add(relative)
                else:
                    problems.append(f"{relative}:{number}: {line.strip()} (throw a UserError for bad input, "
                                    "a std::logic_error for a bug)")
    problems += [f"{name}: listed in EXCEPTIONS but throws neither any more" for name in EXCEPTIONS
                 if name not in excused]
    for problem in problems:
        print(problem)
    print(f"check_error_types: {checked} files, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")))

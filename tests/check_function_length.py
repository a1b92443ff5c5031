#!/usr/bin/env python3
"""Fails on a function longer than LIMIT lines in the library folders, unless the line
before it carries a comment starting `// Long:` that says why it must be (DEVELOPERS.md:
functions short enough to read at once).

A function is found the way clang-format lays our code out: a definition starts at
column 0 (or at the indent of a class body) with its opening brace on the signature's
last line, and ends at the first closing brace at the same indent. Lambdas are counted
as part of the function that holds them.
"""
import pathlib
import re
import sys

FOLDERS = ["engine", "protocol", "records", "process", "referee", "ratings", "tournaments", "report", "cli",
           "bindings"]
LIMIT = 100
OPENS = re.compile(r"\)\s*(const\s*)?(noexcept\s*)?(override\s*)?(->\s*[^{]+)?\{\s*$")
CONTROL = ("if", "for", "while", "switch", "else", "}", "catch", "do", "return", "[", "auto ", "const auto")


def signature_start(lines, i):
    """The first line of the statement whose last line is lines[i]."""
    while i > 0:
        prev = lines[i - 1].rstrip()
        if not prev or prev.endswith((";", "{", "}", ":")) or prev.lstrip().startswith(("//", "#")):
            break
        i -= 1
    return i


def long_functions(path: pathlib.Path):
    lines = path.read_text(errors="replace").splitlines()
    i = 0
    while i < len(lines):
        if not OPENS.search(lines[i]):
            i += 1
            continue
        first = signature_start(lines, i)
        head = lines[first]
        body = head.lstrip()
        indent = head[: len(head) - len(body)]
        if body.startswith(CONTROL) or "=" in body.split("(")[0] or len(indent) > 2:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end].rstrip() != indent + "}":
            end += 1
        length = end - first + 1
        before = lines[first - 1].strip() if first > 0 else ""
        if length > LIMIT and not before.startswith("// Long:"):
            yield first + 1, length, " ".join(l.strip() for l in lines[first : i + 1])
        i = end + 1


def main(root: pathlib.Path) -> int:
    found = 0
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.cpp")):
            for line, length, signature in long_functions(path):
                found += 1
                print(f"{path.relative_to(root)}:{line}: {length} lines: {signature[:80]}")
    print(f"check_function_length: {found} functions over {LIMIT} lines without a '// Long:' reason")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")))

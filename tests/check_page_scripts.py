#!/usr/bin/env python3
"""Fails when a script of the report page (report/page/scripts.txt) is not one module: each
must be its header comment, "use strict", and one function run once, whose names stay its own:

    const Name = (() => {      a module that hands the others what they use, as one namespace
      ...                      (its names indented: nothing else at the top level)
      return { ... };
    })();

or the same without `const Name =` for a module the others do not call (it registers itself
for the page's events, report/page/page.js). All the page's scripts run in one global scope
(the report is one HTML file opened from file://, where a module script cannot import another),
so a top-level function or `window.x = ...` would be a name every other script could reach.

Also: the namespaces' names are distinct, and a script names another's namespace only when that
one is listed before it or is used at run time only (inside a function of its own), since the
scripts run in the order listed. And the page's data keys, named once for the C++ writers
(report/page_keys.h) and once for the page (report/page/keys.js), are the same keys by the same
names (kFaultSeat in the header is faultSeat in the page).

    check_page_scripts.py SOURCE_DIR
"""
import pathlib
import re
import sys

OPENS = re.compile(r"^(?:const ([A-Z][A-Za-z]*) = )?\(\(\) => \{$")
GLOBAL_WRITE = re.compile(r"\b(?:window|globalThis|self)\s*(?:\.\s*[A-Za-z_$][\w$]*|\[[^\]]*\])\s*=(?!=)")


def scripts(page):
    """The scripts.txt entries, in order: (file name, whether the live page's only)."""
    out = []
    for line in (page / "scripts.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        live = line.startswith("live ")
        out.append((line.split()[-1], live))
    return out


def module_of(name, text):
    """(namespace or None, the module's body lines, problems) of one script's text."""
    lines = text.rstrip("\n").split("\n")
    i = 0
    while i < len(lines) and (lines[i].startswith("//") or not lines[i].strip()):
        i += 1
    if i >= len(lines) or lines[i] != '"use strict";':
        return None, [], [f'{name}: its header comment is not followed by "use strict";']
    i += 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    opens = OPENS.match(lines[i]) if i < len(lines) else None
    if not opens:
        return None, [], [f"{name}: after \"use strict\" comes {lines[i]!r} if anything, not `const Name = (() => {{` "
                          "or `(() => {`"]
    if lines[-1] != "})();":
        return None, [], [f"{name}: does not end with the module's `}})();`"]
    body = lines[i + 1:-1]
    problems = [f"{name}:{i + 2 + k}: at the top level, outside the module: {line!r}"
                for k, line in enumerate(body) if line.strip() and not line.startswith("  ")]
    return opens.group(1), body, problems


def header_keys(path):
    """{table: {name: key}} of report/page_keys.h."""
    tables, table = {}, None
    for line in path.read_text().splitlines():
        if m := re.match(r"^namespace (\w+) \{$", line):
            table = tables.setdefault(m.group(1), {})
        elif m := re.match(r'^inline constexpr const char\* k(\w+) = "([^"]*)";$', line):
            name = m.group(1)[0].lower() + m.group(1)[1:]
            table[name] = m.group(2)
    return tables


def page_keys(path):
    """{table: {name: key}} of report/page/keys.js's tables."""
    text = path.read_text()
    return {m.group(1): dict(re.findall(r'(\w+): "([^"]*)"', m.group(2)))
            for m in re.finditer(r"^  const (\w+) = \{([^}]*)\};", text, re.M)}


def key_problems(root):
    cpp, js = header_keys(root / "report" / "page_keys.h"), page_keys(root / "report" / "page" / "keys.js")
    if not cpp or not js:
        return ["report/page_keys.h or report/page/keys.js holds no table of keys"]
    problems = []
    for table in sorted(set(cpp) | set(js)):
        if cpp.get(table) != js.get(table):
            problems.append(f"the page's data keys differ in table {table}: report/page_keys.h {cpp.get(table)}, "
                            f"report/page/keys.js {js.get(table)}")
    return problems


def main():
    page = pathlib.Path(sys.argv[1]) / "report" / "page"
    problems, namespaces, order = [], {}, []
    bodies = {}
    for name, live in scripts(page):
        text = (page / name).read_text()
        namespace, body, found = module_of(name, text)
        problems += found
        problems += [f"{name}: writes a global: {m.group(0)!r}" for m in GLOBAL_WRITE.finditer(text)]
        if namespace:
            if namespace in namespaces:
                problems.append(f"{name}: namespace {namespace} is {namespaces[namespace]}'s too")
            namespaces[namespace] = name
        order.append((name, namespace))
        bodies[name] = body
    # A namespace named in a module's own top level (indent 2, run as the script runs) must be
    # one listed before it.
    seen = set()
    for name, namespace in order:
        for k, line in enumerate(bodies[name]):
            if not re.match(r"^  \S", line) or line.lstrip().startswith("//"):
                continue
            for other, where in namespaces.items():
                if other not in seen and other != namespace and re.search(rf"(?<![\w.$]){other}\b", line):
                    problems.append(f"{name}: uses {other} ({where}) as it runs, before {where} has run: {line.strip()!r}")
        if namespace:
            seen.add(namespace)
    problems += key_problems(pathlib.Path(sys.argv[1]))
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problem(s) in report/page/: each script is one module (tests/check_page_scripts.py)")
        return 1
    print(f"{len(order)} page scripts, each one module; namespaces: {', '.join(namespaces)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Every command README.md and docs/bots.md tell a reader to type runs, verbatim.

Usage: docs_commands_test.py SOURCE_DIR BUILD_DIR

The tracked files of SOURCE_DIR are copied to a temporary folder, with `build` a link to
BUILD_DIR (a fresh clone after `bash scripts/demo`), HOME is a temporary folder too (the C++
kit installs into $HOME/arena), and there the commands run one by one in a shell, as typed:

- every `build/bin/arena ...` line of a code block (a trailing backslash continues it);
- every command of the table of kits in docs/bots.md, the set-up column before the check
  column, row by row (the venv, the installed Arena and the kit builds that the later
  commands name);
- the author's loop of docs/league.md, its whole block as one script (it starts a league run
  in the background and stops it at its end), which must exit 0.

A command that seats `human` reads its moves from /dev/null (ARENA_HUMAN_INPUT): end of
input resigns. Any command that exits non-zero fails the test, its output is printed.
Nothing is left behind: the temporary folders are removed.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile


def code_block_commands(text):
    """`build/bin/arena` commands of indented and fenced code blocks, continuations joined."""
    commands, fenced, pending = [], False, None
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not (fenced or line.startswith("    ")):
            pending = None
            continue
        words = line.strip()
        if pending is not None:
            pending += " " + words.rstrip("\\").strip()
        elif words.startswith("build/bin/arena "):
            pending = words.rstrip("\\").strip()
        else:
            continue
        if not words.endswith("\\"):
            commands.append(pending)
            pending = None
    return commands


def kit_table_commands(text):
    """The backticked commands of the kits table, set-up column then check column, per row."""
    section = text.split("## 2. Start from a kit", 1)[1].split("\n## ", 1)[0]
    commands = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] in ("language", "---"):
            continue
        for cell in cells[1:]:
            commands += re.findall(r"`([^`]+)`", cell)
    return commands


def league_loop_script(text):
    """The first sh block of docs/league.md's "An author's loop", as one script that stops at
    its first failing command."""
    section = text.split("## An author's loop", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh\n", 1)[1].split("```", 1)[0]
    return "set -e\n" + block


def copy_tracked_files(source, target):
    listed = subprocess.run(["git", "-C", source, "ls-files", "-z"], capture_output=True)
    if listed.returncode != 0:  # not a git checkout: everything but build folders
        shutil.copytree(source, target, symlinks=True,
                        ignore=lambda folder, names: [n for n in names if n.startswith("build")])
        return
    for name in listed.stdout.decode().split("\0"):
        if name and os.path.isfile(os.path.join(source, name)):
            os.makedirs(os.path.dirname(os.path.join(target, name)), exist_ok=True)
            shutil.copy2(os.path.join(source, name), os.path.join(target, name))


def environment(work):
    env = dict(os.environ)
    home = env.get("HOME", "")
    # Tools installed under the real HOME keep working with the temporary one.
    env.setdefault("CARGO_HOME", os.path.join(home, ".cargo"))
    env.setdefault("RUSTUP_HOME", os.path.join(home, ".rustup"))
    env.setdefault("PYENV_ROOT", os.path.join(home, ".pyenv"))
    env["HOME"] = os.path.join(work, "home")
    env["ARENA_HUMAN_INPUT"] = "/dev/null"
    env["ARENA_HUMAN_OUTPUT"] = os.path.join(work, "human.txt")
    # The documented javac is a JVM too: without this it leaves /tmp/hsperfdata_<user> behind.
    env["JAVA_TOOL_OPTIONS"] = "-XX:-UsePerfData"
    return env


def main():
    source, build = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    commands = []
    for doc in ("README.md", "docs/bots.md"):
        with open(os.path.join(source, doc)) as f:
            text = f.read()
        if doc == "docs/bots.md":
            commands += [(doc, c) for c in kit_table_commands(text)]
        commands += [(doc, c) for c in code_block_commands(text)]
    with open(os.path.join(source, "docs/league.md")) as f:
        commands.append(("docs/league.md", league_loop_script(f.read())))
    if len(commands) < 12:
        print(f"only {len(commands)} commands found: did the documents' layout change?")
        return 1
    work = tempfile.mkdtemp(prefix="arena-docs-")
    try:
        repo = os.path.join(work, "repo")
        copy_tracked_files(source, repo)
        os.symlink(build, os.path.join(repo, "build"))
        os.makedirs(os.path.join(work, "home"))
        env = environment(work)
        failed = 0
        for doc, command in commands:
            run = subprocess.run(["bash", "-c", command], cwd=repo, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=900)
            print(("ok   " if run.returncode == 0 else "FAIL ") + doc + ": " + command, flush=True)
            if run.returncode != 0:
                failed = 1
                print("     exit status", run.returncode)
                print("\n".join("     " + line for line in run.stdout.decode(errors="replace").splitlines()[-30:]))
        return failed
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

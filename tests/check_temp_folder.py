#!/usr/bin/env python3
"""The test suite leaves the system's temporary folder as it found it.

`check_temp_folder.py snapshot FILE` records the arena-* (and hsperfdata_*) entries of the temporary folder
before the tests (a CTest fixture's setup); `check_temp_folder.py compare FILE` runs after
every test and fails, naming them, if any arena-* entry is new (scratch folders of bots,
run folders of referees, test folders)."""
import os
import sys
import tempfile


def entries():
    folder = tempfile.gettempdir()
    # arena-*: ours; hsperfdata_*: what a JVM (the Java kit's javac or bot) leaves unless it
    # runs with -XX:-UsePerfData.
    return sorted(e for e in os.listdir(folder) if e.startswith(("arena-", "hsperfdata_")))


def owned_by_live_process(entry):
    if not entry.startswith("arena-run-") or not entry[10:].isdigit():
        return False
    try:
        os.kill(int(entry[10:]), 0)
        return True
    except ProcessLookupError:
        return False
    except PermissionError:
        return True


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("snapshot", "compare"):
        print("usage: check_temp_folder.py snapshot|compare FILE", file=sys.stderr)
        return 2
    mode, path = sys.argv[1], sys.argv[2]
    if mode == "snapshot":
        with open(path, "w") as f:
            f.write("\n".join(entries()))
        return 0
    with open(path) as f:
        before = set(line for line in f.read().split("\n") if line)
    # A referee still running (another build's tests, a user's match) owns its run folder;
    # only what nobody will remove counts.
    new = [e for e in entries() if e not in before and not owned_by_live_process(e)]
    if new:
        print(f"check_temp_folder: {len(new)} new entries in {tempfile.gettempdir()}: " + ", ".join(new[:20]))
        return 1
    print("check_temp_folder: the temporary folder is as the tests found it")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Fails if a Catch2 test name holds a ';' or a '\\'.

catch_discover_tests hands each name to CTest as a CMake list item, and CMake splits lists at
';': "a; b" became two CTest entries, "a" and " b", that each matched no test case and passed
without running anything. A backslash fails the same way: catch_discover_tests escapes a
name's commas itself, so a name written with "\\," reached Catch2 as two filters that matched
nothing ("No test cases matched"), and the entry passed having run nothing.
Usage: check_test_names.py TEST_BINARY...
"""
import subprocess
import sys

bad = []
for binary in sys.argv[1:]:
    # Catch2 v2 exits with the number of tests listed: the status says nothing.
    names = subprocess.run([binary, "--list-test-names-only"], capture_output=True, text=True).stdout
    if not names.strip():
        sys.exit(f"{binary} listed no tests")
    bad += [f"{binary}: {n.strip()}" for n in names.splitlines() if ";" in n or "\\" in n]
if bad:
    print("test names with ';' or '\\' (CTest would run nothing for them):\n  " + "\n  ".join(bad))
    sys.exit(1)
print("no test name holds a ';' or a backslash")

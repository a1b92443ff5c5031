#!/usr/bin/env python3
"""Fails if a Catch2 test name holds a ';'.

catch_discover_tests hands each name to CTest as a CMake list item, and CMake splits lists at
';': "a; b" became two CTest entries, "a" and " b", that each matched no test case and passed
without running anything. Usage: check_test_names.py TEST_BINARY...
"""
import subprocess
import sys

bad = []
for binary in sys.argv[1:]:
    # Catch2 v2 exits with the number of tests listed: the status says nothing.
    names = subprocess.run([binary, "--list-test-names-only"], capture_output=True, text=True).stdout
    if not names.strip():
        sys.exit(f"{binary} listed no tests")
    bad += [f"{binary}: {n.strip()}" for n in names.splitlines() if ";" in n]
if bad:
    print("test names with ';' (CTest would split them and run nothing):\n  " + "\n  ".join(bad))
    sys.exit(1)
print("no test name holds a ';'")

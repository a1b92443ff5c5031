#!/usr/bin/env python3
# A bot that talks on its standard error: a line per game ("stderr-bot: game SEAT SEED") and a
# line per decision. With "--crash N" its Nth decision raises RuntimeError, so Python prints a
# traceback to stderr and exits with code 1 (tests/referee/faults_test.cpp); with
# "--crash-at-start" it does so on "arena 1", before its handshake.
import sys


def choose(legal, decision, crash_at):
    if decision == crash_at:
        raise RuntimeError("stderr-bot crashes at decision %d on purpose" % decision)
    return legal[0]


def main():
    crash_at = int(sys.argv[sys.argv.index("--crash") + 1]) if "--crash" in sys.argv else 0
    legal, decision = [], 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "arena":
            if "--crash-at-start" in sys.argv:
                raise RuntimeError("stderr-bot crashes at start-up on purpose")
            print("name stderr-bot", flush=True)
            print("ready", flush=True)
        elif words[0] == "newgame":
            print("stderr-bot: game seat %s seed %s" % (words[2], words[4]), file=sys.stderr, flush=True)
        elif words[0] == "legal":
            legal = words[1:]
        elif words[0] == "go":
            decision += 1
            print("stderr-bot: decision %d" % decision, file=sys.stderr, flush=True)
            print("move " + choose(legal, decision, crash_at), flush=True)
        elif words[0] == "quit":
            break


main()

#!/usr/bin/env python3
# A complete Arena bot: plays a random legal move in any game (docs/protocol.md).
import random
import sys

def send(line):
    print(line, flush=True)

legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "arena":
        send("name random-py")
        send("ready")
    elif words[0] == "newgame":
        random.seed(int(words[4]))  # the game's seed: repeatable games
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        send("move " + random.choice(legal))
    elif words[0] == "quit":
        break

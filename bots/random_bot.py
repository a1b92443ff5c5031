#!/usr/bin/env python3
import random, sys

legal = []
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "arena":
        print("name random-py", flush=True)
        print("ready", flush=True)
    elif words[0] == "newgame":
        random.seed(int(words[4]))        # the game's seed: repeatable games
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("move " + random.choice(legal), flush=True)
    elif words[0] == "quit":
        break

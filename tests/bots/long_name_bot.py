#!/usr/bin/env python3
# Answers the handshake with a name the referee must refuse (docs/protocol.md, "Handshake"):
# terminal escapes and 4,000 bytes of padding, or with "--plain" 65 plain bytes, one too many.
# Then "ready", and plays the first legal move should it ever be asked.
import sys

plain = "--plain" in sys.argv
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "arena":
        name = "n" * 65 if plain else "\x1b]0;pwned\x07\x1b[31mevil" + "x" * 4000
        print("name " + name, flush=True)
        print("ready", flush=True)
    elif words[0] == "legal":
        legal = words[1:]
    elif words[0] == "go":
        print("move " + legal[0], flush=True)
    elif words[0] == "quit":
        break

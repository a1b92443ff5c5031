#!/usr/bin/env python3
# Random bot written with the Python SDK (protocol/python/arena_bot/).
import os
import random
import sys

# Found in the source tree; after `pip install ./protocol/python` the import works anywhere.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol", "python"))
from arena_bot import Bot  # noqa: E402


class RandomBot(Bot):
    name = "random-sdk-py"
    author = "Arena sample bots"

    def new_game(self, turn):
        self.rng = random.Random(turn.seed)

    def choose(self, turn):
        return self.rng.choice(turn.legal)


if __name__ == "__main__":
    RandomBot().run()

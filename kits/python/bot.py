#!/usr/bin/env python3
"""An Arena bot in Python: a random legal move. Needs `pip install ./protocol/python`."""
import random

from arena_bot import Bot, Turn


class MyBot(Bot):
    name = "my-python-bot"
    author = "me"

    def new_game(self, turn: Turn) -> None:
        self.rng = random.Random(turn.seed)  # the seat's seed: games repeat exactly

    def choose(self, turn: Turn) -> str:
        # turn.observation holds what you see, turn.events what happened: play better here.
        return self.rng.choice(turn.legal)


if __name__ == "__main__":
    MyBot().run()

"""A working random bot for every Arena game: python3 -m arena_bot.random"""

from __future__ import annotations

import random

from arena_bot import Bot, Turn


class RandomBot(Bot):
    name = "random-py"
    author = "Arena"

    def new_game(self, turn: Turn) -> None:
        self.rng = random.Random(turn.seed)  # the game's seat seed: games repeat exactly

    def choose(self, turn: Turn) -> str:
        return self.rng.choice(turn.legal)


def main() -> None:
    RandomBot().run()


if __name__ == "__main__":
    main()

"""What the Python tests share: the build's arena binary and bots, and random play."""

import json
import os
import random
import subprocess

import arena_games

BIN = os.environ.get("ARENA_BIN_DIR", "")
SOURCE = os.environ.get("ARENA_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def arena(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Runs the build's arena with `args`; its output as text."""
    return subprocess.run([os.path.join(BIN, "arena"), *args], capture_output=True, text=True, check=check,
                          timeout=600)


def arena_games_json() -> list:
    return json.loads(arena("games", "--json").stdout)["games"]


def every_quick_spec() -> list:
    """(spec, players) for every registered game and player count, with the quick parameters."""
    return [(count["quick_spec"], count["players"]) for game in arena_games.games()
            for count in game["player_counts"]]


def random_move(state: arena_games.State, rng: random.Random) -> int:
    """A random action: a legal move, or a chance outcome by its probability."""
    if state.is_chance():
        moves, weights = zip(*state.chance_outcomes())
        return rng.choices(moves, weights)[0]
    return rng.choice(state.legal_moves())


def play_random(state: arena_games.State, rng: random.Random, limit: int = 100000) -> arena_games.State:
    while not state.is_terminal() and limit > 0:
        state.apply(random_move(state, rng))
        limit -= 1
    return state

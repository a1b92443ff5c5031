#!/usr/bin/env python3
"""Random self-play with arena_games, actions per second on one core (issue 40), per game:

- the C++ engine in-process: State.playout, the engine's own random loop (uniform moves,
  chance by its probabilities), one Python call a game;
- a plain Python loop over the per-state API, as docs/python.md's first example writes it:
  is_terminal, is_chance, chance_outcomes or legal_moves, random.choice, apply.
- the batch API (arena_games.batch.Batch, docs/learning.md): 64 games stepped together in C++
  from Python, a random legal action per row (sample_actions) and a step that also writes every
  row's observation tensor, mask, rewards and done flag into NumPy arrays; actions counted as
  above (chance included, Batch.actions_played). Target: half the engine's rate or more.

Time is this thread's CPU time, so each figure is per core on a busy machine too.
Prints a Markdown table (bench/run's rows: measurement, value, target, met).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--seconds S] [--games SPECS]
"""

import argparse
import random
import sys
import time

import arena_games

def clock() -> float:
    """This thread's CPU time: a rate per core whatever else the shared machine runs (the batch
    with one thread steps its rows in this thread too)."""
    return time.thread_time()


PLAIN_LOOP_TARGET = {"flush:players=4": 100_000}  # issue 40: the plain loop on Flush, per core
BATCH_TARGET = 0.5  # issue 40: the batch API at half the C++ engine's rate or more


def bench_specs() -> list:
    """Every registered game with its default parameters (the specs issue 40 names). From the
    registry: no list of games here."""
    return [arena_games.load(entry["id"]).spec for entry in arena_games.games()]


def engine_rate(game: arena_games.Game, seconds: float) -> float:
    actions, seed, start = 0, 0, clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        actions += state.playout(seed)
        seed += 1
    return actions / (clock() - start)


def plain_loop_rate(game: arena_games.Game, seconds: float) -> float:
    rng = random.Random(1)
    actions, start = 0, clock()
    while clock() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance():
                moves, weights = zip(*state.chance_outcomes())
                state.apply(rng.choices(moves, weights)[0])
            else:
                state.apply(rng.choice(state.legal_moves()))
            actions += 1
    return actions / (clock() - start)


def has_learning_view(game: arena_games.Game) -> bool:
    try:
        return game.num_distinct_actions() > 0
    except arena_games.ArenaError:
        return False


def batch_rate(game: arena_games.Game, seconds: float) -> float:
    from arena_games.batch import Batch
    batch = Batch(game, 64, seed=1)
    before, start = batch.actions_played, clock()
    while clock() - start < seconds:
        for _ in range(10):
            batch.step(batch.sample_actions())
    return (batch.actions_played - before) / (clock() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement (best of 3 rounds)")
    parser.add_argument("--games", default="", help="comma-separated specs (default: every game)")
    args = parser.parse_args()
    print("| measurement | value | target | met |")
    print("|---|---|---|---|")
    for spec in args.games.split(",") if args.games else bench_specs():
        game = arena_games.load(spec)
        # Rounds interleaved, best of each: a busy machine slows a round, never speeds one up.
        engine = plain = batch = 0.0
        with_batch = has_learning_view(game)
        for _ in range(3):
            engine = max(engine, engine_rate(game, args.seconds / 3))
            plain = max(plain, plain_loop_rate(game, args.seconds / 3))
            if with_batch:
                batch = max(batch, batch_rate(game, args.seconds / 3))
        print("| Python: C++ engine in-process (State.playout), %s | %s actions/s | | |" % (spec, format(int(engine), ",")))
        target = {arena_games.load(k).spec: v for k, v in PLAIN_LOOP_TARGET.items()}.get(game.spec)
        met = "" if target is None else ("yes" if plain >= target else "no")
        print("| Python: plain loop over the per-state API, %s | %s actions/s (%.0f%% of C++) | %s | %s |" % (
            spec, format(int(plain), ","), 100 * plain / engine, "" if target is None else "≥ " + format(target, ","), met))
        if with_batch:
            print("| Python: batch API (Batch, 64 games, one thread), %s | %s actions/s (%.0f%% of C++) | ≥ %d%% of C++ | %s |" % (
                spec, format(int(batch), ","), 100 * batch / engine, 100 * BATCH_TARGET,
                "yes" if batch >= BATCH_TARGET * engine else "no"))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())

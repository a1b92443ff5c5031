#!/usr/bin/env python3
"""A searching Arena bot in plain Python: Monte Carlo tree search over Arena's own rules.

Needs the SDK and the engine: `pip install ./protocol/python` and
`pip install --no-build-isolation ./bindings/python` (docs/python.md).
`--time-fraction F` scales the time it takes per move (as mcts_bot's does). Every game, every
player count: where a seat cannot see everything (cards, draws), each iteration starts from
a position sampled consistent with what the seat was sent (Turn.samples); the tree's moves
are the seat's view of them (information-set MCTS with one tree). The playouts run in C++
(State.playout); the tree is Python.
"""

import argparse
import math
import random
import time
from typing import Dict, List

from arena_bot import Bot, Turn


class Node:
    """One move in the tree, made by `seat`; statistics from that seat's side."""

    __slots__ = ("seat", "children", "visits", "reward", "available")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: Dict[int, "Node"] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1

    def ucb(self, exploration: float) -> float:
        return self.reward / self.visits + exploration * math.sqrt(math.log(self.available) / self.visits)


def rewards(results: list) -> List[float]:
    """Per seat, the share of the other sides it finished ahead of (a tie counts half)."""
    out = []
    for me in results:
        others = [r for r in results if r.team != me.team]
        beaten = sum(1.0 if r.rank > me.rank else 0.5 if r.rank == me.rank else 0.0 for r in others)
        out.append(beaten / len(others) if others else 0.5)
    return out


class MctsBot(Bot):
    name = "mcts-py"
    author = "Arena kits"
    exploration = 0.7

    def __init__(self, time_fraction: float = 1.0) -> None:
        self.time_fraction = time_fraction

    def new_game(self, turn: Turn) -> None:
        self.rng = random.Random(turn.seed)  # games repeat exactly

    def choose(self, turn: Turn) -> str:
        if len(turn.legal) == 1:
            return turn.legal[0]
        deadline = time.perf_counter() + turn.think_seconds(self.time_fraction)
        if turn.game().hidden_information:
            worlds = turn.samples(64, self.rng)  # possible truths, one drawn per iteration
        else:
            worlds = [turn.state()]
        root = Node(turn.seat)
        iterations = 0
        while iterations < 10 or time.perf_counter() < deadline:
            self.iterate(root, self.rng.choice(worlds).clone())
            iterations += 1
        best = max(root.children.items(), key=lambda item: item[1].visits)[0]
        self.info("iterations %d" % iterations)
        return worlds[0].move_to_string(best)

    def iterate(self, root: Node, state) -> None:
        """One iteration: down the tree by UCB, one new node, a random playout, and the
        result back up the path."""
        node, path = root, []
        while not state.is_terminal():
            if state.is_chance():
                moves, weights = zip(*state.chance_outcomes())
                state.apply(self.rng.choices(moves, weights)[0])
                continue
            seat, legal = state.current_player(), state.legal_moves()
            untried = [m for m in legal if m not in node.children]
            for m in legal:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            if untried:
                move = self.rng.choice(untried)
                node.children[move] = node = Node(seat)
                path.append(node)
                state.apply(move)
                break
            move = max(legal, key=lambda m: node.children[m].ucb(self.exploration))
            node = node.children[move]
            path.append(node)
            state.apply(move)
        state.playout(seed=self.rng.getrandbits(64))
        reward = rewards(state.results())
        root.visits += 1
        for n in path:
            n.visits += 1
            n.reward += reward[n.seat - 1]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Monte Carlo tree search on Arena's engine")
    parser.add_argument("--time-fraction", type=float, default=1.0, help="scales the time per move")
    MctsBot(parser.parse_args().time_fraction).run()

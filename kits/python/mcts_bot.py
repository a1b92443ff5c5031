#!/usr/bin/env python3
"""A searching Arena bot in plain Python: Monte Carlo tree search over Arena's own rules.

Needs the SDK and the engine: `pip install ./protocol/python` and
`pip install --no-build-isolation ./bindings/python` (docs/python.md).
`--time-fraction F` scales the time it takes per move. Every game, every player count: where
a seat cannot see everything (cards, draws), each iteration starts from a position sampled
consistent with what the seat was sent (Turn.samples); the tree's moves are the seat's view
of them (information-set MCTS with one tree), and a random playout (State.playout, in C++)
judges each new node.

In a two-player game without hidden information the search is guided by the game's own
glance at a position (State.heuristic_value, what greedy_bot plays by): a node's moves are
tried best first and keep a bias towards the best that fades with visits (progressive bias);
a new node is judged by the best glance one move on instead of a playout; a move after which
the opponent can win at once is proven lost, and proofs climb the tree (MCTS-Solver); and the
tree is kept from one move to the next.
"""

import argparse
import math
import random
import time
from typing import Dict, List, Optional

from arena_bot import Bot, Turn

WIN = 1e9  # a glance value beyond any heuristic's: the move ends the game


class Node:
    """One move in the tree, made by `seat`; statistics from that seat's side. In a guided
    game `order` (moves not yet tried, best last), `bias` (move -> its glance, 0..1) and
    `glance` (the best of them) are filled when the position after the move is first
    judged; `proven` is 1 when the move wins for `seat` whatever follows, -1 when it loses."""

    __slots__ = ("seat", "children", "visits", "reward", "available", "order", "bias", "glance", "proven")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: Dict[int, "Node"] = {}
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.order: Optional[List[int]] = None
        self.bias: Optional[Dict[int, float]] = None
        self.glance = 0.5
        self.proven = 0

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
    bias_weight = 1.0  # how much a move's glance counts, divided by its visits + 1
    glance_scale = 2.0  # heuristic units per unit of the logistic that maps a glance to 0..1

    def __init__(self, time_fraction: float = 1.0) -> None:
        self.time_fraction = time_fraction

    def new_game(self, turn: Turn) -> None:
        self.rng = random.Random(turn.seed)  # games repeat exactly
        game = turn.game()
        self.guided = game.players == 2 and not game.hidden_information
        self.kept: Optional[Node] = None  # the tree after this bot's last move (guided games)
        self.kept_history: list = []
        self.plies_left = 30.0  # plies to the end, as the last search's iterations saw it

    def choose(self, turn: Turn) -> str:
        if len(turn.legal) == 1:
            return turn.legal[0]
        budget = self.think_seconds(turn)
        deadline = time.perf_counter() + budget
        if self.guided:
            worlds = [turn.state()]
            root = self.reused_root(worlds[0])
        elif turn.game().hidden_information:
            # Possible truths, one drawn per iteration; fewer when time is short (Flows'
            # sampling solves the board's constraints: a late position takes a while).
            worlds = turn.samples(64 if budget >= 0.5 else 8, self.rng)
            root = Node(turn.seat)
        else:
            worlds = [turn.state()]
            root = Node(turn.seat)
        iterations, plies = 0, 0
        while iterations == 0 or time.perf_counter() < deadline:
            plies += self.iterate(root, self.rng.choice(worlds).clone())
            iterations += 1
            if root.proven:
                break  # won or lost whatever is played: no more to learn
        self.plies_left = plies / iterations
        best = self.final_choice(root)
        self.info("iterations %d, reused %d" % (iterations, root.visits - iterations))
        if self.guided:
            self.kept = root.children[best]
            self.kept_history = worlds[0].history() + [(turn.seat, best)]
        return worlds[0].move_to_string(best)

    def think_seconds(self, turn: Turn) -> float:
        """The clock shared over this bot's moves still to come (a quarter of the plies the
        iterations last saw to the end, at least 3 and at most 20), plus most of the
        increment; never more than a quarter of the clock, nor a quarter of a per-move cap."""
        if turn.remaining_ms < 0:
            return turn.think_seconds(self.time_fraction)
        moves_left = min(max(self.plies_left / 4 + 1, 3.0), 20.0)
        budget = min(turn.remaining_ms / moves_left + max(turn.increment_ms, 0) * 0.75, turn.remaining_ms / 4)
        if turn.movetime_ms >= 0:
            budget = min(budget, turn.movetime_ms / 4)
        return max(budget * self.time_fraction - 30, 1) / 1000.0

    @staticmethod
    def final_choice(root: Node) -> int:
        """A move proven to win, else the most visited of those not proven to lose."""
        children = root.children
        won = [m for m, c in children.items() if c.proven == 1]
        if won:
            return won[0]
        alive = [m for m, c in children.items() if c.proven != -1] or list(children)
        return max(alive, key=lambda m: children[m].visits)

    def reused_root(self, state) -> Node:
        """The subtree of the last search reached by the moves played since, else a new root."""
        history = state.history()
        node = self.kept
        if node is not None and history[:len(self.kept_history)] == self.kept_history:
            for _, move in history[len(self.kept_history):]:
                node = node.children.get(move)
                if node is None:
                    break
        else:
            node = None
        # A new root is the opponent's move into this position, as a kept one is.
        return Node(3 - state.current_player()) if node is None else node

    def judge(self, node: Node, state) -> None:
        """The game's glance at each legal move here for the mover (a win or a loss at once
        beyond any heuristic value): the node's order, bias and glance, and its proof when
        the mover can win at once."""
        mover = state.current_player()
        values = {}
        for move in state.legal_moves():
            child = state.clone()
            child.apply(move)
            if child.is_terminal():
                values[move] = WIN * (2 * rewards(child.results())[mover - 1] - 1)
            else:
                values[move] = child.heuristic_value(mover)
        plain = [v for v in values.values() if abs(v) < WIN]
        low, high = (min(plain), max(plain)) if plain else (0.0, 0.0)
        spread = high - low
        node.bias = {m: 1.0 if v >= WIN else 0.0 if v <= -WIN else (v - low) / spread if spread else 0.5
                     for m, v in values.items()}
        best = max(values.values())
        if best >= WIN:
            node.glance = 1.0
            node.proven = 1 if node.seat == mover else -1  # the mover here wins at once
        else:
            node.glance = 1.0 / (1.0 + math.exp(max(min(-best / self.glance_scale, 50.0), -50.0)))
        ordered = sorted(values, key=lambda m: (values[m], self.rng.random()))
        node.order = [m for m in ordered if m not in node.children]

    def select(self, node: Node, legal: List[int]) -> int:
        children, c = node.children, self.exploration
        if node.bias is None:
            return max(legal, key=lambda m: children[m].ucb(c))
        won = [m for m in legal if children[m].proven == 1]
        if won:
            return won[0]
        alive = [m for m in legal if children[m].proven != -1] or legal
        w, bias = self.bias_weight, node.bias
        return max(alive, key=lambda m: children[m].ucb(c) + w * bias[m] / (children[m].visits + 1))

    def leaf_value(self, node: Node, state) -> Optional[List[float]]:
        """Each seat's reward for the position an iteration stopped at, in a guided game:
        the end's, a proof's, else the mover's best glance one move on. None elsewhere: a
        random playout decides."""
        if not self.guided:
            return None
        if state.is_terminal():
            reward = rewards(state.results())
            mine = reward[node.seat - 1]
            node.proven = 1 if mine == 1.0 else -1 if mine == 0.0 else 0
            return reward
        if node.order is None:
            self.judge(node, state)
        mover = state.current_player()
        if node.proven:
            value = 1.0 if (node.proven == 1) == (node.seat == mover) else 0.0
        else:
            value = node.glance
        return [value, 1.0 - value] if mover == 1 else [1.0 - value, value]

    def iterate(self, root: Node, state) -> int:
        """One iteration: down the tree by UCB, one new node, its value (a random playout, or
        the glance in a guided game), and the result back up the path. Returns the plies
        from the root to the end of the playout (to the new node in a guided game)."""
        node, path, plies = root, [], 0
        while not state.is_terminal():
            if state.is_chance():
                moves, weights = zip(*state.chance_outcomes())
                state.apply(self.rng.choices(moves, weights)[0])
                plies += 1
                continue
            seat, legal = state.current_player(), state.legal_moves()
            if self.guided and node.order is None:
                self.judge(node, state)
            for m in legal:
                child = node.children.get(m)
                if child is not None:
                    child.available += 1
            untried = node.order if self.guided else [m for m in legal if m not in node.children]
            if untried:
                move = untried.pop() if self.guided else self.rng.choice(untried)
                node.children[move] = node = Node(seat)
                path.append(node)
                state.apply(move)
                plies += 1
                break
            move = self.select(node, legal)
            node = node.children[move]
            path.append(node)
            state.apply(move)
            plies += 1
            if node.proven:
                break
        reward = self.leaf_value(node, state)
        if reward is None:
            plies += state.playout(seed=self.rng.getrandbits(64))
            reward = rewards(state.results())
        root.visits += 1
        for n in path:
            n.visits += 1
            n.reward += reward[n.seat - 1]
        if self.guided:
            self.settle_proofs(root, path)
        return plies

    @staticmethod
    def settle_proofs(root: Node, path: List[Node]) -> None:
        """Up the path: a position where the mover has a move proven to win is won for the
        mover, and one where every move is tried and proven to lose is lost; for whoever
        moved into it, that is a win if it was the same seat (an extra move), else a loss."""
        for parent in reversed([root] + path[:-1]):
            if parent.proven:
                break
            replies = list(parent.children.values())
            same = replies[0].seat == parent.seat
            if any(c.proven == 1 for c in replies):
                parent.proven = 1 if same else -1
            elif parent.order == [] and all(c.proven == -1 for c in replies):
                parent.proven = -1 if same else 1
            else:
                break


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Monte Carlo tree search on Arena's engine")
    parser.add_argument("--time-fraction", type=float, default=1.0, help="scales the time per move")
    MctsBot(parser.parse_args().time_fraction).run()

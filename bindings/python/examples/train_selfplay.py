#!/usr/bin/env python3
"""Self-play training of a small policy-value network with PyTorch on a board game, through
arena_games' batch of games (docs/learning.md, "The worked example").

Most games of the batch are played by the network for both seats, actions sampled from its
policy; in a quarter of them (--sparring) one seat plays uniformly at random, so the network also
meets the opponent it is measured against. When a game ends, each of the network's decisions is
scored by the final reward of the seat that made it (+1 a win, -1 a loss: State.returns), and the
network learns by the policy gradient with its own value as the baseline, in a few passes over
each update's decisions with proximal policy optimisation's clipped objective, plus a little
entropy to keep it exploring. Every `--eval-every` updates it plays greedily against the uniformly random
player in both seats; the weights are saved (with the spec and the figures) to `--out`.

    PYTHONPATH=build/python /usr/bin/python3 bindings/python/examples/train_selfplay.py \\
        --game flume:size=5 --minutes 5 --out flume5.npz

net_bot.py plays the saved network in `arena match`, `arena check-bot` and leagues.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import List

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from policy_net import PolicyValueNet, masked_logits, save  # noqa: E402

from arena_games.batch import Batch  # noqa: E402


def evaluate(net: PolicyValueNet, spec: str, games: int, seed: int) -> float:
    """The share of `games` the network (greedy) wins against uniformly random moves, half of
    them in each seat (ties count half)."""
    batch = Batch(spec, min(games, 64), seed=seed)
    learner = np.where(np.arange(len(batch)) % 2 == 0, 1, 2)  # the learner's seat, row by row
    score, played = 0.0, 0
    with torch.no_grad():
        while played < games:
            logits, _ = net(torch.from_numpy(batch.observations))
            greedy = masked_logits(logits, torch.from_numpy(batch.masks)).argmax(1).numpy()
            actions = np.where(batch.seats == learner, greedy, batch.sample_actions()).astype(np.int32)
            batch.step(actions)
            for row in np.flatnonzero(batch.dones):
                if played < games:
                    score += (batch.rewards[row, learner[row] - 1] + 1) / 2
                    played += 1
    return score / games


class Rollouts:
    """Each row's decisions in its current game; a game's decisions get their returns when it
    ends and wait in `ready` for the next update."""

    def __init__(self, rows: int) -> None:
        self.pending: List[list] = [[] for _ in range(rows)]
        self.ready: list = []

    def record(self, observations: np.ndarray, masks: np.ndarray, actions: np.ndarray, log_probs: np.ndarray,
               seats: np.ndarray, learning: np.ndarray) -> None:
        for row in np.flatnonzero(learning):
            self.pending[row].append((observations[row], masks[row], actions[row], log_probs[row], seats[row]))

    def finish(self, dones: np.ndarray, rewards: np.ndarray) -> None:
        for row in np.flatnonzero(dones):
            for observation, mask, action, log_prob, seat in self.pending[row]:
                self.ready.append((observation, mask, action, log_prob, rewards[row, seat - 1]))
            self.pending[row] = []

    def take(self):
        observations, masks, actions, log_probs, returns = zip(*self.ready)
        self.ready = []
        return (torch.from_numpy(np.stack(observations)), torch.from_numpy(np.stack(masks)),
                torch.from_numpy(np.array(actions, dtype=np.int64)), torch.tensor(log_probs, dtype=torch.float32),
                torch.tensor(returns, dtype=torch.float32))


def update(net: PolicyValueNet, optimizer: torch.optim.Optimizer, data, args) -> float:
    """A few passes over the decisions (proximal policy optimisation's clipped objective, so the
    passes cannot move the policy far from the one that played them)."""
    observations, masks, actions, old_log_probs, returns = data
    # The advantages once for the whole update (the value before it learns), normalised over
    # every decision: a small last minibatch has no spread of its own to normalise by.
    with torch.no_grad():
        advantages = returns - net(observations)[1]
        advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-6)
    total = 0.0
    for _ in range(args.epochs):
        order = torch.randperm(len(actions))
        for part in order.split(args.minibatch):
            logits, values = net(observations[part])
            log_probs = torch.log_softmax(masked_logits(logits, masks[part]), dim=1)
            chosen = log_probs.gather(1, actions[part].unsqueeze(1)).squeeze(1)
            ratio = (chosen - old_log_probs[part]).exp()
            policy_loss = -torch.min(ratio * advantages[part], ratio.clamp(0.8, 1.2) * advantages[part]).mean()
            entropy = -(log_probs.exp() * log_probs.masked_fill(masks[part] == 0, 0.0)).sum(1).mean()
            loss = policy_loss + 0.5 * ((returns[part] - values) ** 2).mean() - args.entropy * entropy
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), 1.0)
            optimizer.step()
            total += float(loss)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="flume:size=5", help="a board game spec (clump or flume)")
    parser.add_argument("--out", default="selfplay.npz", help="where the weights go")
    parser.add_argument("--minutes", type=float, default=5.0, help="training time (wall clock)")
    parser.add_argument("--updates", type=int, default=0, help="stop after this many updates instead (0: by time)")
    parser.add_argument("--games", type=int, default=128, help="games played side by side (the batch's rows)")
    parser.add_argument("--samples", type=int, default=2048, help="decisions per update")
    parser.add_argument("--lr", type=float, default=2e-3)
    parser.add_argument("--epochs", type=int, default=2, help="passes over each update's decisions")
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--sparring", type=float, default=0.25,
                        help="share of the games where one seat plays uniformly at random (0: pure self-play)")
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-every", type=int, default=25, help="updates between evaluations (0: none)")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="torch's threads and the batch's")
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    batch = Batch(args.game, args.games, seed=args.seed, threads=args.threads)
    game = batch.game
    shape = game.observation_tensor_shape()
    if len(shape) != 3:
        sys.exit("train_selfplay.py: %s's observation is not planes of a board (%s)" % (game.spec, shape))
    net = PolicyValueNet(tuple(shape), game.num_distinct_actions())
    optimizer = torch.optim.Adam(net.parameters(), lr=args.lr)
    rollouts = Rollouts(len(batch))
    # The seat a random player takes in each row: none (0) in the self-play rows; in the sparring
    # rows seat 1 or 2 by turns.
    rows = np.arange(len(batch))
    sparring_rows = rows < round(args.sparring * len(batch))
    sparring_seat = np.where(sparring_rows, 1 + rows % 2, 0)
    start, updates, decisions, last_eval = time.perf_counter(), 0, 0, None
    print("training %s: %d games side by side, %d decisions per update" % (game.spec, len(batch), args.samples))

    def done() -> bool:
        if args.updates:
            return updates >= args.updates
        return time.perf_counter() - start >= args.minutes * 60

    while not done():
        with torch.no_grad():
            logits, _ = net(torch.from_numpy(batch.observations))
            policy = torch.distributions.Categorical(logits=masked_logits(logits, torch.from_numpy(batch.masks)))
            sampled = policy.sample()
            log_probs = policy.log_prob(sampled).numpy()
        # In the sparring rows one seat plays at random: the network learns from its own moves only.
        learning = batch.seats != sparring_seat
        actions = np.where(learning, sampled.numpy(), batch.sample_actions()).astype(np.int32)
        rollouts.record(batch.observations.copy(), batch.masks.copy(), actions, log_probs, batch.seats.copy(), learning)
        batch.step(actions)
        decisions += len(batch)
        rollouts.finish(batch.dones, batch.rewards)
        if len(rollouts.ready) < args.samples:
            continue
        loss = update(net, optimizer, rollouts.take(), args)
        updates += 1
        if args.eval_every and updates % args.eval_every == 0:
            last_eval = evaluate(net, game.spec, args.eval_games, seed=10_000 + updates)
            print("update %d, %.1f min, %d decisions, %d games: loss %.3f, against random %.1f%%" % (
                updates, (time.perf_counter() - start) / 60, decisions, batch.finished_games, loss, 100 * last_eval))
            sys.stdout.flush()
    minutes = (time.perf_counter() - start) / 60
    final = evaluate(net, game.spec, args.eval_games, seed=99) if args.eval_games else None
    meta = {"updates": updates, "decisions": decisions, "games": batch.finished_games, "minutes": round(minutes, 2),
            "threads": args.threads, "against_random": final, "seed": args.seed}
    save(net, args.out, game.spec, meta)
    print("saved %s: %d updates, %d games in %.1f min%s" % (
        args.out, updates, batch.finished_games, minutes,
        "" if final is None else ", against random %.1f%%" % (100 * final)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""An Arena bot that plays a network trained by train_selfplay.py (docs/learning.md, "The worked
example"): at each decision it rebuilds the position from the events it was sent (Turn.state()),
takes its seat's observation tensor and legal-action mask (arena_games), and plays the legal
action the network's policy rates highest.

The network runs in NumPy from the weights train_selfplay.py exports (.npz), so the bot starts in
a fraction of a second and needs neither PyTorch nor a GPU:

    arena match flume:size=5 --bot net="/usr/bin/python3 bindings/python/examples/net_bot.py flume5.npz" \\
        --bot random=build/bin/random_bot

Needs the SDK (protocol/python) and arena_games on the Python path (docs/python.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import numpy as np

from arena_bot import Bot, Turn


class NumpyPolicy:
    """The policy of policy_net.PolicyValueNet in NumPy: 3x3 convolutions (zero padding 1) with
    ReLU, a 1x1 convolution giving each cell's logits (action cell * k + j), and the logits of the
    actions beyond the cells from the board's average features. (The value head is not needed to
    play.)"""

    def __init__(self, path: str) -> None:
        with np.load(path) as saved:
            self.config = json.loads(str(saved["config"]))
            self.convs = [(saved["conv%d.weight" % i], saved["conv%d.bias" % i]) for i in range(self.config["blocks"])]
            self.cell_weight, self.cell_bias = saved["cell_policy.weight"], saved["cell_policy.bias"]
            self.extra = (saved["extra_policy.weight"], saved["extra_policy.bias"]) if "extra_policy.weight" in saved.files else None
        self.spec = self.config["spec"]

    def logits(self, observation: np.ndarray) -> np.ndarray:
        x = observation.astype(np.float32)
        for weight, bias in self.convs:
            x = np.maximum(conv3x3(x, weight, bias), 0.0)
        features = x.reshape(x.shape[0], -1)  # [channels, cells]
        cells = (self.cell_weight @ features + self.cell_bias[:, None]).T.reshape(-1)  # cell * k + j
        if self.extra is None:
            return cells
        weight, bias = self.extra
        return np.concatenate([cells, weight @ features.mean(axis=1) + bias])


def conv3x3(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """[C, H, W] through weights [out, C, 3, 3] (zero padding 1): [out, H, W]."""
    channels, height, width = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1)))
    # Every 3x3 window as a column: [C * 9, H * W], in the weights' (C, dy, dx) order.
    columns = np.stack([padded[:, dy:dy + height, dx:dx + width] for dy in range(3) for dx in range(3)], axis=1)
    out = weight.reshape(weight.shape[0], -1) @ columns.reshape(channels * 9, height * width)
    return (out + bias[:, None]).reshape(weight.shape[0], height, width)


class NetBot(Bot):
    name = "net-selfplay"
    author = "Arena learning example"

    def __init__(self, weights: str) -> None:
        self.policy = NumpyPolicy(weights)

    def new_game(self, turn: Turn) -> None:
        shape = list(turn.game().observation_tensor_shape())
        if shape != self.policy.config["shape"] or turn.game().num_distinct_actions() != self.policy.config["actions"]:
            sys.exit("net_bot.py: the network was trained on %s (observations %s), this game is %s (observations %s)"
                     % (self.policy.spec, self.policy.config["shape"], turn.game().spec, shape))

    def choose(self, turn: Turn) -> str:
        state = turn.state()
        logits = self.policy.logits(state.observation_tensor(turn.seat))
        logits[state.legal_actions_mask() == 0] = -np.inf
        move = state.action_move(int(np.argmax(logits)))
        return state.move_to_string(move)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("weights", nargs="?", default=os.path.join(here, "flume5.npz"),
                        help="the .npz train_selfplay.py wrote (default: flume5.npz beside this script)")
    args = parser.parse_args()
    NetBot(args.weights).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())

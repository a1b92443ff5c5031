"""The network of the learning example (docs/learning.md, "The worked example"): a small
convolutional policy-value net over a board game's observation tensor (planes x size x size),
shared by the training (train_selfplay.py) and the bot that plays it (net_bot.py)."""

from __future__ import annotations

import json
from typing import Any, Dict, Tuple

import numpy as np
import torch
from torch import nn


class PolicyValueNet(nn.Module):
    """Observation [planes, size, size] -> (a logit per action, a value in [-1, 1] for the seat
    whose observation it is).

    The policy head is a 1x1 convolution: the actions of a board game are mostly a few per cell
    (Flume: a placement, Clump: four swaps), numbered cell * k + j, so a cell's logits come from
    that cell's features and what the net learns at one cell holds at every other. Actions beyond
    the cells' (Flume's pie swap) get their logits from the board's average features."""

    def __init__(self, shape: Tuple[int, int, int], actions: int, channels: int = 32, blocks: int = 3) -> None:
        super().__init__()
        planes, height, width = shape
        self.cells = height * width
        self.per_cell = actions // self.cells
        self.extra = actions - self.per_cell * self.cells
        layers: list = [nn.Conv2d(planes, channels, 3, padding=1), nn.ReLU()]
        for _ in range(blocks - 1):
            layers += [nn.Conv2d(channels, channels, 3, padding=1), nn.ReLU()]
        self.body = nn.Sequential(*layers)
        self.cell_policy = nn.Conv2d(channels, self.per_cell, 1)
        self.extra_policy = nn.Linear(channels, self.extra) if self.extra else None
        self.value = nn.Sequential(nn.Linear(channels, 64), nn.ReLU(), nn.Linear(64, 1), nn.Tanh())
        self.config = {"shape": list(shape), "actions": actions, "channels": channels, "blocks": blocks}

    def forward(self, observations: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
        features = self.body(observations)
        # [N, k, H, W] -> [N, H, W, k] -> cell * k + j
        logits = self.cell_policy(features).permute(0, 2, 3, 1).flatten(1)
        pooled = features.mean(dim=(2, 3))
        if self.extra_policy is not None:
            logits = torch.cat([logits, self.extra_policy(pooled)], dim=1)
        return logits, self.value(pooled).squeeze(-1)


def masked_logits(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    """Illegal actions (mask 0) get a logit no softmax picks."""
    return logits.masked_fill(masks == 0, -1e9)


def save(net: PolicyValueNet, path: str, spec: str, meta: Dict[str, Any]) -> None:
    """The weights as NumPy arrays in one .npz (what net_bot.py plays, without PyTorch): conv<i>.weight
    and .bias per convolution, the policy heads (cell_policy as a [k, channels] matrix,
    extra_policy), the value head's layers, and `config` (JSON: the shape, the sizes, the spec and
    `meta`)."""
    convs = [m for m in net.body if isinstance(m, nn.Conv2d)]
    arrays = {}
    for i, conv in enumerate(convs):
        arrays["conv%d.weight" % i] = conv.weight.detach().numpy()
        arrays["conv%d.bias" % i] = conv.bias.detach().numpy()
    arrays["cell_policy.weight"] = net.cell_policy.weight.detach().numpy()[:, :, 0, 0]
    arrays["cell_policy.bias"] = net.cell_policy.bias.detach().numpy()
    if net.extra_policy is not None:
        arrays["extra_policy.weight"] = net.extra_policy.weight.detach().numpy()
        arrays["extra_policy.bias"] = net.extra_policy.bias.detach().numpy()
    for name, tensor in net.value.state_dict().items():
        arrays["value." + name] = tensor.numpy()
    config = dict(net.config, spec=spec, meta=meta)
    np.savez(path, config=np.array(json.dumps(config)), **arrays)


def load(path: str) -> Tuple[PolicyValueNet, str, Dict[str, Any]]:
    """A network from save()'s .npz (to train it further, or to compare with net_bot.py)."""
    with np.load(path) as saved:
        config = json.loads(str(saved["config"]))
        net = PolicyValueNet(tuple(config["shape"]), config["actions"], config["channels"], config["blocks"])
        convs = [m for m in net.body if isinstance(m, nn.Conv2d)]
        with torch.no_grad():
            for i, conv in enumerate(convs):
                conv.weight.copy_(torch.from_numpy(saved["conv%d.weight" % i]))
                conv.bias.copy_(torch.from_numpy(saved["conv%d.bias" % i]))
            net.cell_policy.weight.copy_(torch.from_numpy(saved["cell_policy.weight"])[:, :, None, None])
            net.cell_policy.bias.copy_(torch.from_numpy(saved["cell_policy.bias"]))
            if net.extra_policy is not None:
                net.extra_policy.weight.copy_(torch.from_numpy(saved["extra_policy.weight"]))
                net.extra_policy.bias.copy_(torch.from_numpy(saved["extra_policy.bias"]))
            net.value.load_state_dict({name[len("value."):]: torch.from_numpy(saved[name])
                                       for name in saved.files if name.startswith("value.")})
    net.eval()
    return net, config["spec"], config.get("meta", {})

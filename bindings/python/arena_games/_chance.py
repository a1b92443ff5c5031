"""Chance for the environments: outcomes drawn by their probabilities from a NumPy generator,
until a seat is to act or the game is over."""

from __future__ import annotations

import numpy as np

from ._core import State


def resolve_chance(state: State, rng: np.random.Generator) -> None:
    while state.is_chance():
        outcomes = state.chance_outcomes()
        weights = np.fromiter((p for _, p in outcomes), dtype=np.float64, count=len(outcomes))
        pick = rng.choice(len(outcomes), p=weights / weights.sum())
        state.apply(outcomes[pick][0])

"""Observation and action spaces shaped like Gymnasium's (gymnasium.spaces), for the environments
of arena_games.aec and arena_games.env, without importing Gymnasium: code written against
Gymnasium's Discrete and Box (n, shape, dtype, contains, sample with a mask, seed) works with them.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Tuple

import numpy as np

__all__ = ["Space", "Discrete", "Box"]


class Space:
    """A set of values with a shape and a dtype, and a random generator to sample it."""

    def __init__(self, shape: Tuple[int, ...], dtype: Any, seed: Optional[int] = None) -> None:
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self._np_random = np.random.default_rng(seed)

    @property
    def np_random(self) -> np.random.Generator:
        return self._np_random

    def seed(self, seed: Optional[int] = None) -> list:
        """Reseeds the space's generator (sample()); returns [seed] as Gymnasium does."""
        self._np_random = np.random.default_rng(seed)
        return [seed]

    def contains(self, x: Any) -> bool:
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)

    def sample(self, mask: Any = None) -> Any:
        raise NotImplementedError


class Discrete(Space):
    """The integers start .. start + n - 1: an action space over a game's action indices."""

    def __init__(self, n: int, seed: Optional[int] = None, start: int = 0) -> None:
        if int(n) <= 0:
            raise ValueError("Discrete: n must be positive, got %r" % (n,))
        super().__init__((), np.int64, seed)
        self.n = int(n)
        self.start = int(start)

    def sample(self, mask: Optional[np.ndarray] = None) -> int:
        """A uniformly random element; with `mask` (int8, shape (n,), 1 where allowed, as the
        environments' infos["action_mask"] give it) a uniformly random allowed one, or `start`
        when none is allowed (as Gymnasium does)."""
        if mask is None:
            return int(self.start + self._np_random.integers(self.n))
        mask = np.asarray(mask)
        if mask.shape != (self.n,):
            raise ValueError("Discrete.sample: the mask's shape is %s, the space's (%d,)" % (mask.shape, self.n))
        if mask.dtype != np.int8:
            raise ValueError("Discrete.sample: the mask must be int8 (0 or 1), not %s" % mask.dtype)
        allowed = np.flatnonzero(mask)
        if allowed.size == 0:
            return self.start
        return int(self.start + allowed[self._np_random.integers(allowed.size)])

    def contains(self, x: Any) -> bool:
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, np.ndarray):
            if x.shape != () or not np.issubdtype(x.dtype, np.integer):
                return False
            x = int(x)
        elif isinstance(x, (np.integer,)):
            x = int(x)
        if not isinstance(x, int):
            return False
        return self.start <= x < self.start + self.n

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Discrete) and other.n == self.n and other.start == self.start

    def __hash__(self) -> int:
        return hash(("Discrete", self.n, self.start))

    def __repr__(self) -> str:
        return "Discrete(%d)" % self.n if self.start == 0 else "Discrete(%d, start=%d)" % (self.n, self.start)


class Box(Space):
    """Arrays of a fixed shape with every entry in [low, high]: an observation space over a
    game's observation tensors (float32)."""

    def __init__(self, low: float, high: float, shape: Sequence[int], dtype: Any = np.float32,
                 seed: Optional[int] = None) -> None:
        super().__init__(tuple(int(d) for d in shape), dtype, seed)
        self.low = np.full(self.shape, low, dtype=self.dtype)
        self.high = np.full(self.shape, high, dtype=self.dtype)
        if np.any(self.low > self.high):
            raise ValueError("Box: low is above high")

    def contains(self, x: Any) -> bool:
        if not isinstance(x, np.ndarray):
            try:
                x = np.asarray(x, dtype=self.dtype)
            except (TypeError, ValueError):
                return False
        return (x.shape == self.shape and np.can_cast(x.dtype, self.dtype)
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    def sample(self, mask: Any = None) -> np.ndarray:
        """Uniform in each bounded entry, normal where unbounded (as Gymnasium's Box)."""
        if mask is not None:
            raise ValueError("Box.sample takes no mask")
        bounded = np.isfinite(self.low) & np.isfinite(self.high)
        out = self._np_random.normal(size=self.shape)
        uniform = self._np_random.uniform(np.where(bounded, self.low, 0), np.where(bounded, self.high, 1))
        return np.where(bounded, uniform, out).astype(self.dtype)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Box) and other.shape == self.shape and other.dtype == self.dtype
                and np.array_equal(other.low, self.low) and np.array_equal(other.high, self.high))

    def __hash__(self) -> int:
        return hash(("Box", self.shape, str(self.dtype)))

    def __repr__(self) -> str:
        return "Box(%s, %s, %s, %s)" % (self.low.flat[0] if self.low.size else "", self.high.flat[0] if self.high.size else "",
                                        self.shape, self.dtype)

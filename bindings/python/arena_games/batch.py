"""N games of one spec stepped together in C++, for training loops (docs/learning.md, "The batch").

    from arena_games.batch import Batch

    batch = Batch("flume:size=5", 256, seed=1, threads=2)
    for _ in range(1000):
        actions = policy(batch.observations, batch.masks)   # one action index per row
        batch.step(actions)
        # batch.dones[i]: row i's game ended; batch.rewards[i]: every seat's reward then
"""

from __future__ import annotations

from typing import Sequence, Union

import numpy as np

from . import _core

__all__ = ["Batch"]


class Batch:
    """N games of one spec, stepped together in C++ (bindings/batch/game_batch.h).

    Row i of every array is game i, shown at its seat to act: observations[i] is that seat's
    observation tensor, masks[i] its legal actions (int8, 1 where legal), seats[i] the seat
    (1..players). step(actions) plays actions[i] in every row, resolves chance with the row's own
    generator (seeded from `seed` and i), and where a game ends sets dones[i], writes every seat's
    reward in rewards[i] (0 in the other rows; State.returns) and starts the next game, whose
    first decision the row then shows. The arrays are the batch's, rewritten in place at every
    step: read them and copy what you keep; write nothing into them. reset(), step() and
    sample_actions() release the GIL; with threads > 1 the rows are stepped on that many threads
    (the result is the same as on one).
    """

    def __init__(self, game: Union[str, _core.Game], size: int, seed: int = 0, threads: int = 1) -> None:
        self._batch = _core._batch(game, size, seed, threads)
        self.game: _core.Game = self._batch.game
        self.observations: np.ndarray = self._batch.observations  # float32 [size, *shape]
        self.masks: np.ndarray = self._batch.masks  # int8 [size, num_distinct_actions]
        self.rewards: np.ndarray = self._batch.rewards  # float32 [size, players]
        self.dones: np.ndarray = self._batch.dones  # bool [size]
        self.seats: np.ndarray = self._batch.seats  # int32 [size]

    @property
    def size(self) -> int:
        """The number of games (rows)."""
        return self._batch.size

    def __len__(self) -> int:
        return self._batch.size

    @property
    def threads(self) -> int:
        """The threads that step the rows."""
        return self._batch.threads

    @property
    def finished_games(self) -> int:
        """Games ended in all rows since the batch was made."""
        return self._batch.finished_games

    @property
    def actions_played(self) -> int:
        """Actions applied in all rows since the batch was made, chance outcomes included."""
        return self._batch.actions_played

    def reset(self) -> None:
        """Starts a new game in every row."""
        self._batch.reset()

    def step(self, actions: Union[np.ndarray, Sequence[int]]) -> None:
        """Plays actions[i] (an action index legal in row i) in every row. ArenaError naming the
        first row whose action is not legal there, before any row moves."""
        self._batch.step(actions)

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action for every row (int32 [size]), from the rows' own
        generators."""
        return self._batch.sample_actions()

    def state(self, row: int) -> _core.State:
        """A copy of the game a row is playing, at its current decision."""
        return self._batch.state(row)

    def __repr__(self) -> str:
        return "<arena_games.batch.Batch of %d games of %s>" % (self.size, self.game.spec)

"""An Arena game as a single-agent environment shaped like Gymnasium's Env (gymnasium.Env), without
importing Gymnasium: one seat learns, every other seat plays a fixed opponent policy.

    from arena_games.env import ArenaEnv

    env = ArenaEnv("flume:size=5", seat=1)          # the other seat plays uniformly at random
    observation, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The observation is the game's observation tensor from the learner's seat (docs/learning.md), the
action space the game's fixed action space, info["action_mask"] (int8) the legal actions. The
opponents' moves and chance are played inside step() until the learner is to act again or the
game is over; the reward is 0 until the end, then the learner's team rank among the teams (+1 a
win, -1 a loss between two sides: State.returns). No game is cut short: `truncated` stays False.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple, Union

import numpy as np

from . import _core
from ._chance import resolve_chance
from ._render import render_in_mode
from .spaces import Box, Discrete

__all__ = ["ArenaEnv", "Policy", "random_policy"]

# An opponent: (observation tensor of its seat, its int8 legal-action mask, a generator) -> an
# action index legal there.
Policy = Callable[[np.ndarray, np.ndarray, np.random.Generator], int]


def random_policy(observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
    """Uniformly random among the legal actions."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(legal.size)])


class ArenaEnv:
    """One seat of a game against fixed opponents, reset() and step() as in Gymnasium."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(self, game: Union[str, _core.Game], seat: int = 1, opponent: Optional[Policy] = None,
                 render_mode: Optional[str] = None) -> None:
        self.game = _core.load(game) if isinstance(game, str) else game
        if not 1 <= seat <= self.game.players:
            raise ValueError("seat %d: %s has seats 1 to %d" % (seat, self.game.spec, self.game.players))
        if render_mode not in (None, "ansi", "human"):
            raise ValueError("render_mode must be None, 'ansi' or 'human', not %r" % (render_mode,))
        self.seat = seat
        self.opponent = opponent if opponent is not None else random_policy
        self.render_mode = render_mode
        self.observation_space = Box(-np.inf, np.inf, self.game.observation_tensor_shape(), np.float32)
        self.action_space = Discrete(self.game.num_distinct_actions())
        self.reward_range = (-1.0, 1.0)
        self.spec = None
        self._np_random = np.random.default_rng()
        self.state: Optional[_core.State] = None

    @property
    def np_random(self) -> np.random.Generator:
        """The generator of chance and of the random opponent (reseeded by reset(seed=...))."""
        return self._np_random

    @property
    def unwrapped(self) -> "ArenaEnv":
        return self

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """A new game, played up to the learner's first decision: (observation, info)."""
        if seed is not None:
            self._np_random = np.random.default_rng(seed)
            self.action_space.seed(seed)
        self.state = self.game.new_initial_state()
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: int) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Plays the learner's `action` (an action index legal now), then the others up to its
        next decision or the end: (observation, reward, terminated, truncated, info)."""
        state = self._live_state()
        if state.is_terminal():
            raise ValueError("the game is over: call reset()")
        state.apply_action(int(action))
        self._play_others()
        terminated = state.is_terminal()
        reward = float(state.returns()[self.seat - 1]) if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def render(self) -> Optional[str]:
        """The whole position drawn for people ('ansi' returns it, 'human' prints it)."""
        if self.render_mode is None:
            return None
        return render_in_mode(self._live_state(), self.render_mode)

    def close(self) -> None:
        pass

    # Inside.
    def _live_state(self) -> _core.State:
        if self.state is None:
            raise ValueError("call reset() first")
        return self.state

    def _play_others(self) -> None:
        state = self._live_state()
        while True:
            resolve_chance(state, self._np_random)
            seat = state.current_player()
            if seat == self.seat or state.is_terminal():
                return
            action = self.opponent(state.observation_tensor(seat), state.legal_actions_mask(), self._np_random)
            state.apply_action(int(action))

    def _observation(self) -> np.ndarray:
        return self._live_state().observation_tensor(self.seat)

    def _info(self) -> Dict[str, Any]:
        state = self._live_state()
        return {"action_mask": state.legal_actions_mask(), "seat": self.seat}

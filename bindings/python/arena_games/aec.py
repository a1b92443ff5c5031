"""An Arena game as a multi-agent environment shaped like PettingZoo's AEC API (pettingzoo.AECEnv),
without importing PettingZoo: code written for PettingZoo's classic board and card games runs on it.

    from arena_games.aec import env

    e = env("flush:players=4")
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(info["action_mask"])
        e.step(action)

Agents are "player_0" .. "player_{N-1}" for seats 1..N. An agent's observation is the game's
observation tensor from its seat (docs/learning.md: what it may know, never more), its action
space the game's fixed action space, and infos[agent]["action_mask"] (int8) says which actions
are legal: the acting agent's legal moves, all 0 for the others. Chance is resolved by the
environment's generator (seeded by reset(seed=...)). Rewards come at the end only: each seat's
team rank among the teams, +1 for a win and -1 for a loss between two sides (State.returns).
Then every agent is terminated and, as in PettingZoo, steps once more with None to leave.
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, List, Optional, Tuple, Union

import numpy as np

from . import _core
from ._chance import resolve_chance
from ._render import render_in_mode
from .spaces import Box, Discrete

__all__ = ["ArenaAECEnv", "env"]

AgentID = str


class ArenaAECEnv:
    """One game at a time of a spec, agent by agent (PettingZoo's AEC cycle)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: Union[str, _core.Game], render_mode: Optional[str] = None) -> None:
        self.game = _core.load(game) if isinstance(game, str) else game
        if render_mode not in (None, "ansi", "human"):
            raise ValueError("render_mode must be None, 'ansi' or 'human', not %r" % (render_mode,))
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name="arena_" + self.game.id.replace("-", "_"))
        self.possible_agents: List[AgentID] = ["player_%d" % i for i in range(self.game.players)]
        shape = self.game.observation_tensor_shape()
        # One object per agent, the same at every call (PettingZoo's api_test asks for it).
        self._observation_spaces = {a: Box(-np.inf, np.inf, shape, np.float32) for a in self.possible_agents}
        self._action_spaces = {a: Discrete(self.game.num_distinct_actions()) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state: Optional[_core.State] = None
        self.agents: List[AgentID] = []
        self.rewards: Dict[AgentID, float] = {}
        self._cumulative_rewards: Dict[AgentID, float] = {}
        self.terminations: Dict[AgentID, bool] = {}
        self.truncations: Dict[AgentID, bool] = {}
        self.infos: Dict[AgentID, Dict[str, Any]] = {}
        self.agent_selection: AgentID = self.possible_agents[0]

    # The spaces and counts PettingZoo's API names.
    def observation_space(self, agent: AgentID) -> Box:
        return self._observation_spaces[agent]

    def action_space(self, agent: AgentID) -> Discrete:
        return self._action_spaces[agent]

    @property
    def observation_spaces(self) -> Dict[AgentID, Box]:
        return dict(self._observation_spaces)

    @property
    def action_spaces(self) -> Dict[AgentID, Discrete]:
        return dict(self._action_spaces)

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    @property
    def unwrapped(self) -> "ArenaAECEnv":
        return self

    def seat_of(self, agent: AgentID) -> int:
        """The seat (1..N) an agent plays."""
        return self.possible_agents.index(agent) + 1

    def agent_of(self, seat: int) -> AgentID:
        return self.possible_agents[seat - 1]

    # The cycle.
    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game; `seed` reseeds the generator that resolves chance (else it continues)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.game.new_initial_state()
        resolve_chance(self.state, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._after_action()

    def observe(self, agent: AgentID) -> np.ndarray:
        """The agent's observation tensor now (its seat's view)."""
        return self._live_state().observation_tensor(self.seat_of(agent))

    def last(self, observe: bool = True) -> Tuple[Optional[np.ndarray], float, bool, bool, Dict[str, Any]]:
        """(observation, reward since it last acted, termination, truncation, info) of the agent
        to act."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def step(self, action: Optional[int]) -> None:
        """Plays `action` (an action index legal for the agent to act) for the agent to act;
        None once it is terminated. ArenaError (a ValueError) for an illegal action."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._leave(agent, action)
            return
        if action is None:
            raise ValueError("%s is to act: step() needs an action (None only once it is terminated)" % agent)
        state = self._live_state()
        state.apply_action(int(action))
        resolve_chance(state, self._rng)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if state.is_terminal():
            for a, reward in zip(self.possible_agents, state.returns()):
                self.rewards[a] = float(reward)
                self.terminations[a] = True
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self._after_action()

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[AgentID]:
        """The agent to act, until every agent has left (or max_iter agents)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def render(self) -> Optional[str]:
        """The whole position drawn for people ('ansi' returns it, 'human' prints it)."""
        if self.render_mode is None:
            return None
        return render_in_mode(self._live_state(), self.render_mode)

    def close(self) -> None:
        pass

    def state_of_game(self) -> _core.State:
        """The engine's State (every hidden part included: not for a seat's eyes)."""
        return self._live_state()

    # Inside.
    def _live_state(self) -> _core.State:
        if self.state is None:
            raise ValueError("call reset() first")
        return self.state

    def _after_action(self) -> None:
        """The masks of every agent still in, and the agent to act next."""
        state = self._live_state()
        mask = state.legal_actions_mask()
        to_act = state.current_player()
        for a in self.agents:
            self.infos[a] = {"action_mask": mask if to_act == self.seat_of(a) else np.zeros_like(mask)}
        if to_act >= 1:
            self.agent_selection = self.agent_of(to_act)
        elif self.agents:
            self.agent_selection = self.agents[0]

    def _leave(self, agent: AgentID, action: Optional[int]) -> None:
        """A terminated agent's last step: it leaves the game (PettingZoo's dead step)."""
        if action is not None:
            raise ValueError("%s is terminated: its only action is None" % agent)
        for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del table[agent]
        self.agents.remove(agent)
        self.rewards = {a: 0.0 for a in self.agents}
        if self.agents:
            self.agent_selection = self.agents[0]


def env(game: Union[str, _core.Game], render_mode: Optional[str] = None) -> ArenaAECEnv:
    """The AEC environment of a game spec (PettingZoo's `<game>_v0.env()`)."""
    return ArenaAECEnv(game, render_mode=render_mode)

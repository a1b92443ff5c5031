"""arena_games.aec against the checks of PettingZoo's api_test (pettingzoo/test/api_test.py) and
seed_test that need no package: written again here, since PettingZoo is not installed. Every
registered game and player count."""

import random
import re
import unittest
import warnings

import numpy as np

from arena_games import ArenaError
from arena_games.aec import ArenaAECEnv, env
from arena_games.spaces import Box, Discrete
from support import every_quick_spec


def check_observation(case, observation, observation_0):
    """api_test's test_observation: a numeric NumPy array, finite, of the first's shape."""
    case.assertIsInstance(observation, np.ndarray)
    case.assertNotEqual(observation.shape, (0,), "an observation cannot be an empty array")
    case.assertFalse(np.isinf(observation).any() or np.isnan(observation).any())
    case.assertLessEqual(len(observation.shape), 3)
    case.assertEqual(observation.shape, observation_0.shape)
    case.assertTrue(np.can_cast(observation.dtype, np.float64))


def check_spaces(case, e, agent_0):
    """api_test's test_observation_action_spaces."""
    for agent in e.agents:
        case.assertIs(e.observation_space(agent), e.observation_space(agent))
        case.assertIs(e.action_space(agent), e.action_space(agent))
        case.assertIsInstance(e.observation_space(agent), Box)
        case.assertIsInstance(e.action_space(agent), Discrete)
        case.assertRegex(agent, re.compile(r"[a-z]+_[0-9]+"))
        case.assertEqual(e.observation_space(agent), e.observation_space(agent_0))
        case.assertEqual(e.action_space(agent), e.action_space(agent_0))
        space = e.observation_space(agent)
        case.assertFalse(np.any(space.low > space.high))
        case.assertEqual(space.low.shape, space.shape)
        case.assertEqual(space.high.shape, space.shape)


def check_action_mask(case, e, agent, info):
    mask = info["action_mask"]
    case.assertIsInstance(mask, np.ndarray)
    case.assertEqual(mask.dtype, np.int8)
    case.assertEqual(mask.shape, (e.action_space(agent).n,))


def play_test(case, e, observation_0, num_cycles):
    """api_test's play_test: the reward last() gives is the sum of the rewards since the agent
    last acted; agents leave once terminated and never come back; the tables' keys are the
    agents; every observation lies in its space."""
    e.reset()
    has_finished, generated = set(), set()
    accumulated = {a: 0.0 for a in e.agents}
    for agent in e.agent_iter(e.num_agents * num_cycles):
        generated.add(agent)
        case.assertNotIn(agent, has_finished, "agents cannot resurrect")
        case.assertIsInstance(e.infos[agent], dict)
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            check_action_mask(case, e, agent, info)
            action = random.choice(np.flatnonzero(info["action_mask"]).tolist())
        if termination or truncation:
            has_finished.add(agent)
        case.assertEqual(accumulated[agent], reward, "last()'s reward is not the rewards accumulated")
        accumulated[agent] = 0.0
        e.step(action)
        for a, r in e.rewards.items():
            accumulated[a] += r
        case.assertEqual(e.num_agents, len(e.agents))
        for table in (e.rewards, e.terminations, e.truncations, e.infos):
            case.assertEqual(set(table), set(e.agents))
        case.assertTrue(set(e.agents) <= set(e.possible_agents))
        if not e.agents:
            break
        case.assertEqual(e.observation_space(agent).dtype, observation.dtype)
        case.assertTrue(e.observation_space(agent).contains(observation))
        check_observation(case, observation, observation_0)
    if not e.agents:
        case.assertEqual(has_finished, generated, "not all agents finished")

    e.reset()
    for agent in e.agent_iter(e.num_agents * 2):
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else random.choice(np.flatnonzero(info["action_mask"]).tolist())
        case.assertIsInstance(termination, bool)
        case.assertIsInstance(truncation, bool)
        case.assertEqual(termination, e.terminations[agent])
        case.assertEqual(truncation, e.truncations[agent])
        case.assertIs(info, e.infos[agent])
        float(e.rewards[agent])
        case.assertIsNone(e.step(action), "step() must return nothing")


def action_flexibility(case, e):
    """api_test's test_action_flexibility: a NumPy integer is an action too. (Reset with one seed
    both times: in a game with chance, the next deal is another one.)"""
    e.reset(seed=5)
    _, _, _, _, info = e.last()
    action = int(np.flatnonzero(info["action_mask"])[0])
    e.step(action)
    e.reset(seed=5)
    e.step(np.int32(action))


def api_test(case, e, num_cycles):
    e.reset()
    case.assertFalse(any(e.terminations.values()) or any(e.truncations.values()))
    case.assertIsInstance(e.num_agents, int)
    case.assertGreater(e.num_agents, 0)
    e.reset()
    observation_0 = e.last()[0]
    check_observation(case, observation_0, observation_0)
    case.assertIsNone(e.last(observe=False)[0], "last must return None when observe=False")
    check_spaces(case, e, e.agent_selection)
    play_test(case, e, observation_0, num_cycles)
    for table in (e.rewards, e.terminations, e.truncations, e.infos):
        case.assertIsInstance(table, dict)
    case.assertEqual(len(e.rewards), len(e.agents))
    for agent in e.agents:
        case.assertIsInstance(e.terminations[agent], bool)
        float(e.rewards[agent])
    action_flexibility(case, e)
    case.assertIs(e.unwrapped, e)


def run_seeded(spec, seed, cycles):
    """seed_test's run: actions from the action spaces seeded alike, the whole trajectory."""
    e = env(spec)
    e.reset(seed=seed)
    for a in e.possible_agents:
        e.action_space(a).seed(seed)
    trajectory = []
    for agent in e.agent_iter(cycles):
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(info["action_mask"])
        trajectory.append((agent, observation.tobytes(), reward, termination, action))
        e.step(action)
    return trajectory


class AecApiTest(unittest.TestCase):
    def test_api_test_passes_on_every_game(self):
        random.seed(0)
        for spec, players in every_quick_spec():
            with self.subTest(spec=spec):
                e = env(spec)
                self.assertEqual(e.possible_agents, ["player_%d" % i for i in range(players)])
                api_test(self, e, num_cycles=400)

    def test_seeds_repeat_exactly(self):
        for spec, _ in every_quick_spec():
            with self.subTest(spec=spec):
                self.assertEqual(run_seeded(spec, 3, 300), run_seeded(spec, 3, 300))

    def test_a_whole_game_ends_with_rewards_and_every_agent_leaving(self):
        e = env("clump:size=4")
        e.reset(seed=1)
        final_rewards = None
        for agent in e.agent_iter():
            _, _, termination, _, info = e.last()
            e.step(None if termination else e.action_space(agent).sample(info["action_mask"]))
            if final_rewards is None and all(e.terminations.values()):
                final_rewards = dict(e.rewards)  # the step that ended the game
        self.assertEqual(sorted(final_rewards.values()), [-1.0, 1.0])
        self.assertEqual(e.agents, [])

    def test_the_agent_to_act_sees_its_mask_the_others_none(self):
        e = env("flush:players=4")
        e.reset(seed=2)
        acting = e.agent_selection
        for agent in e.agents:
            self.assertEqual(bool(e.infos[agent]["action_mask"].any()), agent == acting)
        # Each agent observes from its own seat: the hands differ.
        self.assertFalse(np.array_equal(e.observe("player_0"), e.observe("player_1")))

    def test_illegal_and_missing_actions_raise(self):
        e = env("flume:size=5")
        e.reset()
        with self.assertRaisesRegex(ArenaError, "action 12 is not legal here"):
            e.step(12)
        with self.assertRaisesRegex(ValueError, "needs an action"):
            e.step(None)
        with self.assertRaisesRegex(ValueError, "call reset"):
            ArenaAECEnv("flume").observe("player_0")

    def test_render_draws_the_position(self):
        e = env("clump:size=4", render_mode="ansi")
        e.reset()
        self.assertIn("R", e.render())
        self.assertIsNone(env("clump:size=4").render())


if __name__ == "__main__":
    unittest.main()

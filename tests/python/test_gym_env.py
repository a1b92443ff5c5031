"""arena_games.env.ArenaEnv: Gymnasium's Env cycle (reset(seed) -> (observation, info), step ->
5-tuple) for one seat against fixed opponents, checked as Gymnasium's env_checker checks an env
(without Gymnasium, which is not installed)."""

import unittest

import numpy as np

from arena_games import ArenaError
from arena_games.env import ArenaEnv, random_policy
from support import every_quick_spec


def play(env, seed, policy=None):
    observation, info = env.reset(seed=seed)
    trajectory, rng = [], np.random.default_rng(seed)
    while True:
        assert env.observation_space.contains(observation)
        mask = info["action_mask"]
        action = policy(observation, mask) if policy else random_policy(observation, mask, rng)
        observation, reward, terminated, truncated, info = env.step(action)
        trajectory.append((observation.tobytes(), reward, terminated))
        if terminated or truncated:
            return trajectory


class GymEnvTest(unittest.TestCase):
    def test_every_game_and_seat_plays_to_the_end(self):
        for spec, players in every_quick_spec():
            for seat in (1, players):
                with self.subTest(spec=spec, seat=seat):
                    env = ArenaEnv(spec, seat=seat)
                    observation, info = env.reset(seed=seat)
                    self.assertEqual(observation.shape, env.observation_space.shape)
                    self.assertEqual(observation.dtype, np.float32)
                    self.assertEqual(info["action_mask"].shape, (env.action_space.n,))
                    self.assertTrue(info["action_mask"].any(), "reset stops at the learner's decision")
                    self.assertEqual(env.state.current_player(), seat)
                    trajectory = play(env, seat)
                    *middle, (_, reward, terminated) = trajectory
                    self.assertTrue(terminated)
                    self.assertTrue(-1.0 <= reward <= 1.0)
                    self.assertTrue(all(r == 0.0 and not t for _, r, t in middle))

    def test_the_same_seed_plays_the_same_game(self):
        for spec, _ in every_quick_spec():
            with self.subTest(spec=spec):
                self.assertEqual(play(ArenaEnv(spec), 7), play(ArenaEnv(spec), 7))

    def test_a_win_is_one_and_the_opponent_is_the_policy_given(self):
        # Against an opponent that always takes its first legal swap, a seat that does the same
        # plays one fixed game; the reward is its result.
        first = lambda observation, mask, rng=None: int(np.flatnonzero(mask)[0])
        env = ArenaEnv("clump:size=4", seat=2, opponent=first)
        trajectory = play(env, 1, policy=first)
        self.assertIn(trajectory[-1][1], (-1.0, 1.0))
        self.assertEqual(trajectory[-1][1], env.state.returns()[1])

    def test_bad_input_raises(self):
        env = ArenaEnv("flume:size=5")
        with self.assertRaisesRegex(ValueError, "call reset"):
            env.step(0)
        env.reset(seed=1)
        with self.assertRaisesRegex(ArenaError, "action 12 is not legal here"):
            env.step(12)
        with self.assertRaisesRegex(ValueError, "seat 3"):
            ArenaEnv("flume", seat=3)


if __name__ == "__main__":
    unittest.main()

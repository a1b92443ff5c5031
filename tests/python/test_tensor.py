"""The learning view from Python (docs/learning.md): observation tensors, action indices and
masks agree with the engine's moves on every game and player count; arrays can be the caller's;
bad input raises ArenaError with the engine's words."""

import random
import unittest

import numpy as np

import arena_games
from arena_games import ArenaError
from support import every_quick_spec, random_move


class TensorTest(unittest.TestCase):
    def test_masks_and_indices_match_the_legal_moves_in_every_game(self):
        for spec, players in every_quick_spec():
            game = arena_games.load(spec)
            shape = game.observation_tensor_shape()
            self.assertEqual(int(np.prod(shape)), game.observation_tensor_size())
            state, rng, decisions = game.new_initial_state(), random.Random(4), 0
            while not state.is_terminal() and decisions < 60:
                mask = state.legal_actions_mask()
                self.assertEqual(mask.dtype, np.int8)
                self.assertEqual(mask.shape, (game.num_distinct_actions(),))
                if state.is_chance():
                    self.assertEqual(int(mask.sum()), 0)
                    self.assertEqual(state.legal_actions(), [])
                else:
                    decisions += 1
                    actions = state.legal_actions()
                    self.assertEqual(sorted(np.flatnonzero(mask).tolist()), sorted(actions))
                    for move, action in zip(state.legal_moves(), actions):
                        self.assertEqual(state.action_index(move), action)
                        self.assertEqual(state.action_move(action), move)
                    for seat in range(1, players + 1):
                        tensor = state.observation_tensor(seat)
                        self.assertEqual(tensor.shape, shape)
                        self.assertEqual(tensor.dtype, np.float32)
                        self.assertTrue(np.all(np.isfinite(tensor)))
                state.apply(random_move(state, rng))

    def test_apply_action_plays_the_move_it_names(self):
        game = arena_games.load("clump:size=6")
        state = game.new_initial_state()
        action = state.action_index(state.parse_move("c3-c4"))
        state.apply_action(action)
        self.assertEqual(state.history(), [(1, action)])  # in Clump the index is the move's code

    def test_a_seats_tensor_hides_what_it_may_not_see(self):
        # A state sampled from seat 2's views gives seat 2 the tensor of the real state.
        game = arena_games.load("flush:players=3")
        state, rng = game.new_initial_state(), random.Random(2)
        while state.is_chance() or state.current_player() != 2:
            state.apply(random_move(state, rng))
        for sample in game.sample_states(2, state.seen_by(2), 5, seed=3):
            np.testing.assert_array_equal(sample.observation_tensor(2), state.observation_tensor(2))

    def test_the_callers_arrays_are_written_in_place(self):
        game = arena_games.load("flume:size=5")
        state = game.new_initial_state()
        out = np.full(game.observation_tensor_shape(), 7.0, dtype=np.float32)
        self.assertIs(state.observation_tensor(1, out=out), out)
        np.testing.assert_array_equal(out, state.observation_tensor(1))
        flat = np.empty(game.observation_tensor_size(), dtype=np.float32)
        state.observation_tensor(2, out=flat)
        np.testing.assert_array_equal(flat, state.observation_tensor(2).ravel())
        mask = np.ones(game.num_distinct_actions(), dtype=np.int8)
        self.assertIs(state.legal_actions_mask(out=mask), mask)
        self.assertEqual(int(mask[12]), 0)  # the centre: banned for Red's first placement

    def test_bad_input_raises_the_engines_words(self):
        game = arena_games.load("flume:size=5")
        state = game.new_initial_state()
        with self.assertRaisesRegex(ArenaError, r"flume:size=5,early_end=false: the observation buffer has 3 floats, "
                                                r"the game's observation 150"):
            state.observation_tensor(1, out=np.zeros(3, dtype=np.float32))
        with self.assertRaisesRegex(ArenaError, "float32"):
            state.observation_tensor(1, out=np.zeros(150, dtype=np.float64))
        with self.assertRaisesRegex(ArenaError, "seat 3"):
            state.observation_tensor(3)
        with self.assertRaisesRegex(ArenaError, r"action 12 is not legal here \(24 legal, e.g. a1 b1"):
            state.action_move(12)
        with self.assertRaisesRegex(ArenaError, "action 99 is not legal here"):
            state.apply_action(99)
        self.assertEqual(state.history(), [])

    def test_returns_rank_the_teams(self):
        game = arena_games.load("flume-cards:players=4")
        state = game.new_initial_state()
        self.assertEqual(state.returns(), [0.0] * 4)
        state.playout(seed=1)
        returns = state.returns()
        teams = [game.team_of(s) for s in range(1, 5)]
        for s in range(4):
            self.assertIn(returns[s], (-1.0, 0.0, 1.0))
            self.assertEqual(returns[s], returns[teams.index(teams[s])])
        self.assertAlmostEqual(sum(returns), 0.0)


if __name__ == "__main__":
    unittest.main()

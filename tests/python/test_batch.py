"""arena_games.batch.Batch: rows show the seat to act with the engine's tensors, games end with
rewards and start again, threads change nothing, the GIL is released, bad input raises."""

import threading
import unittest

import numpy as np

import arena_games
from arena_games import ArenaError
from arena_games.batch import Batch
from support import every_quick_spec


class BatchTest(unittest.TestCase):
    def check_rows(self, batch):
        for i in range(len(batch)):
            state = batch.state(i)
            seat = int(batch.seats[i])
            self.assertEqual(seat, state.current_player())
            np.testing.assert_array_equal(batch.observations[i], state.observation_tensor(seat))
            np.testing.assert_array_equal(batch.masks[i], state.legal_actions_mask())

    def test_rows_follow_their_games_in_every_game(self):
        for spec, players in every_quick_spec():
            batch = Batch(spec, 3, seed=5)
            game = batch.game
            self.assertEqual(batch.observations.shape, (3,) + game.observation_tensor_shape())
            self.assertEqual(batch.masks.shape, (3, game.num_distinct_actions()))
            self.assertEqual(batch.rewards.shape, (3, players))
            self.assertEqual((batch.dones.dtype, batch.seats.dtype, batch.masks.dtype),
                             (np.dtype(bool), np.dtype(np.int32), np.dtype(np.int8)))
            self.check_rows(batch)
            ended = 0
            for _ in range(40):
                batch.step(batch.sample_actions())
                self.check_rows(batch)
                ended += int(batch.dones.sum())
                self.assertTrue(np.all(batch.rewards[~batch.dones] == 0))
            self.assertEqual(batch.finished_games, ended)
            self.assertGreater(batch.actions_played, 0)

    def test_rows_equal_a_fresh_write_after_many_steps_and_resets(self):
        # What a row shows is what a fresh full write gives for the same position: the position
        # rebuilt from the row's history in a new state, its tensor written over NaNs. A batch
        # that wrote only what changed, kept a row's tensor or mask from an earlier step, game
        # or reset, or a writer that relied on what its buffer held, would differ here.
        total_ended = 0
        for spec, _ in every_quick_spec():
            batch = Batch(spec, 4, seed=11)
            game = batch.game
            ended = 0
            for step in range(1, 181):
                batch.step(batch.sample_actions())
                ended += int(batch.dones.sum())
                if step % 60 == 0:
                    batch.reset()
                if step % 15:
                    continue
                for i in range(len(batch)):
                    fresh = game.new_initial_state()
                    for _, move in batch.state(i).history():
                        fresh.apply(move)
                    seat = int(batch.seats[i])
                    self.assertEqual(seat, fresh.current_player(), (spec, step, i))
                    blank = np.full(game.observation_tensor_shape(), np.nan, dtype=np.float32)
                    np.testing.assert_array_equal(batch.observations[i], fresh.observation_tensor(seat, blank),
                                                  err_msg="%s step %d row %d" % (spec, step, i))
                    mask = np.full(game.num_distinct_actions(), 7, dtype=np.int8)
                    np.testing.assert_array_equal(batch.masks[i], fresh.legal_actions_mask(mask),
                                                  err_msg="%s step %d row %d" % (spec, step, i))
            total_ended += ended
        self.assertGreater(total_ended, 0)  # the short games' rows restarted after an end too

    def test_a_finished_game_gives_its_rewards_then_the_next_game(self):
        batch = Batch("clump:size=4", 8, seed=1)
        seen = 0
        while seen < 20:
            actions = np.array([np.flatnonzero(m)[0] for m in batch.masks])  # any legal action, as an array
            batch.step(actions)
            for i in np.flatnonzero(batch.dones):
                seen += 1
                self.assertEqual(sorted(batch.rewards[i].tolist()), [-1.0, 1.0])
                self.assertEqual(batch.state(i).history(), [])
                self.assertEqual(int(batch.seats[i]), 1)

    def test_threads_give_what_one_thread_gives(self):
        one, two = Batch("flush:players=3", 9, seed=4), Batch("flush:players=3", 9, seed=4, threads=2)
        self.assertEqual(two.threads, 2)
        for _ in range(50):
            a, b = one.sample_actions(), two.sample_actions()
            np.testing.assert_array_equal(a, b)
            one.step(a)
            two.step(b)
            for name in ("observations", "masks", "rewards", "dones", "seats"):
                np.testing.assert_array_equal(getattr(one, name), getattr(two, name))

    def test_step_releases_the_gil(self):
        # The main thread does a little Python work while another thread is inside one long
        # step (thousands of Flows games, whose legality solver makes each action slow); were
        # the GIL held, the main thread could not run until the step returned.
        batch = Batch("flows:players=2", 4096, seed=1)
        actions = batch.sample_actions()
        started = threading.Event()

        def work():
            started.set()
            batch.step(actions)

        thread = threading.Thread(target=work)
        thread.start()
        started.wait()
        total = sum(range(1000))
        alive = thread.is_alive()
        thread.join()
        self.assertEqual(total, 499500)
        self.assertTrue(alive, "Batch.step held the GIL")

    def test_bad_input_raises_and_moves_nothing(self):
        batch = Batch("flume:size=5", 3, seed=2)
        actions = batch.sample_actions()
        actions[1] = 12  # the centre, banned for Red's first placement
        before = batch.observations.copy()
        with self.assertRaisesRegex(ArenaError, r"action 12 is not legal in game 1 of the batch \(seat 1 has 24 legal"):
            batch.step(actions)
        np.testing.assert_array_equal(batch.observations, before)
        with self.assertRaisesRegex(ArenaError, "actions array has 2 entries, 3 expected"):
            batch.step([0, 1])
        with self.assertRaisesRegex(ArenaError, "one-dimensional"):
            batch.step([[0, 1, 2]])
        with self.assertRaisesRegex(ArenaError, "at least one game"):
            Batch("flume", 0)
        with self.assertRaisesRegex(ArenaError, "nosuchgame"):
            Batch("nosuchgame", 2)
        with self.assertRaisesRegex(ArenaError, "row 3: the batch has rows 0 to 2"):
            batch.state(3)

    def test_a_game_object_works_as_well_as_a_spec(self):
        game = arena_games.load("flume-cards:players=5")
        batch = Batch(game, 2)
        self.assertEqual(batch.game, game)
        self.assertIn("flume-cards", repr(batch))


if __name__ == "__main__":
    unittest.main()

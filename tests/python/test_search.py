"""The baseline search from Python (arena_games.search, search_view) and the GIL released
by the long calls."""

import random
import threading
import unittest

import arena_games
from arena_games import ArenaError
from support import play_random


class SearchTest(unittest.TestCase):
    def test_search_gives_every_legal_moves_value(self):
        state = arena_games.load("clump:size=6").new_initial_state()
        result = arena_games.search(state, iterations=400, seed=3)
        self.assertEqual(result.iterations, 400)
        self.assertEqual([m.move for m in result.moves], state.legal_moves())
        self.assertEqual([m.name for m in result.moves], state.legal_move_names())
        self.assertEqual(sum(m.visits for m in result.moves), 400)
        best = max(result.moves, key=lambda m: m.visits)
        self.assertEqual((result.move, result.name, result.value), (best.move, best.name, best.value))
        self.assertTrue(all(0 <= m.value <= 1 for m in result.moves))
        again = arena_games.search(state, iterations=400, seed=3)
        self.assertEqual([(m.visits, m.value) for m in again.moves], [(m.visits, m.value) for m in result.moves])

    def test_search_takes_a_win_in_one(self):
        # Play randomly to a position where some moves, not all, end the game at once in the
        # mover's favour, then check the search finds one.
        game = arena_games.load("clump:size=6")
        rng = random.Random(11)
        for _ in range(200):
            state = game.new_initial_state()
            while not state.is_terminal():
                seat, wins = state.current_player(), []
                for move in state.legal_moves():
                    after = state.clone()
                    after.apply(move)
                    if after.is_terminal() and after.results()[seat - 1].rank == 1:
                        wins.append(move)
                if wins and len(wins) < len(state.legal_moves()):
                    result = arena_games.search(state, iterations=3000, seed=1)
                    self.assertIn(result.move, wins)
                    return
                state.apply(rng.choice(state.legal_moves()))
        self.fail("no position with a winning move found")

    def test_search_view_searches_from_what_a_seat_was_sent(self):
        game = arena_games.load("flush:players=4")
        state = game.new_initial_state()
        rng = random.Random(5)
        while state.is_chance() or state.current_player() != 2:
            play_random(state, rng, limit=1)
        seen = state.seen_by(2)
        result = arena_games.search_view(game, 2, seen, iterations=300, seed=2)
        self.assertEqual(result.iterations, 300)
        self.assertEqual([m.name for m in result.moves], state.legal_move_names())
        with self.assertRaisesRegex(ArenaError, "seat 1 is not to move"):
            arena_games.search_view(game, 1, state.seen_by(1), iterations=10)
        with self.assertRaisesRegex(ArenaError, "no state shows seat 2"):
            arena_games.search_view(game, 2, seen + [(1, "nonsense")], iterations=10)
        with self.assertRaisesRegex(ArenaError, "seat 7"):
            arena_games.search_view(game, 2, [(7, "x")], iterations=10)

    def test_search_by_time(self):
        state = arena_games.load("flume:size=5").new_initial_state()
        result = arena_games.search(state, seconds=0.05)
        self.assertIn(result.move, state.legal_moves())


class GilTest(unittest.TestCase):
    """A long call lets other Python threads run: the main thread finishes a little Python
    work while a one-second search is still running in another thread. (Were the GIL held,
    the main thread could not run until the search returned.)"""

    def check_runs_beside(self, long_call):
        started = threading.Event()

        def work():
            started.set()
            long_call()

        thread = threading.Thread(target=work)
        thread.start()
        started.wait()
        total = sum(range(1000))  # a little Python work, done while the call runs
        alive = thread.is_alive()
        thread.join()
        self.assertEqual(total, 499500)
        self.assertTrue(alive, "the long call held the GIL")

    def test_search_releases_the_gil(self):
        state = arena_games.load("clump:size=8").new_initial_state()
        self.check_runs_beside(lambda: arena_games.search(state, seconds=1.0))

    def test_search_view_releases_the_gil(self):
        game = arena_games.load("flush:players=4")
        state = game.new_initial_state()
        while state.is_chance() or state.current_player() != 1:
            play_random(state, random.Random(1), limit=1)
        self.check_runs_beside(lambda: arena_games.search_view(game, 1, state.seen_by(1), seconds=1.0))


if __name__ == "__main__":
    unittest.main()

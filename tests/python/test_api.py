"""arena_games' API on every game: what the engine says, the errors bad input gets, copies,
pickles, threads, and help() on every public name."""

import copy
import inspect
import pickle
import random
import threading
import unittest

import arena_games
from arena_games import CHANCE, TERMINAL, ArenaError
from support import arena, arena_games_json, every_quick_spec, play_random, random_move


class RegistryTest(unittest.TestCase):
    def test_games_are_the_registry_as_arena_games_json_lists_it(self):
        self.assertEqual(arena_games.games(), arena_games_json())

    def test_load_gives_the_canonical_spec_and_its_facts(self):
        for entry in arena_games.games():
            for count in entry["player_counts"]:
                game = arena_games.load(count["spec"])
                self.assertEqual(game.spec, count["spec"])
                self.assertEqual(game.id, entry["id"])
                self.assertEqual(game.title, entry["title"])
                self.assertEqual(game.players, count["players"])
                self.assertEqual(game.hidden_information, count["hidden_information"])
                self.assertEqual([game.team_of(s) + 1 for s in range(1, game.players + 1)], count["teams"])
                self.assertEqual(",".join(k + "=" + v for k, v in game.params.items()),
                                 game.spec.partition(":")[2])
                self.assertGreater(game.max_game_length, 0)

    def test_bad_specs_raise_the_engines_message(self):
        with self.assertRaisesRegex(ArenaError, "nosuchgame"):
            arena_games.load("nosuchgame")
        with self.assertRaisesRegex(ArenaError, "size"):
            arena_games.load("clump:size=banana")
        with self.assertRaises(ValueError):  # ArenaError is a ValueError
            arena_games.load("clump:nokey=1")

    def test_version_is_arenas(self):
        import re
        with open(__import__("support").SOURCE + "/CMakeLists.txt") as f:
            version = re.search(r"project\(arena VERSION (\S+)", f.read()).group(1)
        self.assertEqual(arena_games.__version__, version)


class StateTest(unittest.TestCase):
    def test_random_games_of_every_game_end_with_results_for_every_seat(self):
        for spec, players in every_quick_spec():
            with self.subTest(spec=spec):
                game = arena_games.load(spec)
                state = play_random(game.new_initial_state(), random.Random(1))
                self.assertTrue(state.is_terminal())
                self.assertEqual(state.current_player(), TERMINAL)
                self.assertEqual(state.legal_moves(), [])
                results = state.results()
                self.assertEqual(len(results), players)
                self.assertEqual(min(r.rank for r in results), 1)
                self.assertEqual([r.team for r in results], [game.team_of(s) for s in range(1, players + 1)])
                self.assertLessEqual(len(state.history()), game.max_game_length)

    def test_names_and_parsing_agree_on_every_legal_move(self):
        for spec, _ in every_quick_spec():
            state = arena_games.load(spec).new_initial_state()
            rng = random.Random(2)
            for _ in range(30):
                if state.is_terminal():
                    break
                moves, names = state.legal_moves(), state.legal_move_names()
                self.assertEqual(len(moves), len(names))
                for move, name in zip(moves, names):
                    self.assertEqual(state.move_to_string(move), name)
                    self.assertEqual(state.parse_move(name), move)
                if state.is_chance():
                    outcomes = state.chance_outcomes()
                    self.assertEqual([m for m, _ in outcomes], moves)
                    self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
                else:
                    self.assertGreaterEqual(state.current_player(), 1)
                state.apply(random_move(state, rng))

    def test_history_records_who_acted(self):
        state = arena_games.load("flush:players=4").new_initial_state()
        expected = []
        rng = random.Random(3)
        for _ in range(20):
            actor, move = state.current_player(), random_move(state, rng)
            state.apply(move)
            expected.append((actor, move))
        self.assertEqual(state.history(), expected)
        self.assertIn(CHANCE, [actor for actor, _ in expected])

    def test_apply_name_plays_the_named_move(self):
        state = arena_games.load("clump:size=6").new_initial_state()
        name = state.legal_move_names()[3]
        move = state.apply_name(name)
        self.assertEqual(state.history(), [(1, move)])
        self.assertEqual(state.current_player(), 2)

    def test_clone_and_copy_are_independent(self):
        state = arena_games.load("flume:size=5").new_initial_state()
        for other in (state.clone(), copy.copy(state), copy.deepcopy(state)):
            other.apply(other.legal_moves()[0])
            self.assertEqual(len(other.history()), 1)
            self.assertEqual(state.history(), [])

    def test_a_state_pickles_as_its_spec_and_moves(self):
        for spec, _ in every_quick_spec():
            state = arena_games.load(spec).new_initial_state()
            rng = random.Random(4)
            for _ in range(15):
                if not state.is_terminal():
                    state.apply(random_move(state, rng))
            back = pickle.loads(pickle.dumps(state))
            self.assertEqual(back.game.spec, spec)
            self.assertEqual(back.history(), state.history())
            self.assertEqual(back.render(), state.render())
            self.assertEqual(state.__reduce__()[1], (spec, [m for _, m in state.history()]))
        game = arena_games.load("clump:size=6")
        self.assertEqual(pickle.loads(pickle.dumps(game)), game)

    def test_a_pickle_with_an_illegal_move_is_refused(self):
        rebuild = arena_games.load("clump:size=6").new_initial_state().__reduce__()[0]
        with self.assertRaisesRegex(ArenaError, "action 1: move 9999 is not legal"):
            rebuild("clump:size=6", [9999])
        with self.assertRaisesRegex(ArenaError, "nosuchgame"):
            rebuild("nosuchgame", [])
        forged = pickle.dumps(arena_games.load("clump:size=6").new_initial_state()).replace(b"clump:size=6", b"clump:size=x")
        with self.assertRaisesRegex(ArenaError, "size"):
            pickle.loads(forged)

    def test_views_are_the_engines(self):
        state = arena_games.load("flush:players=4").new_initial_state()
        play_random(state, random.Random(5), limit=12)
        for seat in range(1, 5):
            lines = state.observation(seat)
            self.assertEqual(lines, [l for l in state.observation_string(seat).split("\n") if l])
            self.assertIsInstance(state.render_for(seat), str)
            self.assertEqual(state.picture(seat)["seat"], seat)
        picture = state.picture()
        self.assertEqual((picture["seat"], picture["players"]), (0, 4))
        self.assertTrue(picture["zones"])
        board = arena_games.load("clump:size=6").new_initial_state().picture()["boards"][0]
        self.assertEqual(len(board["cells"]), 36)

    def test_heuristic_value_and_playout_hints(self):
        state = arena_games.load("flume:size=5").new_initial_state()
        self.assertIsInstance(state.heuristic_value(1), float)
        hints = [state.playout_hint(m) for m in state.legal_moves()]
        self.assertTrue(all(h >= 0 for h in hints))
        self.assertTrue(state.game.playout_hints)


class MisuseTest(unittest.TestCase):
    """Bad input is an ArenaError with the engine's words, never a crash."""

    def setUp(self):
        self.state = arena_games.load("clump:size=6").new_initial_state()

    def test_an_illegal_move_lists_some_legal_ones(self):
        legal = self.state.legal_move_names()
        with self.assertRaisesRegex(ArenaError, r"move 9999 is not legal here \(%d legal, e\.g\. %s %s " % (
                len(legal), legal[0], legal[1])):
            self.state.apply(9999)
        with self.assertRaisesRegex(ArenaError, "not legal here"):
            self.state.apply(-1)
        with self.assertRaisesRegex(ArenaError, "move 2147483648 is not legal here"):
            self.state.apply(2 ** 31)
        with self.assertRaisesRegex(ArenaError, "move %d is not legal here" % 2 ** 70):
            self.state.apply(2 ** 70)
        # The engine's words, as `arena` prints them for the same text.
        printed = arena("perft", "clump:size=6", "--depth", "0", "--moves", "zz99", check=False).stderr
        with self.assertRaises(ArenaError) as raised:
            self.state.apply_name("zz99")
        self.assertIn("--moves: action 1: " + str(raised.exception) + "\n", printed)
        self.assertIn("'zz99' is not a Clump move", str(raised.exception))
        with self.assertRaises(ArenaError):
            self.state.parse_move("")
        with self.assertRaises(ArenaError):
            self.state.move_to_string(9999)
        with self.assertRaises(ArenaError):
            self.state.playout_hint(9999)
        self.assertEqual(self.state.history(), [])

    def test_seats_outside_the_game(self):
        for seat in (0, 3, 9, -1):
            with self.assertRaisesRegex(ArenaError, "has seats 1 to 2"):
                self.state.observation(seat)
            with self.assertRaises(ArenaError):
                self.state.heuristic_value(seat)
            with self.assertRaises(ArenaError):
                self.state.game.team_of(seat)
        self.state.picture(0)  # the full table
        with self.assertRaises(ArenaError):
            self.state.picture(3)

    def test_questions_the_position_cannot_answer(self):
        with self.assertRaisesRegex(ArenaError, "not over"):
            self.state.results()
        with self.assertRaisesRegex(ArenaError, "chance does not act"):
            self.state.chance_outcomes()
        play_random(self.state, random.Random(6))
        with self.assertRaisesRegex(ArenaError, "the game is over"):
            self.state.apply(0)
        with self.assertRaisesRegex(ArenaError, "the game is over"):
            self.state.parse_move("a1")
        with self.assertRaisesRegex(ArenaError, "nothing to search"):
            arena_games.search(self.state, iterations=10)

    def test_wrong_types_are_type_errors(self):
        with self.assertRaises(TypeError):
            self.state.apply("a1")
        with self.assertRaises(TypeError):
            self.state.apply(1.0)
        with self.assertRaises(TypeError):
            self.state.observation("1")

    def test_objects_come_from_the_module_not_their_classes(self):
        # An object pybind11 made without a constructor would crash its first method.
        for cls in (arena_games.State, arena_games.Game, arena_games.SeatResult, arena_games.SearchResult,
                    arena_games.MoveValue):
            with self.assertRaises(TypeError):
                cls.__new__(cls)
            with self.assertRaisesRegex(TypeError, "made by arena_games"):
                cls()

    def test_bad_counts(self):
        with self.assertRaises(ArenaError):
            self.state.perft(-1)
        with self.assertRaises(ArenaError):
            self.state.playout(max_actions=-5)
        with self.assertRaises(ArenaError):
            arena_games.search(self.state)  # no budget
        with self.assertRaises(ArenaError):
            self.state.game.sample_states(1, [], -1)


class LongCallsTest(unittest.TestCase):
    def test_playout_ends_the_game_and_perft_counts(self):
        state = arena_games.load("flush:players=4").new_initial_state()
        played = state.playout(seed=7)
        self.assertTrue(state.is_terminal())
        self.assertEqual(played, len(state.history()))
        again = arena_games.load("flush:players=4").new_initial_state()
        again.playout(seed=7)
        self.assertEqual(again.history(), state.history())
        capped = arena_games.load("clump:size=6").new_initial_state()
        before = capped.legal_moves()
        self.assertEqual(capped.playout(seed=1, max_actions=5), 5)
        replayed = arena_games.load("clump:size=6").new_initial_state()
        for _, move in capped.history():
            replayed.apply(move)
        self.assertEqual(capped.legal_moves(), replayed.legal_moves())  # not the list cached before
        self.assertNotEqual(capped.legal_moves(), before)

    def test_perft_counts_as_arena_perft_does(self):
        for spec in ("clump:size=6", "flush:players=3"):
            start = arena_games.load(spec).new_initial_state()
            self.assertEqual(start.perft(3), int(arena("perft", spec, "--depth", "3").stdout))
            self.assertEqual(start.perft(1), len(start.legal_moves()))

    def test_threads_each_with_their_own_states(self):
        game = arena_games.load("flume-cards:players=4")
        histories = {}

        def work(seed):
            states = [game.new_initial_state() for _ in range(3)]
            for state in states:
                state.playout(seed=seed)
                play_random(state, random.Random(seed))
            histories[seed] = [s.history() for s in states]

        threads = [threading.Thread(target=work, args=(seed,)) for seed in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for seed in range(4):
            alone = game.new_initial_state()
            alone.playout(seed=seed)
            self.assertEqual(histories[seed], [alone.history()] * 3)


class HelpTest(unittest.TestCase):
    def test_every_public_name_has_a_docstring(self):
        self.assertTrue(arena_games.__doc__)
        missing = []
        for name in arena_games.__all__:
            obj = getattr(arena_games, name)
            if name.isupper() or name == "__version__":
                continue
            if not inspect.getdoc(obj):
                missing.append(name)
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if not inspect.getdoc(value) and not (isinstance(value, property) and value.fget.__doc__):
                        missing.append(name + "." + attr)
        self.assertEqual(missing, [])

    def test_the_stubs_name_every_public_name(self):
        import ast
        import os
        stub = os.path.join(os.path.dirname(arena_games.__file__), "_core.pyi")
        with open(stub) as f:
            tree = ast.parse(f.read())
        stubbed = {node.name for node in tree.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
        stubbed |= {node.target.id for node in tree.body if isinstance(node, ast.AnnAssign)}
        self.assertEqual(sorted(set(arena_games.__all__) - stubbed), [])
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name != "ArenaError":
                cls = getattr(arena_games, node.name)
                members = {n.name for n in node.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
                public = {name for name in vars(cls) if not name.startswith("_")}
                self.assertEqual(sorted(public ^ members), [], node.name)

    def test_help_names_the_classes_and_their_methods(self):
        import pydoc
        text = pydoc.render_doc(arena_games.State, renderer=pydoc.plaintext)
        self.assertIn("class State", text)
        self.assertIn("legal_moves(self", text)
        self.assertRegex(text, r"observation\(self: arena_games(\._core)?\.State, seat: int\) -> List\[str\]")
        self.assertIn("ArenaError", pydoc.render_doc(arena_games, renderer=pydoc.plaintext))


if __name__ == "__main__":
    unittest.main()

"""arena_bot's Turn with the engine: positions rebuilt and sampled from exactly the lines the
referee sent a seat (`arena repro --print-lines` of recorded games of every game), fed to a
bot through the SDK's own protocol loop."""

import io
import os
import random
import tempfile
import unittest

import arena_games
from arena_bot import Bot, Turn
from support import BIN, arena, every_quick_spec


class CheckingBot(Bot):
    """At every decision, checks what the Turn gives against what the referee sent."""

    def __init__(self, test: unittest.TestCase) -> None:
        self.test = test
        self.decisions = 0

    def choose(self, turn: Turn) -> str:
        t = self.test
        game = turn.game()
        t.assertEqual(game.spec, turn.spec)
        for state in [turn.sample(), turn.sample(random.Random(3)), turn.sample(5)] + turn.samples(2):
            t.assertEqual(state.seen_by(turn.seat), turn.seen())
            t.assertEqual(state.current_player(), turn.seat)
            t.assertEqual(state.observation(turn.seat), turn.observation)
            t.assertEqual(state.legal_move_names(), turn.legal)
        if game.hidden_information:
            with t.assertRaisesRegex(arena_games.ArenaError, "hidden information"):
                turn.state()
        else:
            exact = turn.state()
            t.assertEqual(exact.legal_move_names(), turn.legal)
            t.assertEqual(exact.history(), turn.sample().history())
        # A few iterations: the search from the seat's view (its determinizations of what the
        # seat was sent) runs at every decision of every game; how the search deepens with
        # more is test_search's (at 30 iterations here it was most of this test's time).
        result = turn.search(iterations=4)
        t.assertEqual(result.iterations, 4)
        t.assertIn(result.name, turn.legal)
        self.decisions += 1
        return result.name


class TurnTest(unittest.TestCase):
    def test_turns_rebuild_what_the_referee_sent_in_every_game(self):
        random_bot = os.path.join(BIN, "random_bot")
        with tempfile.TemporaryDirectory(prefix="arena-python-turn-") as folder:
            for spec, players in every_quick_spec():
                pgn = os.path.join(folder, spec.replace(":", "_") + ".pgn")
                bots = [a for s in range(players) for a in ("--bot", "r%d=%s" % (s, random_bot))]
                arena("match", spec, *bots, "--games", "1", "--seed", "41", "--out", pgn)
                for seat in range(1, players + 1):
                    with self.subTest(spec=spec, seat=seat):
                        lines = arena("repro", pgn, "--seat", str(seat), "--print-lines").stdout
                        bot, out = CheckingBot(self), io.StringIO()
                        bot.run(stdin=io.StringIO(lines), stdout=out)
                        self.assertGreater(bot.decisions, 0)
                        self.assertEqual(out.getvalue().count("\nmove "), bot.decisions)

    def test_think_seconds_follows_the_clock_as_mcts_bot_does(self):
        turn = Turn("clump:size=8", 1, 2, 0)
        turn.remaining_ms, turn.increment_ms, turn.movetime_ms = 10000, 100, -1
        self.assertAlmostEqual(turn.think_seconds(), (10000 // 25 + 75 - 25) / 1000)
        turn.movetime_ms = 400
        self.assertAlmostEqual(turn.think_seconds(), (100 - 25) / 1000)
        turn.remaining_ms = 20
        self.assertAlmostEqual(turn.think_seconds(), 0.001)

    def test_seen_turns_events_into_pairs(self):
        turn = Turn("flush:players=4", 2, 4, 0)
        turn.events = [arena_bot_event("chance", "?"), arena_bot_event("3", "play:7H")]
        self.assertEqual(turn.seen(), [(arena_games.CHANCE, "?"), (3, "play:7H")])


def arena_bot_event(actor: str, token: str):
    from arena_bot import Event
    return Event(actor, token)


if __name__ == "__main__":
    unittest.main()

"""The worked example of docs/learning.md, in a few steps: train_selfplay.py trains and saves a
network, net_bot.py's NumPy forward pass gives the training network's logits, and the bot passes
`arena check-bot`, plays `arena match` and joins a league (`arena league add`), all through the
real arena binary. (How strong a longer training makes it is measured in bench/, not here.)"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import numpy as np

from support import BIN, SOURCE, arena

EXAMPLES = os.path.join(SOURCE, "bindings", "python", "examples")
sys.path.insert(0, EXAMPLES)

try:
    import torch
except ImportError:  # Debian's python3-torch (scripts/setup) is what the training needs
    torch = None


@unittest.skipIf(torch is None, "PyTorch is not installed (Debian: python3-torch)")
class LearningExampleTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="arena-learning-")

    def tearDown(self):
        shutil.rmtree(self.folder)

    def bot_command(self, weights):
        # A bot runs in a clean environment (docs/security.md): the command names where the
        # SDK and the module are, as a venv would (docs/learning.md installs into one).
        return "env PYTHONPATH=%s %s %s %s" % (os.environ["PYTHONPATH"], sys.executable,
                                               os.path.join(EXAMPLES, "net_bot.py"), weights)

    def train(self, spec, name):
        path = os.path.join(self.folder, name)
        run = subprocess.run([sys.executable, os.path.join(EXAMPLES, "train_selfplay.py"), "--game", spec,
                              "--updates", "2", "--games", "16", "--samples", "128", "--eval-every", "1",
                              "--eval-games", "8", "--out", path], capture_output=True, text=True, timeout=600)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertIn("against random", run.stdout)
        return path

    def test_the_bots_network_is_the_trained_one(self):
        import policy_net
        from net_bot import NumpyPolicy
        import arena_games
        for spec in ("flume:size=5", "clump:size=6"):
            path = self.train(spec, spec.replace(":", "-") + ".npz")
            net, saved_spec, meta = policy_net.load(path)
            game = arena_games.load(spec)
            self.assertEqual(saved_spec, game.spec)
            self.assertEqual(meta["updates"], 2)
            bot = NumpyPolicy(path)
            state = game.new_initial_state()
            for _ in range(6):
                observation = state.observation_tensor(state.current_player())
                with torch.no_grad():
                    expected = net(torch.from_numpy(observation)[None])[0][0].numpy()
                np.testing.assert_allclose(bot.logits(observation), expected, rtol=1e-4, atol=1e-4)
                state.apply(state.legal_moves()[0])

    def test_the_trained_bot_plays_in_check_bot_a_match_and_a_league(self):
        weights = self.train("flume:size=5", "flume5.npz")
        bot = self.bot_command(weights)
        check = arena("check-bot", bot, "--game", "flume:size=5", check=False)
        self.assertEqual(check.returncode, 0, check.stdout + check.stderr)
        self.assertNotIn("FAIL", check.stdout)

        records = os.path.join(self.folder, "match.pgn")
        arena("match", "flume:size=5", "--bot", "net=" + bot, "--bot", "random=" + os.path.join(BIN, "random_bot"),
              "--games", "2", "-q", "--out", records)
        with open(records) as f:
            text = f.read()
        self.assertEqual(text.count('[Result '), 2)
        self.assertNotIn("illegal", text)

        league = os.path.join(self.folder, "league")
        arena("league", "new", league, "flume:size=5", "--tc", "10+0.1")
        arena("league", "add", league, "net=" + bot)
        arena("league", "add", league, "random=" + os.path.join(BIN, "random_bot"))
        arena("league", "run", league, "--games", "2", "--quiet")
        table = json.loads(arena("league", "table", league, "--json").stdout)
        names = {row["name"]: row for row in table["ratings"]["bots"]}
        self.assertEqual(set(names), {"net", "random"})
        self.assertEqual(names["net"]["games"], 2)

    def test_a_network_trained_on_another_board_says_so(self):
        weights = self.train("flume:size=5", "flume5.npz")
        check = arena("check-bot", self.bot_command(weights), "--game", "flume:size=7", check=False)
        self.assertNotEqual(check.returncode, 0)
        self.assertIn("the network was trained on flume:size=5", check.stdout + check.stderr)


if __name__ == "__main__":
    unittest.main()

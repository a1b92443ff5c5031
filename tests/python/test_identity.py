"""Proven identical: the engine seen from Python is the engine the referee judges by.

For every registered game and player count (quick parameters), random games are played
twice over: by the C++ random_bot in `arena match`, and by Python itself (written as a
record that `arena verify` must accept). For each game and seat, what Python derives from
the same actions (every action's view, the observation lines, the legal move names before
each decision, the results) must be, line for line, what the referee sent that seat:
`arena repro --print-lines` regenerates those lines from the record through the functions
the referee sends with. And every state Python samples at a decision, from the event lines
the seat was sent, shows that seat exactly what it was sent.
"""

import json
import os
import random
import re
import tempfile
import unittest

import arena_games
from arena_games import CHANCE
from support import BIN, arena, every_quick_spec, random_move

ACTION = re.compile(r"\{\d+\. (s\d+|chance) ([^\s}]+)")
SAMPLES = 3  # states sampled per decision of the referee's games
# ...and of the games Python plays: those are there for the records the referee must replay
# the same; the samples are the first test's claim, checked again once per decision.
SAMPLES_OF_PYTHON_GAMES = 1


def read_actions(pgn_text: str) -> list:
    """Each game's actions in a PGN file as (actor, text): actor a seat or CHANCE."""
    games = []
    for game in re.split(r"(?m)^(?=\[Event )", pgn_text):
        if not game.strip():
            continue
        movetext = "\n".join(l for l in game.splitlines() if not l.startswith("["))
        actions = []
        for actor, text in ACTION.findall(movetext):
            text = re.sub(r"%([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), text)
            actions.append((CHANCE if actor == "chance" else int(actor[1:]), text))
        games.append(actions)
    return games


def escape(text: str) -> str:
    return "".join("%%%02X" % ord(c) if c in "{}%" or not 0x20 < ord(c) < 0x7F else c for c in text)


def python_lines(spec: str, actions: list, seat: int, test: unittest.TestCase) -> list:
    """Replays `actions` in Python and writes what the referee sends `seat`: event lines,
    obs and legal lines before its decisions, the gameover line (go lines left out: the
    clock is not the rules')."""
    state = arena_games.load(spec).new_initial_state()
    lines = []
    for actor, text in actions:
        test.assertEqual(state.current_player(), actor)
        if actor == seat:
            lines += ["obs " + l for l in state.observation(seat)]
            lines.append(" ".join(["legal"] + state.legal_move_names()))
        move = state.parse_move(text)
        test.assertEqual(state.move_to_string(move), text)
        test.assertIn(text, state.legal_move_names())
        view = state.action_view(seat, move)
        if view:
            lines.append("event %s %s" % ("chance" if actor == CHANCE else actor, view))
        state.apply(move)
    test.assertTrue(state.is_terminal())
    lines.append("gameover normal " + " ".join("%d:%g" % (r.rank, r.score) for r in state.results()))
    return lines


def referee_lines(pgn: str, game: int, seat: int) -> list:
    text = arena("repro", pgn, "--game", str(game), "--seat", str(seat), "--print-lines").stdout
    return [l for l in text.splitlines() if l.split(" ", 1)[0] in ("event", "obs", "legal", "gameover")]


def check_samples(spec: str, seat: int, sent: list, test: unittest.TestCase, samples: int) -> int:
    """At each decision in `sent` (the referee's lines), samples states from the events so far
    and checks each shows the seat those events, that observation and those legal moves."""
    game = arena_games.load(spec)
    seen, obs, checked = [], [], 0
    for line in sent:
        key, _, rest = line.partition(" ")
        if key == "event":
            actor, view = rest.split(" ", 1)
            seen.append((CHANCE if actor == "chance" else int(actor), view))
        elif key == "obs":
            obs.append(rest)
        elif key == "legal":
            for state in game.sample_states(seat, seen, samples, seed=len(seen)):
                test.assertEqual(state.seen_by(seat), seen)
                test.assertEqual(state.current_player(), seat)
                test.assertEqual(state.observation(seat), obs)
                test.assertEqual(state.legal_move_names(), rest.split(" ") if rest else [])
                checked += 1
            obs = []
    return checked


def write_record(path: str, spec: str, players: int, state: arena_games.State, names: list) -> None:
    results = state.results()
    result = "*"
    if players == 2:
        ranks = [r.rank for r in results]
        result = "1/2-1/2" if ranks[0] == ranks[1] else "1-0" if ranks[0] < ranks[1] else "0-1"
    tags = [("Event", "python"), ("Result", result), ("Game", spec)]
    tags += [("Seat%d" % s, "py%d" % s) for s in range(1, players + 1)]
    tags += [("Ranks", " ".join(str(r.rank) for r in results)),
             ("Scores", " ".join("%g" % r.score for r in results)),
             ("Teams", " ".join(str(r.team) for r in results)), ("Termination", "normal")]
    if players == 2:
        tags[1:1] = [("White", "py1"), ("Black", "py2")]
    body = []
    for number, ((actor, _), name) in enumerate(zip(state.history(), names), 1):
        body.append("{%d. chance %s}" % (number, escape(name)) if actor == CHANCE
                    else "{%d. s%d %s 0.001s}" % (number, actor, escape(name)))
    with open(path, "a") as f:
        f.write("".join('[%s "%s"]\n' % t for t in tags) + "\n" + "\n".join(body) + "\n" +
                dict(tags)["Result"] + "\n\n")


SUIT_LETTERS = {"": "", "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}


def report_form(picture: dict) -> dict:
    """A picture dict in the report's compact JSON (report/picture_json.h)."""
    boards = []
    for b in picture["boards"]:
        cells = [[c["x"], c["y"], c["name"], c["stone"]] +
                 ([c["tile"], c["rotation"], [list(l) for l in c["links"]]] if "tile" in c else [])
                 for c in b["cells"]]
        board = {"h": b["shape"], "w": b["width"], "t": b["height"], "e": b["edge_seats"], "k": cells}
        if b["walls"]:
            board["r"] = True
        boards.append(board)
    zones = [[z["name"], z["seat"], z["cards"], z["played_by"], z["hidden"]] +
             ([[[f["rank"], SUIT_LETTERS[f["suit"]], f["note"], int(f["special"])] for f in z["faces"]]]
              if z["faces"] else []) for z in picture["zones"]]
    out = {"s": picture["seat"], "n": picture["players"], "m": picture["to_move"], "c": picture["caption"],
           "b": boards, "z": zones, "v": [[v["key"], v["value"], v["seat"]] for v in picture["values"]]}
    if picture["parts"]:
        out["p"] = picture["parts"]
    if picture["highlights"]:
        out["h"] = [[h["kind"], h["seat"], h["target"]] + ([h["zone"], h["zone_seat"]] if h["zone"] else [])
                    for h in picture["highlights"]]
    return out


class IdentityTest(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory(prefix="arena-python-identity-")
        self.addCleanup(self.folder.cleanup)

    def compare(self, spec: str, players: int, pgn: str, samples: int) -> int:
        """Every game of `pgn`, every seat: Python's lines are the referee's, and `samples`
        states sampled at each decision show the seat what it was sent. Returns the number
        of sampled states checked."""
        with open(pgn) as f:
            games = read_actions(f.read())
        self.assertTrue(games)
        sampled = 0
        for number, actions in enumerate(games, 1):
            for seat in range(1, players + 1):
                with self.subTest(spec=spec, game=number, seat=seat):
                    sent = referee_lines(pgn, number, seat)
                    self.assertEqual(python_lines(spec, actions, seat, self), sent)
                    sampled += check_samples(spec, seat, sent, self, samples)
        return sampled

    def test_games_played_by_the_referee_read_the_same_from_python(self):
        random_bot = os.path.join(BIN, "random_bot")
        for spec, players in every_quick_spec():
            pgn = os.path.join(self.folder.name, spec.replace(":", "_") + ".pgn")
            bots = [arg for s in range(players) for arg in ("--bot", "r%d=%s" % (s, random_bot))]
            arena("match", spec, *bots, "--games", "2", "--seed", "40", "--out", pgn)
            self.assertGreater(self.compare(spec, players, pgn, SAMPLES), 0)

    def test_pictures_are_the_reports(self):
        """Every picture of a recorded game, each view at every ply, is what `arena report`
        draws (its --dump-pictures, the report's compact JSON)."""
        random_bot = os.path.join(BIN, "random_bot")
        for spec, players in every_quick_spec():
            with self.subTest(spec=spec):
                pgn = os.path.join(self.folder.name, "pictures-" + spec.replace(":", "_") + ".pgn")
                bots = [arg for s in range(players) for arg in ("--bot", "r%d=%s" % (s, random_bot))]
                arena("match", spec, *bots, "--games", "1", "--seed", "42", "--out", pgn)
                with open(pgn) as f:
                    actions = read_actions(f.read())[0]
                dumped = json.loads(arena("report", pgn, "--dump-pictures", "1").stdout)["f"]
                game = arena_games.load(spec)
                views = range(players + 1) if game.hidden_information else [0]
                states = [game.new_initial_state()]
                for _, text in actions:
                    states.append(states[-1].clone())
                    states[-1].apply_name(text)
                for view, plies in zip(views, dumped):
                    self.assertEqual([report_form(s.picture(view)) for s in states], plies)

    def test_games_played_from_python_replay_the_same_in_the_referee(self):
        rng = random.Random(40)
        for spec, players in every_quick_spec():
            pgn = os.path.join(self.folder.name, "py-" + spec.replace(":", "_") + ".pgn")
            for _ in range(2):
                state = arena_games.load(spec).new_initial_state()
                names = []
                while not state.is_terminal():
                    move = random_move(state, rng)
                    names.append(state.move_to_string(move))
                    state.apply(move)
                write_record(pgn, spec, players, state, names)
            verified = arena("verify", pgn, check=False)
            self.assertEqual(verified.returncode, 0, verified.stdout + verified.stderr)
            self.assertGreater(self.compare(spec, players, pgn, SAMPLES_OF_PYTHON_GAMES), 0)


if __name__ == "__main__":
    unittest.main()

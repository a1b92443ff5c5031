"""Arena bot SDK for Python (standard library only).

Subclass Bot, implement choose(), call run():

    from arena_bot import Bot

    class First(Bot):
        name = "first"
        def choose(self, turn: Turn) -> str:
            return turn.legal[0]

    if __name__ == "__main__":
        First().run()

The protocol is described in docs/protocol.md; this module speaks all of it: the
handshake, many games in a row, events, observations, legal moves, the clock, game
over and quit. Unknown lines are ignored, so newer referees stay compatible.

With Arena's engine installed (the arena_games module, docs/python.md), a Turn also gives
the position itself, so choose() can search: turn.state() in games without hidden
information, turn.sample(rng) in every game (a full state consistent with all this seat
was sent), turn.search(seconds=...) for Arena's baseline search.
"""

from __future__ import annotations

import random
import sys
from typing import IO, TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Tuple, Union

if TYPE_CHECKING:  # the engine is optional: imported when a Turn is asked for a position
    import arena_games

__all__ = ["Bot", "Event", "Turn", "RESIGN"]


class _Resign(str):
    """The answer that gives the game up (docs/protocol.md): return RESIGN from choose()."""


RESIGN = _Resign("resign")
__version__ = "1.0.0"


class Event:
    """One action this seat saw: actor is "1".."N" or "chance"; token is what the seat
    may know of it (the full notation, or a redacted token such as "?")."""

    def __init__(self, actor: str, token: str) -> None:
        self.actor = actor
        self.token = token

    def __repr__(self) -> str:
        return "Event(%r, %r)" % (self.actor, self.token)


class Turn:
    """Everything known at one decision."""

    def __init__(self, spec: str, seat: int, players: int, seed: int) -> None:
        self.spec = spec          # canonical game spec, e.g. "clump:size=8"
        self.seat = seat          # this bot's seat, 1..players
        self.players = players
        self.seed = seed          # per game and seat: use it for repeatable randomness
        self.events: List[Event] = []       # every Event seen this game, oldest first
        self.observation: List[str] = []    # the "obs" lines of this decision
        self.legal: List[str] = []          # legal moves (empty if the referee does not send them)
        self.remaining_ms = -1    # game clock left, -1 when there is none
        self.increment_ms = 0
        self.movetime_ms = -1     # hard limit for this move, -1 when there is none
        self._rng: Optional[random.Random] = None

    # What follows needs Arena's engine, the arena_games module (docs/python.md).

    def game(self) -> "arena_games.Game":
        """The rules of this game (arena_games.load(spec)), loaded once per spec."""
        if self.spec not in _games:
            _games[self.spec] = _engine().load(self.spec)
        return _games[self.spec]

    def seen(self) -> List[Tuple[int, str]]:
        """The events as the engine takes them: (actor, token) with actor a seat, or
        arena_games.CHANCE (0) for "chance"."""
        return [(0 if e.actor == "chance" else int(e.actor), e.token) for e in self.events]

    def state(self) -> "arena_games.State":
        """The position now, rebuilt from the events: exact in a game without hidden
        information. In a game with hidden information there is no one position to give:
        arena_games.ArenaError, use sample() instead."""
        game = self.game()
        if game.hidden_information:
            raise _engine().ArenaError(self.spec + " has hidden information: turn.sample(rng) gives a "
                                       "position consistent with what this seat saw")
        return game.sample_state(self.seat, self.seen())

    def sample(self, rng: Union[random.Random, int, None] = None) -> "arena_games.State":
        """A full position that shows this seat exactly what it was sent (events,
        observation, legal moves), every hidden part (other hands, face-down draws) drawn
        at random among those consistent with it (Game.sample_state). `rng`: a
        random.Random or an int seed (default: a random.Random seeded with the seat's seed,
        kept for the game)."""
        return self.game().sample_state(self.seat, self.seen(), self._seed(rng))

    def samples(self, count: int, rng: Union[random.Random, int, None] = None) -> List["arena_games.State"]:
        """`count` positions as sample() draws them, in one call (the GIL released)."""
        return self.game().sample_states(self.seat, self.seen(), count, self._seed(rng))

    def think_seconds(self, fraction: float = 1.0) -> float:
        """How long to think on this move, from the go line's clock: about a 25th of the time
        left plus most of the increment, never a quarter of the clock nor of a per-move cap
        (what mcts_bot takes, bots/search/time_budget.cpp). `fraction` scales it."""
        budget = 60000
        if self.remaining_ms >= 0:
            budget = min(self.remaining_ms // 25 + max(self.increment_ms, 0) * 3 // 4, self.remaining_ms // 4)
        if self.movetime_ms >= 0:
            budget = min(budget, self.movetime_ms // 4)
        return max(int(budget * fraction) - 25, 1) / 1000.0

    def search(self, seconds: float = 0.0, iterations: int = 0,
               rng: Union[random.Random, int, None] = None) -> "arena_games.SearchResult":
        """Arena's baseline search (what mcts_bot plays) from this seat's view, for
        `iterations` iterations, else `seconds` (default: think_seconds()). The result's
        .name is the move to play; .moves holds every legal move's value."""
        if not iterations and not seconds:
            seconds = self.think_seconds()
        return _engine().search_view(self.game(), self.seat, self.seen(), iterations=iterations,
                                     seconds=seconds, seed=self._seed(rng))

    def _seed(self, rng: Union[random.Random, int, None]) -> int:
        """A 64-bit seed from `rng`; without one, from a random.Random seeded with the seat's
        seed, kept for the game: draws differ from call to call, and games repeat exactly."""
        if isinstance(rng, int):
            return rng & (2 ** 64 - 1)
        if rng is None:
            if self._rng is None:
                self._rng = random.Random(self.seed)
            rng = self._rng
        return rng.getrandbits(64)


_games: Dict[str, Any] = {}


def _engine() -> Any:
    try:
        import arena_games
    except ImportError as e:
        raise ImportError("this needs Arena's engine in Python, the arena_games module: "
                          "pip install --no-build-isolation ./bindings/python (docs/python.md)") from e
    return arena_games




class Bot:
    name = "python-bot"
    author = ""

    def new_game(self, turn: Turn) -> None:
        """Called on "newgame" (turn holds spec, seat, players and seed)."""

    def choose(self, turn: Turn) -> str:
        """Returns the move to play: one token, normally one of turn.legal (or RESIGN)."""
        raise NotImplementedError

    def game_over(self, reason: str, results: List[str]) -> None:
        """reason: "normal", "time-forfeit", ...; results: one "rank:score" per seat."""

    def info(self, text: str) -> None:
        """Sends an info line: logged by the referee, never shown to other bots."""
        self._send("info " + text)

    def _send(self, line: str) -> None:
        self._out.write(line + "\n")
        self._out.flush()

    def run(self, stdin: Optional[Iterable[str]] = None, stdout: Optional[IO[str]] = None) -> None:
        stdin = stdin if stdin is not None else sys.stdin
        self._out = stdout if stdout is not None else sys.stdout
        turn = Turn("", 0, 0, 0)
        for line in stdin:
            words = line.split()
            if not words:
                continue
            key = words[0]
            if key == "arena":
                self._send("name " + self.name)
                if self.author:
                    self._send("author " + self.author)
                self._send("ready")
            elif key == "newgame" and len(words) >= 5:
                turn = Turn(words[1], int(words[2]), int(words[3]), int(words[4]))
                self.new_game(turn)
            elif key == "event" and len(words) >= 3:
                turn.events.append(Event(words[1], words[2]))
            elif key == "obs":
                turn.observation.append(line.rstrip("\r\n")[4:])
            elif key == "legal":
                turn.legal = words[1:]
            elif key == "go":
                clock = [int(w) for w in words[1:4] if w.lstrip("-").isdigit()]
                if len(clock) == 3:
                    turn.remaining_ms, turn.increment_ms, turn.movetime_ms = clock
                move = self.choose(turn)
                self._send("resign" if move is RESIGN else "move " + move)
                turn.observation = []
                turn.legal = []
            elif key == "gameover":
                self.game_over(words[1], words[2:])
            elif key == "quit":
                return

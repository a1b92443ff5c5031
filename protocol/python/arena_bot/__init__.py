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
"""

from __future__ import annotations

import sys
from typing import IO, Iterable, List, Optional

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

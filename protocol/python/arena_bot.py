"""Arena bot SDK for Python (standard library only).

Subclass Bot, implement choose(), call run():

    from arena_bot import Bot

    class First(Bot):
        name = "first"
        def choose(self, turn):
            return turn.legal[0]

    if __name__ == "__main__":
        First().run()

The protocol is described in docs/protocol.md; this module speaks all of it: the
handshake, many games in a row, events, observations, legal moves, the clock, game
over and quit. Unknown lines are ignored, so newer referees stay compatible.
"""

import sys


class Event:
    """One action this seat saw: actor is "1".."N" or "chance"; token is what the seat
    may know of it (the full notation, or a redacted token such as "?")."""

    def __init__(self, actor, token):
        self.actor = actor
        self.token = token

    def __repr__(self):
        return "Event(%r, %r)" % (self.actor, self.token)


class Turn:
    """Everything known at one decision."""

    def __init__(self, spec, seat, players, seed):
        self.spec = spec          # canonical game spec, e.g. "clump:size=8"
        self.seat = seat          # this bot's seat, 1..players
        self.players = players
        self.seed = seed          # per game and seat: use it for repeatable randomness
        self.events = []          # every Event seen this game, oldest first
        self.observation = []     # the "obs" lines of this decision
        self.legal = []           # legal moves (empty if the referee does not send them)
        self.remaining_ms = -1    # game clock left, -1 when there is none
        self.increment_ms = 0
        self.movetime_ms = -1     # hard limit for this move, -1 when there is none


class Bot:
    name = "python-bot"
    author = ""

    def new_game(self, turn):
        """Called on "newgame" (turn holds spec, seat, players and seed)."""

    def choose(self, turn):
        """Returns the move to play: one token, normally one of turn.legal."""
        raise NotImplementedError

    def game_over(self, reason, results):
        """reason: "normal", "time-forfeit", ...; results: one "rank:score" per seat."""

    def info(self, text):
        """Sends an info line: logged by the referee, never shown to other bots."""
        self._send("info " + text)

    def _send(self, line):
        self._out.write(line + "\n")
        self._out.flush()

    def run(self, stdin=None, stdout=None):
        stdin = stdin or sys.stdin
        self._out = stdout or sys.stdout
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
            elif key == "newgame":
                turn = Turn(words[1], int(words[2]), int(words[3]), int(words[4]))
                self.new_game(turn)
            elif key == "event":
                turn.events.append(Event(words[1], words[2]))
            elif key == "obs":
                turn.observation.append(line.rstrip("\r\n")[4:])
            elif key == "legal":
                turn.legal = words[1:]
            elif key == "go":
                turn.remaining_ms, turn.increment_ms, turn.movetime_ms = (int(w) for w in words[1:4])
                move = self.choose(turn)
                self._send("move " + move)
                turn.observation = []
                turn.legal = []
            elif key == "gameover":
                self.game_over(words[1], words[2:])
            elif key == "quit":
                return

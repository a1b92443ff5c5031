"""Arena's game engine in Python: the same rules the referee judges by.

    import arena_games

    game = arena_games.load("flush:players=4")
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance():
            moves, weights = zip(*state.chance_outcomes())
            state.apply(random.choices(moves, weights)[0])
        else:
            state.apply(random.choice(state.legal_moves()))
    print(state.results())

Seats are numbered 1..players; CHANCE (0) and TERMINAL (-1) stand for chance and the end.
Moves are ints, with their notation at the edges (State.move_to_string, State.parse_move).
Bad input raises ArenaError (a ValueError) with the engine's own message. docs/python.md
tells the whole API, how to search from a bot's seat, and the threads and the GIL.
"""

from ._core import (
    CHANCE,
    TERMINAL,
    ArenaError,
    Game,
    MoveValue,
    SearchResult,
    SeatResult,
    State,
    __version__,
    games,
    load,
    search,
    search_view,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ArenaError",
    "Game",
    "MoveValue",
    "SearchResult",
    "SeatResult",
    "State",
    "__version__",
    "games",
    "load",
    "search",
    "search_view",
]

from . import _core


# Pickles: a Game is its spec, a State its spec and the moves since the start, replayed (and
# checked, as apply() checks them) when loaded. Rebuilt by these functions, never by filling an
# empty instance.
def _game_from_spec(spec: str) -> Game:
    return load(spec)


def _state_from_moves(spec: str, moves: list) -> State:
    return _core._replayed(spec, moves)


Game.__reduce__ = lambda self: (_game_from_spec, (self.spec,))
State.__reduce__ = lambda self: (_state_from_moves, (self.game.spec, [move for _, move in self.history()]))

# The classes print and pickle under the package's name (arena_games.State), where users find them.
for _cls in (ArenaError, Game, MoveValue, SearchResult, SeatResult, State):
    _cls.__module__ = __name__
del _cls

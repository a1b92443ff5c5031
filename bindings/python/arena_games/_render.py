"""render() of the environments, by the render_mode they were made with."""

from __future__ import annotations

from typing import Optional

from ._core import State


def render_in_mode(state: State, render_mode: Optional[str]) -> Optional[str]:
    """The whole position drawn for people: 'ansi' returns it, 'human' prints it, None draws nothing."""
    if render_mode is None:
        return None
    text = state.render()
    if render_mode == "human":
        print(text)
        return None
    return text

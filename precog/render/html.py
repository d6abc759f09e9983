"""HTML for a position, used by ``GameState._repr_html_`` in notebooks.

Pure functions of engine values: no IPython or widget imports.
"""

from __future__ import annotations

from precog.engine.state import GameState
from precog.render.board import board_html


def state_html(state: GameState) -> str:
    """The drawn table as the player to move sees it (the public view once the game is over)."""
    viewer = state.to_move if state.to_move >= 0 else None
    return board_html(state, viewer=viewer)

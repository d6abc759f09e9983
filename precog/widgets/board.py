"""The board as a widget: :func:`precog.render.board.board_html` in an ``ipywidgets.HTML``.

>>> from precog.engine import new_game
>>> view = BoardView(new_game(players=2, seed=1), viewer=0)
>>> "pc-board" in view.html.value
True
"""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as widgets

from precog.engine import GameState
from precog.render.board import board_html


class BoardView(widgets.VBox):
    """Shows a position as seat ``viewer`` sees it; call :meth:`show` to change it."""

    def __init__(self, state: GameState | None = None, viewer: int | None = None,
                 labels: bool = True, highlight: Mapping[str, str] | None = None,
                 lang: str = "en") -> None:
        self.lang = lang
        self.html = widgets.HTML()
        self.html.add_class("pc-board-widget")
        super().__init__([self.html])
        self.state: GameState | None = None
        self.viewer = viewer
        self.labels = labels
        self.highlight = dict(highlight or {})
        if state is not None:
            self.show(state, viewer)

    def show(self, state: GameState, viewer: int | None = -1,
             highlight: Mapping[str, str] | None = None) -> None:
        """Draw ``state`` (for ``viewer``; -1 keeps the current viewer)."""
        if viewer != -1:
            self.viewer = viewer
        if highlight is not None:
            self.highlight = dict(highlight)
        self.state = state
        self.html.value = board_html(state, self.viewer, self.labels, self.highlight,
                                     self.lang)

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
from precog.render.board import board_html, board_sections
from precog.session.speech import speech


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
                                     speech=speech(self.lang))


class LiveBoard(widgets.VBox):
    """The board of a page that redraws it after every move (Play): one HTML widget per part
    (:func:`~precog.render.board.board_sections`), so a move sends the browser only the parts
    it changed, and no stylesheet (the page has one, :func:`precog.widgets.common.stylesheet`).

    The widgets' own boxes are laid out as if absent (``pc-board-live`` in ``board.css``), so
    the drawing is the same as :class:`BoardView`'s.

    >>> from precog.engine import new_game
    >>> board = LiveBoard(viewer=0)
    >>> board.show(new_game(players=3, seed=1))
    >>> [len(board.boats.children), "<style>" in board.top.value]
    [3, False]
    """

    def __init__(self, viewer: int | None = None, labels: bool = True,
                 lang: str = "en") -> None:
        self.lang = lang
        self.viewer = viewer
        self.labels = labels
        self.state: GameState | None = None
        self.top, self.river, self.objectives = _part(), _part(), _part()
        self.boats = widgets.HBox()
        self.boats.add_class("pc-boats")
        super().__init__([self.top, self.river, self.objectives, self.boats])
        for cls in ("pc-board", "pc-board-live", "pc-board-widget"):
            self.add_class(cls)

    def show(self, state: GameState, viewer: int | None = -1) -> None:
        """Draw ``state`` (for ``viewer``; -1 keeps the current viewer): each part is sent to
        the browser only when its HTML changed."""
        if viewer != -1:
            self.viewer = viewer
        self.state = state
        parts = board_sections(state, self.viewer, self.labels, speech=speech(self.lang))
        self.top.value, self.river.value = parts.top, parts.river
        self.objectives.value = parts.objectives
        if len(self.boats.children) != len(parts.boats):
            self.boats.children = [_part() for _ in parts.boats]
            for cls in self.boats._dom_classes:
                if cls.startswith("pc-boats-"):
                    self.boats.remove_class(cls)
            self.boats.add_class(f"pc-boats-{len(parts.boats)}")
        for box, html in zip(self.boats.children, parts.boats, strict=True):
            box.value = html


def _part() -> widgets.HTML:
    part = widgets.HTML()
    part.add_class("pc-board-part")
    return part

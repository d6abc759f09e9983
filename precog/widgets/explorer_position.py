"""The explorer's position panel: whose Decision is analysed, the position string to copy,
the editor (a "what if" copy of the position) and the board as that seat sees it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from precog.engine import GameState, to_position
from precog.engine.view import SeatView, view_position
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.board import BoardView
from precog.widgets.common import copy_box_html
from precog.widgets.dropdown import Dropdown
from precog.widgets.editor import PositionEditor
from precog.widgets.explorer_results import heading
from precog.widgets.shared import own_layout


class PositionPanel(widgets.VBox):
    """Seat switch, position string, editor and board; ``on_seat(seat)`` when the seat is
    switched, ``on_edit(state)`` when an edited position is applied."""

    def __init__(self, on_seat: Callable[[int], None], on_edit: Callable[[GameState], None],
                 lang: str = DEFAULT_LANGUAGE, on_what_if: Callable[[], None] = lambda: None
                 ) -> None:
        super().__init__()
        self.lang = lang
        say = words(lang).say
        self.on_seat, self.on_edit = on_seat, on_edit
        self.board = BoardView(labels=True, lang=lang)
        self.seat_in = Dropdown(description=say("explorer.analyse_for"),
                                options=[(say("board.seat", seat=0), 0)])
        self.seat_in.observe(self._seat_changed, names="value")
        self.position_html = widgets.HTML()
        self.position_html.layout.flex = "1 1 auto"
        self.editor_box = widgets.Accordion([widgets.VBox()])
        self.editor_box.set_title(0, say("explorer.edit"))
        self.editor_box.selected_index = None
        self.editor_box.observe(self._fold_opened, names="selected_index")
        self._editor: PositionEditor | None = None
        self._editing: tuple[GameState, int] | None = None  # what the editor is to show
        self.what_if_button = widgets.Button(description=say("explorer.what_if"),
                                             tooltip=say("explorer.what_if_tip"), icon="copy")
        self.what_if_button.on_click(lambda _b: on_what_if())
        self.what_if_button.layout.width = "auto"
        own_layout(self.what_if_button).display = "none"
        self.children = [heading(say("explorer.position"), ""),
                         widgets.HBox([self.seat_in, self.position_html]),
                         self.what_if_button, self.editor_box, self.board]
        self.add_class("pc-position")

    def show(self, state: GameState, seat: int, view: SeatView | None = None) -> None:
        """Draw ``state`` for ``seat`` (the seat switch offers every seat of the game). With
        ``view`` (the seat's view ``state`` was made from) there is no seat switch and no
        editor, only a button for an explicit "what if" copy."""
        say = words(self.lang).say
        self.seat_in.unobserve(self._seat_changed, names="value")
        self.seat_in.options = [(say("board.seat", seat=s), s)
                                for s in range(state.config.players)]
        self.seat_in.value = seat
        self.seat_in.observe(self._seat_changed, names="value")
        self.position_html.value = copy_box_html(
            to_position(state) if view is None else view_position(view),
            say("explorer.copy_position"), self.lang)
        self.board.show(state, seat)
        for part in (self.seat_in, self.editor_box):
            own_layout(part).display = "none" if view else None
        own_layout(self.what_if_button).display = None if view else "none"
        if view is not None:
            self._editing = None  # a seat's view has no editor (one built before stays hidden)
            return
        self._editing = (state, seat)
        if self._editor is not None:
            self._editor.load(state, seat)

    @property
    def editor(self) -> PositionEditor | None:
        """The editor of the position shown (None before any), built the first time it is
        wanted, its fold opened or a script asking: over a hundred widgets that the browser
        would otherwise load before it draws the page's first widget."""
        if self._editing is None:
            return None
        if self._editor is None:
            state, seat = self._editing
            self._editor = PositionEditor(state, seat, on_apply=self.on_edit, lang=self.lang)
            self.editor_box.children = [self._editor]
        return self._editor

    def _fold_opened(self, change: dict[str, Any]) -> None:
        if change["new"] is not None:
            _ = self.editor

    def _seat_changed(self, change: dict[str, Any]) -> None:
        self.on_seat(change["new"])

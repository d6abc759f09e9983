"""The strategy explorer: every Keep/Give choice of a Decision ranked, the look-ahead tree,
and where each choice leads (resource trajectories).

Start from a new game at a chosen round, a pasted position string or JSON, an uploaded JSON
file, the page's URL (``?position=pg1…&seat=N``) or a game in progress (``Explorer(state=…)``).
A thin view of :class:`~precog.session.explore.Exploration`, which runs the analysis
(:mod:`precog.analysis`) in a background thread; the page draws its progress bar, Cancel
button and results, so it stays responsive.
"""

from __future__ import annotations

import os
import time
from typing import Any

import ipywidgets as widgets

from precog.analysis.basics.edges import Stage
from precog.engine import GameState, Phase
from precog.engine.view import SeatView
from precog.session.explore import Exploration, PageStart
from precog.session.language import page_language
from precog.session.lines import stage_text
from precog.session.words import words
from precog.widgets import explorer_sources, explorer_start
from precog.widgets.box import BoxSource
from precog.widgets.common import Message, stylesheet, title
from precog.widgets.explorer_bars import MODELS, ROLLOUTS, Controls, Sources, TableSource
from precog.widgets.explorer_position import PositionPanel
from precog.widgets.explorer_results import (
    PLOT_PANELS,
    Results,
    ranking_table_html,
    trajectory_panel,
)
from precog.widgets.explorer_start import PAGE_START_DELAY_S
from precog.widgets.shared import share_parts
from precog.widgets.shown import PageShown

__all__ = ["MODELS", "PLOT_PANELS", "ROLLOUTS", "Explorer", "ranking_table_html",
           "trajectory_panel"]


class Explorer(widgets.VBox):
    """The explorer page (``compact=True``: without title and sources, for the play page)."""

    def __init__(self, state: GameState | None = None, seat: int | None = None,
                 query: str | None = None, compact: bool = False, background: bool = True,
                 auto: bool = True, lang: str | None = None) -> None:
        super().__init__()
        if query is None:
            query = os.environ.get("QUERY_STRING", "")
        self.lang = page_language(query) if lang is None else lang
        self.w = words(self.lang)
        self.add_class("pc-app")
        self.add_class("pc-explorer")
        self.model = Exploration(background)
        self.auto = auto
        # The page's own first analysis: see PAGE_START_DELAY_S and PageStart.
        self.shown = PageShown()
        self._page_start = (PageStart(self.shown.event, PAGE_START_DELAY_S,
                                      first=self._first_answer)
                            if background and auto else None)
        self._last_progress, self._fresh_error = 0.0, False
        self.view: SeatView | None = None  # a seat's view (no editor, no seat switch)
        self.message = Message(self.lang)
        self.query = query if state is None else ""  # read again when a box is loaded
        self._build(compact)
        if state is not None:
            self.load_state(state, seat, source=self.w.say("explorer.from_game"))
        else:
            self.load_query(query)
        self._page_start = None  # any later analysis starts and shows at once
        share_parts(self)  # one model for the layouts (styles) of equal values

    arrive = explorer_start.arrive
    _first_answer = explorer_start.first_answer

    # -- what the model holds -----------------------------------------------------------------
    state = property(lambda self: self.model.state)
    seat = property(lambda self: self.model.seat)
    ranking = property(lambda self: self.model.ranking)
    trajectory_data = property(lambda self: self.model.trajectory_data)
    analysis_meta = property(lambda self: self.model.meta)
    running = property(lambda self: self.model.running)
    editor = property(lambda self: self.position.editor)

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running analysis is done (for scripts and tests)."""
        self.model.wait(timeout)

    def analysis_json(self) -> dict[str, Any]:
        """The analysis as plain data (what the download link holds)."""
        return self.model.to_json()

    # -- building ---------------------------------------------------------------------------
    def _build(self, compact: bool) -> None:
        say = self.w.say
        self.position = PositionPanel(self._seat_changed, lambda s: self.load_state(
            s, self.seat, source=say("explorer.from_edit")), self.lang, self.what_if)
        _alias(self, self.position, "board seat_in position_html editor_box what_if_button")
        self.controls = Controls(self.analyse, self.cancel, self.lang)
        _alias(self, self.controls, "model_in rollouts_in depth_in seed_in analyse_button "
                                    "cancel_button progress status")
        self.results = Results(self._redo_trajectories, self.lang)
        _alias(self, self.results, "table compare_in horizon_in plots tree download")
        parts: list[widgets.Widget] = [stylesheet()]
        # Your box and Your table are made when their tabs are first opened (or asked for)
        self._box_source: BoxSource | None = None
        self._table_source: TableSource | None = None
        self.title_line: widgets.HTML | None = None
        if not compact:
            self.sources = Sources(self.new_position,
                                   lambda text: self.load_text(text, say("explorer.pasted")),
                                   self._load_upload, self.lang, box=lambda: self.box_source,
                                   table=lambda: self.table_source)
            _alias(self, self.sources, "players_in mode_in setup_in round_in game_seed_in "
                                       "deal_button paste_in paste_button upload")
            self.title_line = title("explorer.title", self.lang)
            parts += [self.title_line, self.sources]
        # the answer first: the ranked choices under the controls, the board below them (in
        # a fold a player may close), then where the choices lead and the tree
        self.board_fold = widgets.Accordion([self.position], selected_index=0)
        self.board_fold.set_title(0, say("explorer.board_fold"))
        self.board_fold.add_class("pc-board-fold")
        parts += [self.message, self.controls, self.results.ranked, self.board_fold,
                  self.results.more, self.shown]
        self.children = parts

    # Your box and Your table: tabs made when first opened (in explorer_start)
    box_source = property(explorer_start.box_source)
    table_source = property(explorer_start.table_source)
    box_components = explorer_start.box_components

    # -- sources (the loading itself is in explorer_sources) ------------------------------
    load_query = explorer_sources.load_query
    box_loaded = explorer_sources.box_loaded
    new_position = explorer_sources.new_position
    load_view_text = explorer_sources.load_view_text
    what_if = explorer_sources.what_if
    load_text = explorer_sources.load_text
    _load_upload = explorer_sources.load_upload
    load_table = explorer_sources.load_table

    def load_state(self, state: GameState, seat: int | None = None, source: str = "",
                   quiet: bool = False, view: SeatView | None = None) -> None:
        """Show ``state`` and (with ``auto``) analyse the Decision of ``seat`` (``view``: the
        seat's view ``state`` was made from; then no editor and no seat switch)."""
        self.cancel()
        seat = self.model.show(state, seat)
        self.view = view
        self._clear_results()
        self.position.show(state, seat, view)
        if not quiet:
            self.message.ok(self.w.say("explorer.loaded", source=source, round=state.round,
                                       phase=_phase_text(state, self.lang)))
        if self.auto:
            self.analyse()

    def _seat_changed(self, seat: int) -> None:
        if self.state is not None:
            self.model.seat = seat
            self._clear_results()
            self.board.show(self.state, self.seat)
            if self.auto:
                self.analyse()

    # -- analysis: started here, run by the model -------------------------------------------
    def analyse(self) -> None:
        """Rank the choices and build the tree, in the background (unless told otherwise)."""
        state = self.state
        if state is None:
            self.message.error(self.w.say("explorer.analyse"), self.w.say("explorer.load_first"))
            return
        if state.phase is not Phase.DECISION or state.to_move < 0:
            self.message.info(self.w.say("explorer.nothing_to_rank",
                                         phase=_phase_text(state, self.lang)))
            return
        self.cancel()
        if self.message.kind == "error" and not self._fresh_error:
            self.message.clear()  # an old error does not stand over a new analysis
        self._fresh_error = False
        self.controls.started()
        page, self._page_start = self._page_start, None
        self.model.start(state, self.seat, self.controls.params(), self.horizon_in.value,
                         self._report, self._done, page=page)

    def cancel(self) -> None:
        """Stop the running analysis (its partial result is shown)."""
        if self.model.cancel():
            self.controls.busy(self.w.say("explorer.cancelling"))

    def _report(self, fraction: float, stage: Stage) -> None:
        now = time.perf_counter()
        if now - self._last_progress < 0.15:
            return
        self._last_progress = now
        self.progress.value = fraction
        self.controls.busy(stage_text(stage, self.lang, self.state, self.seat))

    def _done(self, error: BaseException | None = None) -> None:
        if error is not None:
            self.controls.finished(None)
            self.message.error(self.w.say("explorer.analysis"), error)
            return
        if self.model.trajectory_error is not None:
            self.message.error(self.w.say("explorer.trajectories"), self.model.trajectory_error)
        self.controls.finished(bool(self.analysis_meta.get("cancelled")),
                               self.analysis_meta["seconds"])
        self._draw_results()

    # -- results --------------------------------------------------------------------------
    def _clear_results(self) -> None:
        self.model.clear()
        self.results.clear()
        self.progress.value = 0.0
        self.status.value = ""

    def _draw_results(self) -> None:
        assert self.ranking is not None and self.state is not None
        self.results.show(self.ranking, self.seat, self.state)
        self.results.draw_trajectories(self.trajectory_data)
        self._refresh_download()

    def _redo_trajectories(self) -> None:
        """The comparison or horizon changed: recompute the trajectories (quick)."""
        if self.ranking is None or self.state is None:
            return
        error = self.model.compare(list(self.compare_in.value), self.horizon_in.value)
        if error is not None:
            self.message.error(self.w.say("explorer.trajectories"), error)
            return
        self.results.draw_trajectories(self.trajectory_data)
        self._refresh_download()

    def _refresh_download(self) -> None:
        assert self.state is not None
        self.results.offer_download(self.analysis_json(), self.state.round, self.seat)


def _alias(page: Explorer, part: widgets.Widget, names: str) -> None:
    """The page's names for a part's widgets (``page.table`` is ``page.results.table``)."""
    for name in names.split():
        setattr(page, name, getattr(part, name))


def _phase_text(state: GameState, lang: str) -> str:
    w = words(lang)
    if state.is_over:
        return w.say("explorer.over")
    return w.say("explorer.phase_to_move", phase=w.say(f"board.phase_{state.phase.value}"),
                 seat=state.to_move)

"""The review of a game: a thin view of :class:`~precog.session.review.ReviewRun`.

:class:`ReviewPanel` reviews one seat of a game in the background (progress and Stop), draws
the decisions as they are ready (a table grouped per round with marks and explorer links, the
graph of every seat's expected final Healthy Humans with the marks on it and of every seat's
chance to win) and the summary; clicking a point of
the graph shows that decision with its link into the explorer, opened on the seat's view only.
:class:`ReviewPage` is the page: paste or upload a saved game, then the panel. Play shows the
panel in place when a game ends.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from precog.analysis.fitted.provenance import component_note
from precog.analysis.game_review.review import MARKS
from precog.engine import Game, PositionError, PrecogError
from precog.engine.problems import Problem
from precog.render.review import decision_html, rows_html, summaries_html
from precog.session.errors import SessionCode
from precog.session.language import page_language
from precog.session.provenance import provenance_text
from precog.session.review import BUDGETS, DecisionRow, ReviewRun
from precog.session.speech import speech
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import (
    Message,
    button,
    coop_note_html,
    read_position,
    stylesheet,
    title,
    upload_button,
    uploaded_bytes,
)
from precog.widgets.figure_widget import figure_widget
from precog.widgets.figures import review_figure
from precog.widgets.shared import own_layout


class ReviewPanel(widgets.VBox):
    """Choose a seat, review it, see the decisions, the graph and the summary (``budgets``:
    the seconds per decision offered, the first chosen)."""

    def __init__(self, explorer_url: str = "explorer.ipynb", lang: str = DEFAULT_LANGUAGE,
                 background: bool = True, budgets: tuple[float, ...] = BUDGETS) -> None:
        super().__init__()
        self.lang, self.say = lang, words(lang).say
        self.explorer_url = explorer_url
        self.run = ReviewRun(background, lang)
        self.game: Game | None = None
        self.selected: int | None = None
        say = self.say
        self.seat_in = widgets.Dropdown(description=say("review_page.seat"), options=[0])
        self.budget_in = widgets.Dropdown(
            description=say("review_page.budget"), value=budgets[0],
            options=[(say(f"review_page.budget_{i}") if b in BUDGETS else f"{b:g} s", b)
                     for i, b in enumerate(budgets)])
        for box in (self.seat_in, self.budget_in):
            box.layout.width = "auto"
            box.style.description_width = "initial"
        self.start_button = button(say("review_page.start"), icon="search", style="primary",
                                   tooltip=say("review_page.start_tip"), cls="pc-review-start",
                                   width="auto")
        self.start_button.on_click(lambda _b: self.start())
        self.cancel_button = button(say("review_page.cancel"), icon="stop",
                                    cls="pc-review-cancel", width="auto")
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.cancel_button.disabled = True
        self.progress = widgets.IntProgress(min=0, max=1, value=0)
        self.status = widgets.HTML()
        self.status.add_class("pc-review-status")
        # The graph is made when a review starts: plotly's widget costs a page without a game
        # most of a second to import (precog.widgets.figure_widget).
        self.figure: Any = None
        self.figure_slot = widgets.Box()
        self.detail = widgets.HTML(f'<div class="pc-none">{escape(say("review_page.click_hint"))}'
                                   "</div>")
        self.table, self.summary = widgets.HTML(), widgets.HTML()
        for part, cls in ((self.detail, "pc-review-detail-box"), (self.table, "pc-review-rows"),
                          (self.summary, "pc-review-summaries")):
            part.add_class(cls)
        controls = widgets.HBox([self.seat_in, self.budget_in, self.start_button,
                                 self.cancel_button, self.progress])
        controls.add_class("pc-review-controls")
        self.children = [controls, self.status, self.figure_slot, self.detail, self.table,
                         self.summary]
        self.add_class("pc-review")

    def show(self, game: Game, seat: int = 0, start: bool = False) -> None:
        """Review ``game`` (a seat chooser over its seats); ``start``: review ``seat`` now."""
        self.cancel()
        self.game = game
        n = game.start.config.players
        self.seat_in.options = list(range(n))
        self.seat_in.value = seat if 0 <= seat < n else 0
        self.status.value = self.table.value = self.summary.value = ""
        self.run.summaries.clear()  # the summaries are of this game's seats
        if start:
            self.start()

    def start(self) -> None:
        """Review the chosen seat in the background (the decisions appear as they are ready)."""
        if self.game is None:
            return
        seat = self.seat_in.value
        self.selected = None
        self.table.value = ""
        self.detail.value = (f'<div class="pc-none">{escape(self.say("review_page.click_hint"))}'
                             "</div>")
        self._draw_figure()
        self.cancel_button.disabled = False
        self.start_button.disabled = True
        working = escape(self.say("review_page.working"))
        self.status.value = f'<span class="pc-busy">{working}</span>'
        self.progress.value = 0
        self.run.start(self.game, seat, self.budget_in.value, on_row=self._row,
                       on_done=self._done)
        if self.run.total == 0:
            self.status.value = escape(self.say("review_page.nothing"))

    def cancel(self) -> None:
        """Stop the review; the decisions reviewed so far stay."""
        self.run.cancel()

    def wait(self, timeout: float | None = None) -> None:
        self.run.wait(timeout)

    def select(self, number: int) -> None:
        """Show decision ``number`` (of the reviewed seat) and its explorer link."""
        if not 0 <= number < len(self.run.rows) or self.game is None:
            return
        self.selected = number
        self.detail.value = decision_html(self.run.rows[number], self.game.start.components,
                                          self.explorer_url, speech(self.lang),
                                          self.game.start.config.mode)

    # -- drawing (called from the review's thread) ---------------------------------------------
    def _row(self, row: DecisionRow, k: int, total: int) -> None:
        self.progress.max = max(1, total)
        self.progress.value = k
        self.status.value = escape(self.say("review_page.progress", k=k, n=total))
        self._draw_rows()

    def _done(self, error: BaseException | None) -> None:
        self.cancel_button.disabled = True
        self.start_button.disabled = False
        k, n = len(self.run.rows), self.run.total
        if error is not None:
            failed = escape(self.say("review_page.failed"))
            self.status.value = (f'<span class="pc-msg-error">{failed}: '
                                 f"{escape(str(error))}</span>")
            return
        review = self.run.review
        done = review is not None and review.complete
        self.status.value = escape(self.say("review_page.done", n=k) if done else
                                   self.say("review_page.stopped", k=k, n=n))
        if self.game is not None:
            start = self.game.start
            note = provenance_text(component_note(start.components, start.config.mode),
                                   self.lang)  # which set and which fit valued the decisions
            self.summary.value = (summaries_html(self.run.summaries, start.components,
                                                 speech(self.lang), MARKS)
                                  + coop_note_html(start, self.lang)
                                  + f'<div class="pc-provenance">{escape(note)}</div>')

    def _draw_rows(self) -> None:
        assert self.game is not None
        rows = list(self.run.rows)
        self.table.value = rows_html(rows, self.game.start.components, self.explorer_url,
                                     speech(self.lang))
        self._draw_figure(rows)

    def _draw_figure(self, rows: list[DecisionRow] | None = None) -> None:
        review = self.run.review
        curves = {s: list(p) for s, p in review.curves.items()} if review else {}
        wins = {s: list(p) for s, p in review.wins.items()} if review else {}
        seat = review.seat if review else self.seat_in.value
        mode = review.mode if review else "competitive"
        fresh = review_figure(curves, rows or [], seat, self.lang, wins, mode)
        if self.figure is None:
            self.figure = figure_widget()
            self.figure.add_class("pc-review-figure")
            self.figure_slot.children = [self.figure]
        with self.figure.batch_update():
            if len(self.figure.data) != len(fresh.data):
                self.figure.data = []
                self.figure.add_traces(list(fresh.data))
                for trace in self.figure.data:
                    trace.on_click(self._clicked)
            else:
                for old, new in zip(self.figure.data, fresh.data, strict=True):
                    old.update(new.to_plotly_json())
            self.figure.layout = fresh.layout

    def _clicked(self, trace: Any, points: Any, _selector: Any) -> None:
        if points.point_inds:
            self.select(int(trace.customdata[points.point_inds[0]]))


class ReviewPage(widgets.VBox):
    """The review page: paste or upload a saved game, choose a seat, review it."""

    def __init__(self, explorer_url: str = "explorer.ipynb", lang: str | None = None,
                 background: bool = True, budgets: tuple[float, ...] = BUDGETS) -> None:
        super().__init__()
        self.lang = page_language() if lang is None else lang
        say = words(self.lang).say
        self.message = Message(self.lang)
        self.load_text = widgets.Textarea(placeholder=say("review_page.paste"), rows=3)
        self.load_text.layout.width = "100%"
        self.load_button = button(say("review_page.load"), icon="upload", cls="pc-load",
                                  width="auto")
        self.load_button.on_click(lambda _b: self.load(self.load_text.value))
        self.upload = upload_button(say("review_page.upload"), ".json")
        self.upload.observe(lambda _c: self._uploaded(), names="value")
        self.upload.layout.width = "auto"
        self.panel = ReviewPanel(explorer_url, self.lang, background, budgets)
        own_layout(self.panel).display = "none"
        intro = widgets.HTML(f'<div class="pc-review-intro">{escape(say("review_page.intro"))}'
                             "</div>")
        self.children = [stylesheet(), title("review_page.title", self.lang), intro,
                         self.load_text, widgets.HBox([self.load_button, self.upload]),
                         self.message, self.panel]
        self.add_class("pc-app")
        self.add_class("pc-review-page")

    def load(self, text: str | bytes) -> None:
        """Read a saved game; a position alone or a bad text is refused with a message."""
        say = words(self.lang).say
        try:
            game = read_position(text).game
            if game is None:
                raise PositionError(Problem.of(SessionCode.NOT_A_GAME))
        except PrecogError as err:
            self.message.error(say("review_page.load"), err)
            return
        self.message.ok(say("review_page.loaded", players=game.start.config.players,
                            rounds=game.state.round))
        own_layout(self.panel).display = ""
        self.panel.show(game)

    def _uploaded(self) -> None:
        got = uploaded_bytes(self.upload.value)
        if got is not None:
            self.load(got[1])


class GameReview(widgets.VBox):
    """Play's "Review this game": a button that opens the review of a seat in place."""

    def __init__(self, explorer_url: str = "explorer.ipynb", lang: str = DEFAULT_LANGUAGE,
                 background: bool = True) -> None:
        super().__init__()
        say = words(lang).say
        self.args = (explorer_url, lang, background)
        self.panel: ReviewPanel | None = None
        self.game: Game | None = None
        self.seat = self.moves = 0
        own_layout(self).display = "none"
        self.button = button(say("review_page.play_button"), icon="search",
                             tooltip=say("review_page.play_button_tip"), cls="pc-review-play",
                             width="auto")
        self.button.on_click(lambda _b: self.review())
        self.children = [self.button]
        self.add_class("pc-game-review")

    def offer(self, game: Game | None, seat: int) -> None:
        """Offer the review of ``seat`` in ``game`` (a finished game; None: hide the button).
        A review already open on the same game stays."""
        if game is self.game and seat == self.seat and game is not None \
                and len(game.actions) == self.moves:
            return
        if self.panel is not None:
            self.panel.cancel()
        self.game, self.seat, self.panel = game, seat, None
        self.moves = len(game.actions) if game is not None else 0
        self.children = [self.button]
        own_layout(self).display = "none" if game is None else ""

    def review(self) -> None:
        """Show the review panel and start reviewing the seat."""
        if self.game is None:
            return
        if self.panel is None:
            self.panel = ReviewPanel(*self.args)
            self.children = [self.button, self.panel]
        self.panel.show(self.game, self.seat, start=True)

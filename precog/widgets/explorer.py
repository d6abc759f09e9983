"""The strategy explorer: every Keep/Give choice of a Decision ranked, the look-ahead tree,
and where each choice leads (resource trajectories).

Start from a new game at a chosen round, a pasted position string or JSON, an uploaded JSON
file, the page's URL (``?position=pg1…&seat=N``) or a game in progress (``Explorer(state=…)``).
All numbers come from :mod:`precog.analysis`; long work runs in a background thread with a
progress bar and a Cancel button, so the page stays responsive.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets
import plotly.graph_objects as go

from precog.analysis.plots import trajectory_figure
from precog.analysis.ranking import Ranking, rank_options
from precog.analysis.trajectories import trajectories
from precog.engine import GameState, Phase, PrecogError, to_position
from precog.engine.playout import random_playout
from precog.widgets.board import BoardView
from precog.widgets.common import (
    Message,
    button,
    copy_box_html,
    discard,
    download_html,
    read_position,
    stylesheet,
    uploaded_bytes,
)
from precog.widgets.dropdown import Dropdown, SelectMultiple
from precog.widgets.editor import PositionEditor
from precog.widgets.tree import TreeView

MODELS = (("uniform: each card equally likely", "uniform"),
          ("worst case for you", "worst"), ("a bot's prediction", "bot"))
ROLLOUTS = (("none (look-ahead only, fast)", 0), ("16 per choice", 16), ("64 per choice", 64),
            ("256 per choice", 256), ("1024 per choice", 1024))
PLOT_PANELS = (("healthy", "contaminated", "bane"), ("food", "batteries", "doctors", "protectors"))
TRAJECTORY_SAMPLES = 48


class Explorer(widgets.VBox):
    """The explorer page (``compact=True``: without title and sources, for the play page)."""

    def __init__(self, state: GameState | None = None, seat: int | None = None,
                 query: str | None = None, compact: bool = False, background: bool = True,
                 auto: bool = True) -> None:
        super().__init__()
        self.add_class("pc-app")
        self.add_class("pc-explorer")
        self.background = background
        self.auto = auto
        self.state: GameState | None = None
        self.seat = 0
        self.ranking: Ranking | None = None
        self.trajectory_data: dict[str, Any] | None = None
        self.analysis_meta: dict[str, Any] = {}
        self._thread: threading.Thread | None = None
        self._cancel = threading.Event()
        self._job = 0
        self._last_progress = 0.0
        self.message = Message()
        self._build(compact)
        if state is not None:
            self.load_state(state, seat, source="the game in progress")
        else:
            self.load_query(os.environ.get("QUERY_STRING", "") if query is None else query)

    # -- building ---------------------------------------------------------------------------
    def _build(self, compact: bool) -> None:
        self.board = BoardView(labels=True)
        self.seat_in = Dropdown(description="Analyse for", options=[("Seat 0", 0)])
        self.seat_in.observe(self._seat_changed, names="value")
        self.position_html = widgets.HTML()
        self.position_html.layout.flex = "1 1 auto"
        self.editor_box = widgets.Accordion([widgets.VBox()])
        self.editor_box.set_title(0, "Edit this position (what if…?)")
        self.editor_box.selected_index = None
        self.editor: PositionEditor | None = None
        self._build_controls()
        self.table = widgets.HTML()
        self.compare_in = SelectMultiple(description="Compare", rows=6)
        self.compare_in.layout.width = "420px"
        self.compare_in.observe(lambda _c: self._redo_trajectories(), names="value")
        self.horizon_in = widgets.Dropdown(description="Horizon", value=True, options=[
            ("to the end of the game", True), ("the next rounds", False)])
        self.horizon_in.observe(lambda _c: self._redo_trajectories(), names="value")
        self.horizon_in.layout.width = "300px"
        self._drawing = False
        self.plots = widgets.HBox()
        self.plots.add_class("pc-plots")
        self.tree = TreeView()
        self.download = widgets.HTML()
        results = widgets.VBox([
            _heading("Ranked choices", "value = Healthy Humans expected at the end; loss = "
                     "how much worse than the best"),
            self.table,
            _heading("Where each choice leads", "resources over the next rounds; the band is "
                     "the spread over sampled futures, dotted lines are feeding rounds"),
            widgets.HBox([self.compare_in, self.horizon_in]), self.plots,
            _heading("Look-ahead tree", "▸ opens a node; click a label to see that position; "
                     "bold rows are the principal line"),
            self.tree, self.download])
        results.add_class("pc-results")
        position = widgets.VBox([
            _heading("Position", ""), widgets.HBox([self.seat_in, self.position_html]),
            self.editor_box, self.board])
        parts: list[widgets.Widget] = [stylesheet()]
        if not compact:
            parts += [_title(), self._build_sources()]
        parts += [self.message, self.controls, results, position]
        self.children = parts

    def _build_sources(self) -> widgets.Tab:
        self.players_in = widgets.Dropdown(options=[2, 3, 4], value=3, description="Players")
        self.mode_in = widgets.Dropdown(options=["competitive", "team", "coop"],
                                        description="Mode")
        self.setup_in = widgets.Dropdown(options=["standard", "advanced"], description="Setup")
        self.round_in = widgets.IntSlider(value=3, min=1, max=12, description="Round")
        self.game_seed_in = widgets.IntText(value=1, description="Seed")
        self.deal_button = button("Deal this position", style="primary", icon="random",
                                  cls="pc-deal")
        self.deal_button.on_click(lambda _b: self.new_position())
        for w in (self.players_in, self.mode_in, self.setup_in, self.round_in,
                  self.game_seed_in):
            w.layout.width = "210px"
            w.style.description_width = "60px"
        fresh = widgets.HBox([self.players_in, self.mode_in, self.setup_in, self.round_in,
                              self.game_seed_in, self.deal_button])
        fresh.add_class("pc-setup-row")
        self.paste_in = widgets.Textarea(placeholder="Paste a position string (pg1.…) or a JSON "
                                         "position / saved game", rows=3)
        self.paste_in.layout.width = "100%"
        self.paste_button = button("Load pasted position", icon="upload", cls="pc-load")
        self.paste_button.on_click(lambda _b: self.load_text(self.paste_in.value,
                                                              "Pasted position"))
        self.upload = widgets.FileUpload(accept=".json,.txt", multiple=False,
                                         description="JSON file")
        self.upload.observe(lambda _c: self._load_upload(), names="value")
        note = widgets.HTML('<div class="pc-hint-text">Or open this page with '
                            "<code>?position=pg1…&amp;seat=N</code> in its address.</div>")
        tabs = widgets.Tab([fresh, widgets.VBox([self.paste_in, self.paste_button]),
                            widgets.VBox([self.upload, note])])
        for i, t in enumerate(("New game at a round", "Paste a position", "Load a file")):
            tabs.set_title(i, t)
        tabs.add_class("pc-sources")
        return tabs

    def _build_controls(self) -> None:
        self.model_in = widgets.Dropdown(options=MODELS, value="uniform",
                                         description="Opponents")
        self.rollouts_in = widgets.Dropdown(options=ROLLOUTS, value=0, description="Rollouts")
        self.depth_in = widgets.Dropdown(options=[("1 round", 1), ("2 rounds", 2)], value=2,
                                         description="Look-ahead")
        self.seed_in = widgets.IntText(value=0, description="Seed")
        for w in (self.model_in, self.rollouts_in, self.depth_in, self.seed_in):
            w.style.description_width = "76px"
        self.model_in.layout.width = "300px"
        self.rollouts_in.layout.width = "290px"
        self.depth_in.layout.width = "190px"
        self.seed_in.layout.width = "160px"
        self.analyse_button = button("Analyse", style="primary", icon="search",
                                     cls="pc-analyse")
        self.cancel_button = button("Cancel", icon="stop", style="warning", cls="pc-cancel")
        self.cancel_button.disabled = True
        self.analyse_button.on_click(lambda _b: self.analyse())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.progress = widgets.FloatProgress(value=0.0, min=0.0, max=1.0)
        self.progress.layout.width = "260px"
        self.status = widgets.HTML()
        self.status.add_class("pc-status")
        row1 = widgets.HBox([self.model_in, self.rollouts_in, self.depth_in, self.seed_in])
        row2 = widgets.HBox([self.analyse_button, self.cancel_button, self.progress,
                             self.status])
        row1.add_class("pc-setup-row")
        row2.add_class("pc-run-row")
        self.controls = widgets.VBox([row1, row2])
        self.controls.add_class("pc-setup")

    # -- sources --------------------------------------------------------------------------
    def load_query(self, query: str) -> None:
        """Load ``?position=…&seat=N`` from the page's query string, else deal a new game."""
        params = parse_qs(query.lstrip("?"))
        text = (params.get("position") or [""])[0]
        if not text:
            self.new_position()
            return
        seat = _int_or_none((params.get("seat") or [""])[0])
        try:
            loaded = read_position(text)
        except PrecogError as err:
            self.message.error("Address (?position=)", err)
            self.new_position(keep_message=True)
            return
        self.load_state(loaded.state, seat, source="the page address")

    def new_position(self, keep_message: bool = False) -> None:
        """Deal a new game and play it at random to the chosen round's Decision."""
        setup: dict[str, Any] = {"players": 3, "mode": "competitive", "setup": "standard"}
        seed, round_ = 1, 3
        if hasattr(self, "players_in"):  # the full page (the compact one has no sources)
            setup = {"players": self.players_in.value, "mode": self.mode_in.value,
                     "setup": self.setup_in.value}
            seed, round_ = self.game_seed_in.value, self.round_in.value
        try:
            result = random_playout(random.Random(seed), stop_round=round_, seed=seed, **setup)
        except PrecogError as err:
            self.message.error("New game", err)
            return
        state = result.final
        if state.is_over or state.round != round_:
            self.message.error("New game", f"this game ended in round {state.round} before "
                               f"round {round_}; try another seed")
            return
        self.load_state(state, None, source=f"a new game (seed {seed}) at round {round_}",
                        quiet=keep_message)

    def load_text(self, text: str | bytes, source: str) -> None:
        try:
            loaded = read_position(text)
        except PrecogError as err:
            self.message.error(source, err)
            return
        self.load_state(loaded.state, None, source=source.lower())

    def _load_upload(self) -> None:
        got = uploaded_bytes(self.upload.value)
        if got is not None:
            self.load_text(got[1], f"File {got[0]}")

    def load_state(self, state: GameState, seat: int | None = None, source: str = "",
                   quiet: bool = False) -> None:
        """Show ``state`` and (with ``auto``) analyse the Decision of ``seat``."""
        self.cancel()
        if seat is None or not 0 <= seat < state.config.players:
            seat = state.to_move if state.to_move >= 0 else 0
        self.state, self.seat = state, seat
        self._clear_results()
        self.seat_in.unobserve(self._seat_changed, names="value")
        self.seat_in.options = [(f"Seat {s}", s) for s in range(state.config.players)]
        self.seat_in.value = seat
        self.seat_in.observe(self._seat_changed, names="value")
        self.position_html.value = copy_box_html(to_position(state), "Copy position")
        self.board.show(state, seat)
        self._editor(state, seat)
        if not quiet:
            self.message.ok(f"Loaded {source}: round {state.round}, "
                            f"{_phase_text(state)}.")
        if self.auto:
            self.analyse()

    def _editor(self, state: GameState, seat: int) -> None:
        if self.editor is None:
            self.editor = PositionEditor(state, seat, on_apply=lambda s: self.load_state(
                s, self.seat, source="the edited position"))
            self.editor_box.children = [self.editor]
        else:
            self.editor.load(state, seat)

    def _seat_changed(self, change: dict[str, Any]) -> None:
        if self.state is not None:
            self.seat = change["new"]
            self._clear_results()
            self.board.show(self.state, self.seat)
            if self.auto:
                self.analyse()

    # -- analysis -------------------------------------------------------------------------
    def analyse(self) -> None:
        """Rank the choices and build the tree, in the background (unless told otherwise)."""
        if self.state is None:
            self.message.error("Analyse", "load a position first")
            return
        state, seat = self.state, self.seat
        if state.phase is not Phase.DECISION or state.to_move < 0:
            self.message.info(f"Nothing to rank here: the explorer ranks Keep/Give choices "
                              f"in a Decision phase ({_phase_text(state)}).")
            return
        self.cancel()
        self._job += 1
        self._cancel = threading.Event()
        params = {"model": self.model_in.value, "rollouts": self.rollouts_in.value,
                  "depth_rounds": self.depth_in.value, "seed": self.seed_in.value}
        self.analyse_button.disabled = True
        self.cancel_button.disabled = False
        self.progress.value = 0.0
        self.progress.bar_style = "info"
        self.status.value = '<span class="pc-busy">Analysing…</span>'
        job, cancel = self._job, self._cancel
        if self.background:
            self._thread = threading.Thread(target=self._work, name="precog-explorer",
                                            args=(job, state, seat, params, cancel), daemon=True)
            self._thread.start()
        else:
            self._work(job, state, seat, params, cancel)

    def cancel(self) -> None:
        """Stop the running analysis (its partial result is shown)."""
        if self._thread is not None and self._thread.is_alive():
            self._cancel.set()
            self.status.value = '<span class="pc-busy">Cancelling…</span>'

    def wait(self, timeout: float | None = None) -> None:
        """Block until the running analysis is done (for scripts and tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _work(self, job: int, state: GameState, seat: int, params: dict[str, Any],
              cancel: threading.Event) -> None:
        start = time.perf_counter()
        try:
            ranking = rank_options(state, seat, progress=self._reporter(job), cancel=cancel,
                                   **params)
        except PrecogError as err:
            if job == self._job:
                self._done(error=err)
            return
        except Exception as err:  # an analysis bug: show it rather than die silently
            if job == self._job:
                self._done(error=RuntimeError(f"analysis failed ({type(err).__name__}: {err})"))
            return
        if job != self._job:  # a newer position or analysis replaced this one
            return
        chosen = [r.action for r in ranking.rows[:2]]
        try:
            data = self._trajectories(state, seat, chosen, params)
        except PrecogError as err:
            data = None
            self.message.error("Trajectories", err)
        if job != self._job:
            return
        self.ranking, self.trajectory_data = ranking, data
        self.analysis_meta = {**params, "seat": seat, "seconds": time.perf_counter() - start,
                              "cancelled": cancel.is_set()}
        self._done()

    def _trajectories(self, state: GameState, seat: int, chosen: list[str],
                      params: dict[str, Any]) -> dict[str, Any] | None:
        if not chosen:
            return None
        return trajectories(state, seat, chosen, model=params["model"],
                            rollouts=TRAJECTORY_SAMPLES, seed=params["seed"],
                            to_end=self.horizon_in.value)

    def _reporter(self, job: int) -> Callable[[float, str], None]:
        def report(fraction: float, message: str) -> None:
            now = time.perf_counter()
            if job != self._job or now - self._last_progress < 0.15:
                return
            self._last_progress = now
            self.progress.value = fraction
            self.status.value = f'<span class="pc-busy">{escape(message[:80])}</span>'
        return report

    def _done(self, error: BaseException | None = None) -> None:
        self.analyse_button.disabled = False
        self.cancel_button.disabled = True
        if error is not None:
            self.progress.bar_style = "danger"
            self.status.value = ""
            self.message.error("Analysis", error)
            return
        ranking = self.ranking
        assert ranking is not None
        self.progress.value = 1.0
        self.progress.bar_style = "success"
        cancelled = self.analysis_meta.get("cancelled")
        what = "Cancelled: partial result" if cancelled else "Done"
        seconds = self.analysis_meta["seconds"]
        self.status.value = f'<span class="pc-done">{what} in {seconds:.1f} s</span>'
        self._draw_results()

    # -- results --------------------------------------------------------------------------
    def _clear_results(self) -> None:
        self.ranking = None
        self.trajectory_data = None
        self.table.value = ""
        self.compare_in.options = []
        discard(self.plots.children)
        self.plots.children = []
        self.tree.show(None)
        self.download.value = ""
        self.progress.value = 0.0
        self.status.value = ""

    def _draw_results(self) -> None:
        ranking = self.ranking
        assert ranking is not None and self.state is not None
        self.table.value = ranking_table_html(ranking)
        options = [(f"{i}. {r.action}", r.action) for i, r in enumerate(ranking.rows, 1)]
        self._drawing = True
        self.compare_in.options = options
        self.compare_in.value = tuple(a for _, a in options[:2])
        self._drawing = False
        self.tree.show(ranking.tree, self.seat)
        self._draw_trajectories()
        self._refresh_download()

    def _redo_trajectories(self) -> None:
        """The comparison or horizon changed: recompute the trajectories (quick)."""
        if self._drawing or self.ranking is None or self.state is None:
            return
        chosen = list(self.compare_in.value)
        try:
            self.trajectory_data = self._trajectories(self.state, self.seat, chosen,
                                                      self.analysis_meta)
        except PrecogError as err:
            self.message.error("Trajectories", err)
            return
        self._draw_trajectories()
        self._refresh_download()

    def _draw_trajectories(self) -> None:
        discard(self.plots.children)
        data = self.trajectory_data
        if not data or not data["choices"]:
            self.plots.children = [widgets.HTML(
                '<div class="pc-none">Pick one or more choices to compare.</div>')]
            return
        self.plots.children = [go.FigureWidget(trajectory_panel(data, panel))
                               for panel in PLOT_PANELS]

    def _refresh_download(self) -> None:
        assert self.state is not None
        self.download.value = download_html(
            f"precog-analysis-round{self.state.round}-seat{self.seat}.json",
            self.analysis_json(), "Download this analysis (JSON)")

    def analysis_json(self) -> dict[str, Any]:
        """The analysis as plain data (what the download link holds)."""
        assert self.state is not None
        out: dict[str, Any] = {"format": "precog-analysis", "version": 1,
                               "position": to_position(self.state), "seat": self.seat,
                               "controls": {k: v for k, v in self.analysis_meta.items()
                                            if k != "seconds"}}
        if self.ranking is not None:
            out["ranking"] = self.ranking.to_dict()
            if self.ranking.tree is not None:
                out["tree"] = self.ranking.tree.to_dict(max_depth=3)
        if self.trajectory_data is not None:
            out["trajectories"] = self.trajectory_data
        return out


def trajectory_panel(data: dict[str, Any], resources: tuple[str, ...]) -> go.Figure:
    """The analysis' trajectory figure for some resources, sized to sit beside another."""
    fig = trajectory_figure(data, resources, list(data["choices"]))
    where = "to the end" if data["rounds"][-1] == 12 else "over the next rounds"
    fig.update_layout(width=560, height=170 * len(resources) + 120,
                      margin={"l": 40, "r": 10, "t": 70, "b": 40},
                      title={"text": f"{data['samples']} sampled futures {where}<br>"
                                     "<sup>line: mean · band: 10-90 % · dotted: Islands</sup>",
                             "font": {"size": 13}},
                      legend={"orientation": "h", "y": -0.12, "font": {"size": 11}},
                      paper_bgcolor="#fbf9f4")
    return fig


def ranking_table_html(ranking: Ranking) -> str:
    """The ranked Keep/Give table."""
    meta = ranking.meta
    rows = []
    for i, r in enumerate(ranking.rows, 1):
        ci = "—" if r.ci95 is None else f"±{r.ci95:.2f}"
        back = " · ".join(f"{c} {p:.0%}" for c, p in r.return_chance.items()) or "—"
        line = r.principal_line
        short = line if len(line) < 90 else line[:88] + "…"
        rows.append(
            f'<tr class="{"pc-best" if i == 1 else ""}" data-action="{escape(r.action)}">'
            f'<td>{i}</td><td class="pc-choice-cell"><b>Keep {escape(r.keep)}</b> · Give '
            f"{escape(r.give)}</td><td>{r.value:.2f}</td><td>{r.loss:.2f}</td><td>{ci}</td>"
            f"<td>{r.give_value_to_left:+.2f}</td><td>{escape(back)}</td>"
            f'<td class="pc-line" title="{escape(line)}">{escape(short)}</td></tr>')
    how = (f"{meta.get('samples', 0)} rollouts per choice" if meta.get("rollouts")
           else f"{meta.get('depth_rounds')}-round look-ahead")
    note = (f'<div class="pc-table-note">Seat {meta.get("player")}, round {meta.get("round")}'
            f" · opponents: {escape(str(meta.get('model')))} · {how} · seed {meta.get('seed')}"
            f"{'' if meta.get('complete', True) else ' · stopped early (partial)'}</div>")
    return (f'{note}<table class="pc-table pc-ranking"><tr><th>#</th><th>Choice</th>'
            "<th>Value</th><th>Loss</th><th>Spread</th><th title='what the Give is worth to "
            "the left neighbour'>To left</th><th>Comes back next round</th><th>Principal line"
            f"</th></tr>{''.join(rows)}</table>")


def _title() -> widgets.HTML:
    return widgets.HTML('<div class="pc-title"><span class="pc-title-main">precog</span>'
                        '<span class="pc-title-page">Strategy explorer</span>'
                        '<span class="pc-title-note">unofficial fan project · reference '
                        "components</span></div>")


def _heading(text: str, note: str) -> widgets.HTML:
    sub = f'<span class="pc-heading-note">{escape(note)}</span>' if note else ""
    return widgets.HTML(f'<div class="pc-heading">{escape(text)}{sub}</div>')


def _phase_text(state: GameState) -> str:
    if state.is_over:
        return "the game is over"
    return f"{state.phase.value} phase, Seat {state.to_move} to move"


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None

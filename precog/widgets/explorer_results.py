"""The explorer's results: the ranked table, the trajectories compared, the tree, download."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from precog.analysis.plots import trajectory_figure
from precog.analysis.ranking import Ranking
from precog.widgets.common import discard
from precog.widgets.tree import TreeView

PLOT_PANELS = (("healthy", "contaminated", "bane"), ("food", "batteries", "doctors", "protectors"))


class Results(widgets.VBox):
    """Draws an analysis; ``on_compare()`` is called when the comparison or horizon changes."""

    def __init__(self, on_compare: Callable[[], None]) -> None:
        super().__init__()
        self.table = widgets.HTML()
        self.compare_in = widgets.SelectMultiple(description="Compare", rows=6)
        self.compare_in.layout.width = "420px"
        self.compare_in.observe(lambda _c: self._changed(on_compare), names="value")
        self.horizon_in = widgets.Dropdown(description="Horizon", value=True, options=[
            ("to the end of the game", True), ("the next rounds", False)])
        self.horizon_in.observe(lambda _c: self._changed(on_compare), names="value")
        self.horizon_in.layout.width = "300px"
        self._drawing = False
        self.plots = widgets.HBox()
        self.plots.add_class("pc-plots")
        self.tree = TreeView()
        self.download = widgets.HTML()
        self.children = [
            heading("Ranked choices", "value = Healthy Humans expected at the end; loss = "
                    "how much worse than the best"),
            self.table,
            heading("Where each choice leads", "resources over the next rounds; the band is "
                    "the spread over sampled futures, dotted lines are feeding rounds"),
            widgets.HBox([self.compare_in, self.horizon_in]), self.plots,
            heading("Look-ahead tree", "▸ opens a node; click a label to see that position; "
                    "bold rows are the principal line"),
            self.tree, self.download]
        self.add_class("pc-results")

    def _changed(self, on_compare: Callable[[], None]) -> None:
        if not self._drawing:
            on_compare()

    def clear(self) -> None:
        self.table.value = ""
        self.compare_in.options = []
        discard(self.plots.children)
        self.plots.children = []
        self.tree.show(None)
        self.download.value = ""

    def show(self, ranking: Ranking, seat: int) -> None:
        """The ranked table and tree; the best two choices picked for comparison."""
        self.table.value = ranking_table_html(ranking)
        options = [(f"{i}. {r.action}", r.action) for i, r in enumerate(ranking.rows, 1)]
        self._drawing = True
        self.compare_in.options = options
        self.compare_in.value = tuple(a for _, a in options[:2])
        self._drawing = False
        self.tree.show(ranking.tree, seat)

    def draw_trajectories(self, data: dict[str, Any] | None) -> None:
        discard(self.plots.children)
        if not data or not data["choices"]:
            self.plots.children = [widgets.HTML(
                '<div class="pc-none">Pick one or more choices to compare.</div>')]
            return
        self.plots.children = [go.FigureWidget(trajectory_panel(data, panel))
                               for panel in PLOT_PANELS]


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


def heading(text: str, note: str) -> widgets.HTML:
    sub = f'<span class="pc-heading-note">{escape(note)}</span>' if note else ""
    return widgets.HTML(f'<div class="pc-heading">{escape(text)}{sub}</div>')



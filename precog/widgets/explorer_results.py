"""The explorer's results: the ranked table, the trajectories compared, the tree, download."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from precog.analysis.plots import trajectory_figure
from precog.analysis.ranking import Ranking
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import discard
from precog.widgets.dropdown import SelectMultiple
from precog.widgets.tree import TreeView

PLOT_PANELS = (("healthy", "contaminated", "bane"), ("food", "batteries", "doctors", "protectors"))


class Results(widgets.VBox):
    """Draws an analysis; ``on_compare()`` is called when the comparison or horizon changes."""

    def __init__(self, on_compare: Callable[[], None], lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang
        say = words(lang).say
        self.table = widgets.HTML()
        self.compare_in = SelectMultiple(description=say("results.compare"), rows=6)
        self.compare_in.layout.width = "420px"
        self.compare_in.observe(lambda _c: self._changed(on_compare), names="value")
        self.horizon_in = widgets.Dropdown(description=say("results.horizon"), value=True,
                                           options=[(say("results.to_end"), True),
                                                    (say("results.next_rounds"), False)])
        self.horizon_in.observe(lambda _c: self._changed(on_compare), names="value")
        self.horizon_in.layout.width = "300px"
        self._drawing = False
        self.plots = widgets.HBox()
        self.plots.add_class("pc-plots")
        self.tree = TreeView(lang)
        self.download = widgets.HTML()
        self.children = [
            heading(say("results.ranked"), say("results.ranked_note")),
            self.table,
            heading(say("results.leads"), say("results.leads_note")),
            widgets.HBox([self.compare_in, self.horizon_in]), self.plots,
            heading(say("results.tree"), say("results.tree_note")),
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
        self.table.value = ranking_table_html(ranking, self.lang)
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
                f'<div class="pc-none">{words(self.lang).say("results.pick")}</div>')]
            return
        self.plots.children = [go.FigureWidget(trajectory_panel(data, panel, self.lang))
                               for panel in PLOT_PANELS]


def trajectory_panel(data: dict[str, Any], resources: tuple[str, ...],
                     lang: str = DEFAULT_LANGUAGE) -> go.Figure:
    """The analysis' trajectory figure for some resources, sized to sit beside another."""
    say = words(lang).say
    fig = trajectory_figure(data, resources, list(data["choices"]))
    for i, name in enumerate(resources, 1):  # the panel titles, in the page's language
        fig.layout.annotations[i - 1].text = say(f"results.res_{name}")
    fig.update_xaxes(title_text=say("results.x_axis"), row=len(resources), col=1)
    where = say("results.where_end" if data["rounds"][-1] == 12 else "results.where_next")
    fig.update_layout(width=560, height=170 * len(resources) + 120,
                      margin={"l": 40, "r": 10, "t": 70, "b": 40},
                      title={"text": f"{say('results.futures', n=data['samples'])} {where}<br>"
                                     f"<sup>{say('results.legend')}</sup>",
                             "font": {"size": 13}},
                      legend={"orientation": "h", "y": -0.12, "font": {"size": 11}},
                      paper_bgcolor="#fbf9f4")
    return fig


def ranking_table_html(ranking: Ranking, lang: str = DEFAULT_LANGUAGE) -> str:
    """The ranked Keep/Give table."""
    w = words(lang)
    say = w.say
    meta = ranking.meta
    rows = []
    for i, r in enumerate(ranking.rows, 1):
        ci = "—" if r.ci95 is None else f"±{r.ci95:.2f}"
        back = " · ".join(f"{c} {p:.0%}" for c, p in r.return_chance.items()) or "—"
        line = r.principal_line
        short = line if len(line) < 90 else line[:88] + "…"
        rows.append(
            f'<tr class="{"pc-best" if i == 1 else ""}" data-action="{escape(r.action)}">'
            f'<td>{i}</td><td class="pc-choice-cell"><b>{say("choices.keep")} {escape(r.keep)}'
            f'</b> · {say("choices.give")} '
            f"{escape(r.give)}</td><td>{r.value:.2f}</td><td>{r.loss:.2f}</td><td>{ci}</td>"
            f"<td>{r.give_value_to_left:+.2f}</td><td>{escape(back)}</td>"
            f'<td class="pc-line" title="{escape(line)}">{escape(short)}</td></tr>')
    how = (say("results.how_rollouts", n=meta.get("samples", 0)) if meta.get("rollouts")
           else say("results.how_lookahead", n=meta.get("depth_rounds")))
    model = str(meta.get("model"))
    model_name = say(f"results.model_{model}") if model in ("uniform", "worst", "bot") else model
    partial = "" if meta.get("complete", True) else say("results.partial")
    head = say("results.note", seat=meta.get("player"), round=meta.get("round"),
               model=model_name, how=how, seed=meta.get("seed"))
    note = f'<div class="pc-table-note">{escape(head)}{escape(partial)}</div>'
    heads = "".join(f"<th>{escape(say(f'results.col_{k}'))}</th>"
                    for k in ("choice", "value", "loss", "spread"))
    return (f'{note}<table class="pc-table pc-ranking"><tr><th>#</th>{heads}'
            f"<th title='{escape(say('results.col_left_tip'))}'>{say('results.col_left')}</th>"
            f"<th>{say('results.col_back')}</th><th>{say('results.col_line')}"
            f"</th></tr>{''.join(rows)}</table>")


def heading(text: str, note: str) -> widgets.HTML:
    sub = f'<span class="pc-heading-note">{escape(note)}</span>' if note else ""
    return widgets.HTML(f'<div class="pc-heading">{escape(text)}{sub}</div>')



"""The explorer's results: the ranked table, the trajectories compared, the tree, download."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from precog.analysis.plots import trajectory_figure
from precog.analysis.ranking import Ranking
from precog.session.lines import choice_text, line_text
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import discard
from precog.widgets.dropdown import SelectMultiple
from precog.widgets.tree import TreeView

PLOT_PANELS = (("score", "healthy", "contaminated", "bane"),
               ("food", "batteries", "doctors", "protectors"))


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
        self.names: dict[str, str] = {}
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
        self.names = {r.action: choice_text(r.choice, self.lang) for r in ranking.rows}
        options = [(f"{i}. {self.names[r.action]}", r.action)
                   for i, r in enumerate(ranking.rows, 1)]
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
        self.plots.children = [go.FigureWidget(trajectory_panel(data, panel, self.lang,
                                                                self.names))
                               for panel in PLOT_PANELS]


def trajectory_panel(data: dict[str, Any], resources: tuple[str, ...],
                     lang: str = DEFAULT_LANGUAGE, names: dict[str, str] | None = None
                     ) -> go.Figure:
    """The analysis' trajectory figure for some resources, sized to sit beside another;
    ``names``: each choice's name in the legend (by its notation; the notation if absent)."""
    say = words(lang).say
    fig = trajectory_figure(data, resources, list(data["choices"]), names=names or {},
                            labels={r: say(f"results.res_{r}") for r in resources},
                            hover=say("results.hover", x="%{x}", y="%{y:.2f}",
                                      resource="{resource}"))
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
    state = ranking.tree.state if ranking.tree is not None else None
    seat = int(meta.get("player", 0))
    rows = []
    for i, r in enumerate(ranking.rows, 1):
        ci = "—" if r.ci95 is None else f"±{r.ci95:.2f}"
        back = " · ".join(f"{c} {p:.0%}" for c, p in r.return_chance.items()) or "—"
        line = line_text(r.line, lang, state, seat)
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



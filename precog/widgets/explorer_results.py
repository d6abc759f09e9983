"""The explorer's results: the ranked table, the trajectories compared, the tree, download."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from precog.analysis.choices.plots import trajectory_figure
from precog.analysis.choices.ranking import Ranking, RankingRow
from precog.analysis.choices.reasons import choice_reasons
from precog.engine import GameState
from precog.render.cards import marked_html
from precog.session.lines import choice_text, line_marked, mark
from precog.session.provenance import provenance_text
from precog.session.speech import speech
from precog.session.why import reason_marked
from precog.session.words import DEFAULT_LANGUAGE, words
from precog.widgets.common import coop_note_html, discard, download_html
from precog.widgets.dropdown import SelectMultiple
from precog.widgets.figure_widget import figure_widget
from precog.widgets.tree import TreeView

PLOT_PANELS = (("score", "healthy", "contaminated", "bane"),
               ("food", "batteries", "doctors", "protectors"))


class Results(widgets.VBox):
    """Draws an analysis; ``on_compare()`` is called when the comparison or horizon changes.
    Two parts a page may place apart: ``ranked`` (the ranked table, the answer, first under
    the controls) and ``more`` (the trajectories compared, the tree, the download)."""

    def __init__(self, on_compare: Callable[[], None], lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang
        say = words(lang).say
        self.table = widgets.HTML()
        self.compare_in = SelectMultiple(description=say("results.compare"), rows=6)
        # wide enough for a copy's label, "(the same cards as 1)" at its end, in Russian too
        self.compare_in.layout.width = "760px"
        self.compare_in.layout.max_width = "100%"
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
        self.ranked = widgets.VBox([heading(say("results.ranked"), say("results.ranked_note")),
                                    self.table])
        self.ranked.add_class("pc-results")
        self.ranked.add_class("pc-ranked")
        self.more = widgets.VBox([
            heading(say("results.leads"), say("results.leads_note")),
            widgets.HBox([self.compare_in, self.horizon_in],
                         layout=widgets.Layout(flex_flow="row wrap")), self.plots,
            heading(say("results.tree"), say("results.tree_note")),
            self.tree, self.download])
        self.more.add_class("pc-results")
        self.children = [self.ranked, self.more]

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

    def show(self, ranking: Ranking, seat: int, state: GameState | None = None) -> None:
        """The ranked table and tree; the best two choices picked for comparison."""
        self.table.value = ranking_table_html(ranking, self.lang)
        say = words(self.lang).say
        twins = same_cards(ranking)
        self.names = {r.action: choice_text(r.choice, self.lang, state, seat) + (
            say("results.same_as_short", i=twins[i]) if i in twins else "")
            for i, r in enumerate(ranking.rows, 1)}
        options = [(f"{i}. {self.names[r.action]}", r.action)
                   for i, r in enumerate(ranking.rows, 1)]
        self._drawing = True
        self.compare_in.options = options
        self.compare_in.value = tuple(r.action for r in ranking.distinct(2))
        self._drawing = False
        self.tree.show(ranking.tree, seat)

    def offer_download(self, data: dict[str, Any], round_: int, seat: int) -> None:
        self.download.value = download_html(f"precog-analysis-round{round_}-seat{seat}.json",
                                            data, words(self.lang).say("explorer.download"))

    def draw_trajectories(self, data: dict[str, Any] | None) -> None:
        discard(self.plots.children)
        if not data or not data["choices"]:
            self.plots.children = [widgets.HTML(
                f'<div class="pc-none">{words(self.lang).say("results.pick")}</div>')]
            return
        self.plots.children = [figure_widget(trajectory_panel(data, panel, self.lang,
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
                                      resource="{resource}"),
                            games=lambda n: say("results.value_games", n=n))
    fig.update_xaxes(title_text=say("results.x_axis"), row=len(resources), col=1)
    where = say("results.where_end" if data["rounds"][-1] == 12 else "results.where_next")
    fig.update_layout(width=560, height=170 * len(resources) + 120,
                      margin={"l": 40, "r": 10, "t": 70, "b": 40},
                      title={"text": f"{say('results.futures', n=data['samples'])} {where}<br>"
                                     f"<sup>{say('results.legend')}</sup>",
                             "font": {"size": 13}},
                      legend={"orientation": "h", "y": -0.12, "font": {"size": 11}},
                      paper_bgcolor="#fbf9f4", separators=words(lang).plot_separators())
    return fig


COLUMNS = ("rank", "choice", "value", "loss", "spread", "left", "back", "why", "line")


def ranking_table_html(ranking: Ranking, lang: str = DEFAULT_LANGUAGE) -> str:
    """The ranked Keep/Give table: cards drawn by name, why each choice ranks there, the
    principal line in sentences; every column headed in words with a tooltip."""
    say, number = words(lang).say, words(lang).number
    meta = ranking.meta
    state = ranking.tree.state if ranking.tree is not None else None
    comps = state.components if state is not None else None
    seat = int(meta.get("player", 0))
    left = (seat + 1) % state.config.players if state is not None else None
    why = choice_reasons(ranking)

    def html(marked: str) -> str:
        return marked_html(marked, comps, speech(lang))

    twins = same_cards(ranking)
    rows = []
    for i, r in enumerate(ranking.rows, 1):
        ci = "—" if r.ci95 is None else "±" + number(r.ci95, ".2f")
        twin = "" if i not in twins else (
            f'<br><span class="pc-twin">{escape(say("results.same_as", i=twins[i]))}</span>')
        behind = _behind_cell(r, i == 1, say, number)
        back = "<br>".join(f"{html(mark(c))} {number(p, '.0%')}"
                           for c, p in r.return_chance.items()) or "—"
        reasons = "".join(f"<li>{html(reason_marked(x, lang, state, seat))}</li>"
                          for x in why[r.action])
        rows.append(
            f'<tr class="{"pc-best" if i == 1 else ""}" data-action="{escape(r.action)}">'
            f'<td>{i}</td><td class="pc-choice-cell">{say("choices.keep")} {html(mark(r.keep))}'
            f'<br>{say("choices.give")} {html(mark(r.give))}{twin}</td>'
            f"<td>{number(r.value, '.2f')}</td><td>{behind}</td><td>{ci}</td>"
            f"<td>{number(r.give_value_to_left, '+.2f')}</td><td>{back}</td>"
            f'<td class="pc-why"><ul>{reasons}</ul></td>'
            f'<td class="pc-line">{_line_cell(line_marked(r.line, lang, state, seat), html)}'
            "</td></tr>")
    coop = coop_note_html(state, lang) if state is not None else ""
    # the answer first; how it was measured (whose Decision, the opponents, the rollouts, the
    # reference set and its fit) in a fold under it; your own box is said above the table
    # (its values may be off)
    box = _box_note(meta, lang)
    reference = meta.get("components", {}).get("reference", True)
    how = (f'<details class="pc-how-measured"><summary>{escape(say("results.how_measured"))}'
           f'</summary><div class="pc-table-note">{escape(_note(meta, say))}</div>'
           f'{box if reference else ""}</details>')
    return (f'{"" if reference else box}{coop}<div class="pc-table-wrap">'
            f'<table class="pc-table pc-ranking"><tr>{_heads(say, left)}</tr>{"".join(rows)}'
            f'</table></div>{how}')


def same_cards(ranking: Ranking) -> dict[int, int]:
    """Rows (numbered from 1) whose Keep and Give are the same cards as an earlier row's, by
    what a player sees (:meth:`~precog.analysis.choices.ranking.Ranking.copies`), to that row."""
    return {i + 1: j + 1 for i, j in ranking.copies().items()}


def _behind_cell(r: RankingRow, best: bool, say: Callable[..., str],
                 number: Callable[[float, str], str]) -> str:
    """How far behind the best, with its paired interval; a choice the rollouts cannot tell
    from the best (its loss within that interval) is marked so."""
    if r.loss_ci95 is None or best:
        return number(r.loss, ".2f")
    tied = "" if not r.within_noise else (
        f'<br><span class="pc-tied" title="{escape(say("results.tied_tip"))}">'
        f'{escape(say("results.tied"))}</span>')
    return (f'{number(r.loss, ".2f")} <span class="pc-ci">±{number(r.loss_ci95, ".2f")}'
            f'</span>{tied}')


def _box_note(meta: dict[str, Any], lang: str) -> str:
    """Which component set and which evaluation fit (the box, its unknown faces, the refit
    or your own fit; the reference set and its fit)."""
    note = meta.get("components", {})
    text = provenance_text(note, lang)
    if not text:
        return ""
    cls = "pc-ref-note" if note.get("reference", True) else "pc-box-note"
    return f'<div class="pc-provenance {cls}">{escape(text)}</div>'


def _note(meta: dict[str, Any], say: Callable[..., str]) -> str:
    """What the table is: whose Decision, the opponents' model, how the values were found
    (a cancelled run says how many rollouts of how many it finished)."""
    done, asked = int(meta.get("samples", 0)), int(meta.get("rollouts", 0))
    if asked and done < asked:
        how = say("results.how_rollouts_part", n=done, total=asked)
    elif asked:
        how = say("results.how_rollouts", n=done)
    else:
        how = say("results.how_lookahead", n=meta.get("depth_rounds"))
    model = str(meta.get("model"))
    model_name = say(f"results.model_{model}") if model in ("uniform", "worst", "bot") else model
    partial = "" if meta.get("complete", True) else say("results.partial")
    return say("results.note", seat=meta.get("player"), round=meta.get("round"),
               model=model_name, how=how, seed=meta.get("seed")) + partial


def _heads(say: Callable[..., str], left: int | None) -> str:
    cells = []
    for key in COLUMNS:
        name = (say("results.col_left_seat", seat=left) if key == "left" and left is not None
                else say(f"results.col_{key}"))
        cells.append(f'<th title="{escape(say(f"results.tip_{key}"))}">{escape(name)}</th>')
    return "".join(cells)


def _line_cell(marked: str, html: Callable[[str], str]) -> str:
    """The principal line: its first sentence (what arrives), the rest (your plan, the River,
    the next round) folded, so that a row stays a few lines high (split before the cards are
    drawn: a card's tooltip has sentences of its own)."""
    sentences = marked.split(". ")
    if len(sentences) <= 1:
        return html(marked)
    first, rest = sentences[0] + ".", ". ".join(sentences[1:])
    return f"<details><summary>{html(first)}</summary>{html(rest)}</details>"


def heading(text: str, note: str) -> widgets.HTML:
    sub = f'<span class="pc-heading-note">{escape(note)}</span>' if note else ""
    return widgets.HTML(f'<div class="pc-heading">{escape(text)}{sub}</div>')



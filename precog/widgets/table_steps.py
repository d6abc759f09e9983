"""The "Your table" page's step fields: phase and step, the gains left to place, co-op
difficulty and revealed Objectives; the component set in use; a step's options valued.

Thin views of :mod:`precog.session.table_steps` (which checks and builds).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.analysis.fitted.provenance import component_note
from precog.engine import Components, GameState, PrecogError
from precog.session.table_entry import blank_box
from precog.session.table_steps import (
    DIFFICULTIES,
    OFFER,
    OFFER_SOURCES,
    SLOTS,
    STEPS,
    objective_text,
    rank_step,
)
from precog.session.words import action_label, words
from precog.widgets.common import coop_note_html
from precog.widgets.shared import own_layout

__all__ = ["StepFields", "box_text", "step_rank_html"]

STEP_ROLLOUTS = 24  # rollouts per option of a step (the page's quick answer)


def _drop(description: str, options: list[Any], cls: str, width: str = "16em") -> Any:
    w = widgets.Dropdown(description=description, options=options, layout={"width": width})
    w.style.description_width = "initial"
    w.add_class(cls)
    return w


class StepFields(widgets.VBox):
    """Phase, step, difficulty (``game``: keys of the table description) and the rows shown
    at some steps only: what was activated and is left to place; the co-op Objectives."""

    def __init__(self, box: Components, changed: Callable[[], None], lang: str) -> None:
        super().__init__()
        say = self.say = words(lang).say
        self.lang, self.changed, self._quiet = lang, changed, False
        self.season = 1
        self.game: dict[str, Any] = {
            "phase": _drop(say("table.phase"),
                           [(say(f"table.phase_{p}"), p) for p in STEPS], "pc-table-phase"),
            "step": _drop(say("table.step"), self._steps("decision"), "pc-table-step",
                          "24em"),
            "difficulty": _drop(say("table.difficulty"), list(DIFFICULTIES),
                                "pc-table-difficulty"),
            "activated": _drop(say("table.activated"), ["", *SLOTS], "pc-table-activated",
                               "12em"),
            "offer_source": _drop(say("table.offer_source"), list(OFFER_SOURCES),
                                  "pc-table-offer-source", "12em"),
        }
        self.game["step"].tooltip = say("table.step_tip")
        self.game["activated"].tooltip = say("table.activated_tip")
        self.offer = {k: widgets.Text(description=say(f"table.offer_{k}"), placeholder="0",
                                      layout={"width": "8.5em"}) for k in OFFER}
        for k, w in self.offer.items():
            w.style.description_width = "initial"
            w.add_class(f"pc-table-offer-{k}")
        self.objectives = widgets.SelectMultiple(description=say("table.objectives"),
                                                 rows=6, layout={"width": "34em"})
        self.mitigated = widgets.SelectMultiple(description=say("table.mitigated"), rows=6,
                                                layout={"width": "34em"})
        for cls, w in (("pc-table-objectives", self.objectives),
                       ("pc-table-mitigated", self.mitigated)):
            w.style.description_width = "initial"
            w.add_class(cls)
            w.tooltip = say("table.objectives_tip")
        self.offer_box(box)
        for key, w in self.game.items():
            w.observe(lambda c, key=key: self._changed(key), "value")
        for w in (*self.offer.values(), self.objectives, self.mitigated):
            w.observe(lambda _c: self._changed(""), "value")
        self.gains_row = widgets.HBox(
            [self.game["activated"], widgets.Label(say("table.offer")),
             *self.offer.values(), self.game["offer_source"]],
            layout={"flex_flow": "row wrap"})
        self.gains_row.add_class("pc-table-gains")
        self.coop_row = widgets.HBox([self.objectives, self.mitigated],
                                     layout={"flex_flow": "row wrap"})
        self.coop_row.add_class("pc-table-coop")
        self.children = [self.gains_row, self.coop_row]
        self.show_for("decision", "choose", False)

    def _steps(self, phase: str) -> list[tuple[str, str]]:
        return [(self.say(f"table.step_{s}"), s) for s in STEPS[phase]]

    def _changed(self, key: str) -> None:
        if self._quiet:
            return
        if key == "phase":
            self._quiet = True
            self.game["step"].options = self._steps(self.game["phase"].value)
            self._quiet = False
        self.changed()

    def offer_box(self, box: Components, season: int | None = None) -> None:
        """The Objective tiles of ``box`` that may be face up by ``season`` (default: the
        season last shown) offered, each with its effect."""
        w = words(self.lang)
        self.box, self.season = box, season or self.season
        own = box is not blank_box()
        options = [(objective_text(box, t.id, self.say, w.resource, own), t.id)
                   for t in box.objectives if t.season <= self.season]
        for sel in (self.objectives, self.mitigated):
            keep = tuple(v for v in sel.value if v in box.objective_by_id)
            self._quiet = True
            sel.options = options
            sel.value = keep
            self._quiet = False

    def read(self) -> dict[str, Any]:
        out: dict[str, Any] = {"objectives": list(self.objectives.value),
                               "mitigated": list(self.mitigated.value)}
        offer = {k: w.value.strip() for k, w in self.offer.items() if w.value.strip()}
        if offer:
            out["offer"] = offer
        return out

    def show(self, data: dict[str, Any]) -> None:
        """The fields from a loaded table (the page is quiet while this runs)."""
        self._quiet = True
        phase = str(data.get("phase")) if str(data.get("phase")) in STEPS else "decision"
        self.game["phase"].value = phase
        self.game["step"].options = self._steps(phase)
        if data.get("step") in STEPS[phase]:
            self.game["step"].value = data["step"]
        for key in ("difficulty", "activated", "offer_source"):
            w = self.game[key]
            if data.get(key) in [o[1] if isinstance(o, tuple) else o for o in w.options]:
                w.value = data[key]
        raw_offer = data.get("offer")
        offer: dict[str, Any] = raw_offer if isinstance(raw_offer, dict) else {}
        for k, w in self.offer.items():
            w.value = str(offer.get(k, "") or "")
        for key, sel in (("objectives", self.objectives), ("mitigated", self.mitigated)):
            ids = [o[1] for o in sel.options]
            raw = data.get(key)
            sel.value = tuple(t for t in (raw if isinstance(raw, list) else []) if t in ids)
        self._quiet = False

    def show_for(self, phase: str, step: str, coop: bool, season: int = 1) -> None:
        """Only the rows of the step and mode entered; the Objectives of the season's."""
        if season != self.season:
            self.offer_box(self.box, season)
        own_layout(self.gains_row).display = "" if phase == "action" and step == "gains" else "none"
        own_layout(self.coop_row).display = "" if coop else "none"
        own_layout(self.game["difficulty"]).display = "" if coop else "none"


def box_text(box: Components | None, lang: str) -> str:
    """Which component set the page uses (the reference set or the user's box), with what
    the analysis rests on (:func:`~precog.analysis.fitted.provenance.component_note`)."""
    say = words(lang).say
    head = f"<b>{escape(say('table.box_in_use'))}:</b> "
    if box is None:
        return f'<p class="pc-hint-text">{head}{escape(say("table.box_reference"))}</p>'
    note = component_note(box)
    text = say("table.box_yours", name=note["name"], unknown=note["unknown_faces"],
               prior=note.get("prior", "—"), refit=note.get("refit", "—"))
    return f'<p class="pc-hint-text">{head}{escape(text)}</p>'


def step_rank_html(state: GameState, seat: int, lang: str) -> str:
    """The seat's options at this step, each valued by rollouts (a table, best first)."""
    say = words(lang).say
    try:
        rows = rank_step(state, seat, STEP_ROLLOUTS, 1,
                         lambda s, a: action_label(s, a, lang))
    except PrecogError as err:
        return (f'<div class="pc-error">{escape(say("table.step_rank_failed"))}: '
                f'{escape(str(err))}</div>')
    number = words(lang).number
    body = "".join(f"<tr><td>{escape(r.label)}</td><td>{number(r.mean, '.1f')}</td>"
                   f"<td>± {number(r.half, '.1f')}</td></tr>" for r in rows)
    head = escape(say("table.step_rank", n=STEP_ROLLOUTS))
    return (f'<div class="pc-table-step-rank"><p class="pc-hint-text">{head}</p>'
            f'<table class="pc-ranking">{body}</table>{coop_note_html(state, lang)}</div>')

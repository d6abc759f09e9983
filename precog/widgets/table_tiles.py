"""The "Your table" page's tiles by their faces: the River places flipped so far, each typed
by its effect (or picked from the box) and drawn as typed, and in co-op the revealed
Objectives the box does not print, typed by their face.

Thin views of :mod:`precog.session.table_tiles` (which checks and places them).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import Components
from precog.engine.components import ObjectiveTile, RiverTile
from precog.render.board import river_face_html
from precog.session.lines import tile_effect
from precog.session.names import component_name
from precog.session.speech import speech
from precog.session.table_tiles import (
    OBJECTIVE_FIELDS,
    check_objective_face,
    check_river_face,
    is_island,
    river_choices,
    river_value,
    slot_season,
)
from precog.session.words import words
from precog.widgets.shared import own_layout

__all__ = ["ObjectiveFaces", "RiverForm"]

PLACES = 12
MAX_OBJECTIVE_FACES = 15


class _TypedFace:
    """A face typed in a form: redrawn as it is typed and the page told, except while the page
    fills it itself (``_filling``)."""

    _quiet = False
    changed: Callable[[], None]

    def draw(self) -> None:
        raise NotImplementedError

    @contextlib.contextmanager
    def _filling(self) -> Iterator[None]:
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False

    def _typed(self) -> None:
        if not self._quiet:
            self.draw()
            self.changed()


class RiverPlace(_TypedFace, widgets.VBox):
    """One River place: its round and season, a field for the tile's effect that also offers
    the box's tiles of the season, and the tile drawn as typed (an Island place: its name)."""

    def __init__(self, k: int, changed: Callable[[], None], lang: str) -> None:
        super().__init__()
        self.k, self.lang, self.changed = k, lang, changed
        self.say = words(lang).say
        self.box: Components | None = None
        self.add_class("pc-table-river-place")
        self.add_class(f"pc-table-river-{k}")
        self.field = widgets.Combobox(
            description=self.say("table.river_place", round=k + 1, season=slot_season(k)),
            placeholder=self.say("table.river_hint"), ensure_option=False,
            layout={"width": "30em"})
        self.field.style.description_width = "initial"
        self.field.tooltip = self.say("table.river_face_tip")
        self.field.observe(lambda _c: self._typed(), "value")
        self.drawing = widgets.HTML()
        self.drawing.add_class("pc-table-river-drawing")
        self.island = widgets.HTML()
        self.children = ([self.island] if is_island(k) else
                         [widgets.HBox([self.field, self.drawing])])

    def offer(self, box: Components) -> None:
        self.box = box
        if is_island(self.k):
            island = next((i for i in box.islands if i.season == slot_season(self.k)), None)
            ident = island.id if island is not None else "?"
            text = self.say("table.river_island_place", round=self.k + 1, id=ident)
            self.island.value = f'<span class="pc-hint-text">{escape(text)}</span>'
            return
        with self._filling():
            self.field.options = river_choices(box, slot_season(self.k), self._describe)
        self.draw()

    def _describe(self, tile: RiverTile) -> str:
        return f"{component_name(tile.name, self.lang)}: {tile_effect(tile, self.lang)}"

    def value(self) -> Any:
        if is_island(self.k) or self.box is None:
            return ""
        return river_value(self.field.value, self.box)

    def show(self, raw: Any) -> None:
        with self._filling():
            if isinstance(raw, dict):
                self.field.value = str(raw.get("effect", ""))
            elif isinstance(raw, str) and self.box is not None and raw in self.box.river_by_id:
                self.field.value = f"{raw} · {self._describe(self.box.river_by_id[raw])}"
            else:
                self.field.value = str(raw or "") if not is_island(self.k) else ""
        self.draw()

    def draw(self) -> None:
        """The tile as typed: drawn face up, or the message of what does not fit."""
        if is_island(self.k) or self.box is None:
            return
        raw = self.value()
        if raw == "":
            self.drawing.value = ""
            return
        if isinstance(raw, str):
            self.drawing.value = river_face_html(self.box.river_by_id[raw], self.k + 1,
                                                 speech(self.lang))
            return
        tile, message = check_river_face(raw, slot_season(self.k), self.lang)
        if tile is None:
            self.drawing.value = (f'<span class="pc-error pc-table-river-error">'
                                  f'{escape(message)}</span>')
        else:
            self.drawing.value = river_face_html(replace(tile, id=""), self.k + 1,
                                                 speech(self.lang))


class RiverForm(widgets.VBox):
    """The River tiles flipped so far, one place per round. A place is built when its round
    is reached (those of rounds to come are not there yet); a loaded table's tiles wait in
    ``entries`` until their place is built."""

    def __init__(self, changed: Callable[[], None], lang: str) -> None:
        super().__init__()
        say = words(lang).say
        self.changed, self.lang = changed, lang
        self.places: list[RiverPlace] = []
        self.box: Components | None = None
        self.entries: list[Any] = []
        self.head = widgets.HTML(f"<b>{escape(say('table.river'))}</b>")
        self.add_class("pc-table-river")
        self.children = [self.head]
        self.shown = 0

    def offer_box(self, box: Components) -> None:
        self.box = box
        for place in self.places:
            place.offer(box)

    def show_for(self, shown: int) -> None:
        self.shown = shown
        if shown > len(self.places):
            for k in range(len(self.places), min(shown, PLACES)):
                place = RiverPlace(k, self.changed, self.lang)
                if self.box is not None:
                    place.offer(self.box)
                place.show(self.entries[k] if k < len(self.entries) else "")
                self.places.append(place)
            self.children = [self.head, *self.places]
        for place in self.places:
            own_layout(place).display = "" if place.k < shown else "none"

    def read(self) -> list[Any]:
        values = [p.value() for p in self.places[:self.shown]]
        while values and values[-1] == "":
            values.pop()
        return values  # an Island place is "": the Island is the same in every box

    def show(self, entries: Any) -> None:
        self.entries = list(entries) if isinstance(entries, list) else []
        for k, place in enumerate(self.places):
            place.show(self.entries[k] if k < len(self.entries) else "")


class ObjectiveRow(_TypedFace, widgets.VBox):
    """One revealed Objective typed by its face: season, full and mitigated sides, the price
    to mitigate, whether it is mitigated, and the face as read (or what does not fit)."""

    def __init__(self, n: int, changed: Callable[[], None], remove: Callable[[Any], None],
                 lang: str) -> None:
        super().__init__()
        say = self.say = words(lang).say
        self.lang, self.changed, self.season_now = lang, changed, 1
        hint = say("box.requirement_hint")
        self.fields: dict[str, Any] = {
            "season": widgets.Dropdown(description=say("table.objective_face_season"),
                                       options=["", "1", "2", "3"], layout={"width": "10em"}),
            "full": widgets.Text(description=say("table.objective_face_full"),
                                 placeholder=hint, layout={"width": "24em"}),
            "mitigated": widgets.Text(description=say("table.objective_face_mitigated"),
                                      placeholder=hint, layout={"width": "24em"}),
            "cost": widgets.Text(description=say("table.objective_face_cost"),
                                 placeholder=say("box.cost_hint"), layout={"width": "16em"}),
        }
        self.flipped = widgets.Checkbox(description=say("table.objective_face_flipped"),
                                        indent=False, layout={"width": "9em"})
        for key, w in (*self.fields.items(), ("flipped", self.flipped)):
            w.style.description_width = "initial"
            w.add_class(f"pc-table-objective-face-{key}")
            w.observe(lambda _c: self._typed(), "value")
        self.summary = widgets.HTML()
        self.summary.add_class("pc-table-objective-face-summary")
        drop = widgets.Button(description=say("table.objective_face_remove"),
                              layout={"width": "7em"})
        drop.on_click(lambda _b: remove(self))
        self.add_class("pc-table-objective-face")
        title = widgets.HTML(f"<b>{escape(say('table.objective_face_n', n=n + 1))}</b>")
        f = self.fields
        self.children = [widgets.HBox([title, f["season"], self.flipped, drop]),
                         widgets.HBox([f["full"], f["mitigated"], f["cost"]],
                                      layout={"flex_flow": "row wrap"}), self.summary]

    def value(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: str(w.value or "").strip() for k, w in self.fields.items()}
        out["flipped"] = bool(self.flipped.value)
        return out

    def show(self, raw: dict[str, Any]) -> None:
        with self._filling():
            for key in OBJECTIVE_FIELDS:
                value = str(raw.get(key, ""))
                w = self.fields[key]
                w.value = value if key != "season" or value in w.options else ""
            self.flipped.value = raw.get("flipped") is True
        self.draw()

    def draw(self) -> None:
        raw = self.value()
        if not any(raw[k] for k in OBJECTIVE_FIELDS):
            self.summary.value = ""
            return
        face, problems = check_objective_face(raw, self.season_now, self.lang)
        if face is None:
            items = "".join(f"<li><b>{escape(self.say('table.objective_face_' + k))}</b>: "
                            f"{escape(v)}</li>" for k, v in problems.items())
            self.summary.value = f'<ul class="pc-error">{items}</ul>'
        else:
            text = objective_face_text(face, self.lang)
            self.summary.value = f'<span class="pc-ok">{escape(text)}</span>'


def objective_face_text(face: ObjectiveTile, lang: str) -> str:
    """``season 2 · each player holds 6 Food · mitigated: one player holds 2 Food · to
    mitigate: 1 Food``."""
    w = words(lang)

    def side(reqs: Any) -> str:
        return "; ".join(w.say(f"board.requirement_{r.scope}", n=r.amount,
                               what=w.resource(r.resource, r.amount)) for r in reqs)

    return (f"{w.say('table.objective_face_season')} {face.season} · {side(face.full)} · "
            f"{w.say('table.objective_face_mitigated')}: {side(face.mitigated)} · "
            f"{w.say('table.objective_face_cost')}: {w.gains(face.mitigate_cost)}")


class ObjectiveFaces(widgets.VBox):
    """Co-op: the revealed Objectives your box does not print, typed by their face."""

    def __init__(self, changed: Callable[[], None], lang: str) -> None:
        super().__init__()
        say = self.say = words(lang).say
        self.lang, self.changed = lang, changed
        self.rows: list[ObjectiveRow] = []
        self.list = widgets.VBox()
        self.add = widgets.Button(description=say("table.objective_face_add"),
                                  layout={"width": "22em"})
        self.add.add_class("pc-table-objective-face-add")
        self.add.on_click(lambda _b: self._add())
        self.add_class("pc-table-objective-faces")
        self.children = [widgets.HTML(f"<b>{escape(say('table.objective_faces'))}</b>"),
                         self.list, self.add]

    def _row(self) -> ObjectiveRow:
        row = ObjectiveRow(len(self.rows), self.changed, self._remove, self.lang)
        self.rows.append(row)
        self.list.children = tuple(self.rows)
        self.add.disabled = len(self.rows) >= MAX_OBJECTIVE_FACES
        return row

    def _add(self) -> None:
        if len(self.rows) < MAX_OBJECTIVE_FACES:
            self._row()

    def _remove(self, row: Any) -> None:
        values = [r.value() for r in self.rows if r is not row]
        self.show(values)
        self.changed()

    def season(self, season: int) -> None:
        for row in self.rows:
            row.season_now = season
            row.draw()

    def read(self) -> list[dict[str, Any]]:
        return [v for v in (r.value() for r in self.rows)
                if any(v[k] for k in OBJECTIVE_FIELDS) or v["flipped"]]

    def show(self, entries: Any) -> None:
        self.rows = []
        for raw in entries if isinstance(entries, list) else []:
            if isinstance(raw, dict) and len(self.rows) < MAX_OBJECTIVE_FACES:
                self._row().show(raw)
        self.list.children = tuple(self.rows)
        self.add.disabled = len(self.rows) >= MAX_OBJECTIVE_FACES


"""The "Your table" page: a real game's position, typed in, then analysed for one seat.

Thin views of :class:`~precog.session.table_entry.TableDraft` (which checks every field,
builds the position and saves it). :class:`SeatForm` is one seat's lines, Boat, rooms,
Batteries and cards; its cards by their face (:class:`~precog.widgets.table_cards.CardForm`)
are in :mod:`precog.widgets.table_cards`; :class:`~precog.widgets.table_page.TablePage` is
the page. Every change is checked at once; a field that does not fit is named in the list
under the form and keeps what was typed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import Components
from precog.engine.components import Machine
from precog.session.names import component_name
from precog.session.table_entry import RESOURCES, TableDraft
from precog.session.table_lines import read_lines
from precog.session.table_steps import room_text
from precog.session.words import Words, words
from precog.widgets.table_cards import CardFaces, CardForm, text_field

__all__ = ["CardForm", "SeatForm"]

BOAT_KEYS = {k: f"table.boat_{k}" for k in RESOURCES}
Say = Callable[..., str]


def boat_fields(say: Say) -> dict[str, widgets.Text]:
    """The Boat's counts (Food, Healthy and Contaminated Humans, Ymunes, Bane)."""
    return {k: text_field(say(key), "", "12.5em" if k == "contaminated" else "9em",
                          f"pc-table-{k}") for k, key in BOAT_KEYS.items()}


def room_fields(say: Say) -> list[widgets.Dropdown]:
    rooms = [widgets.Dropdown(description=say("table.room_n", n=i + 1),
                              layout={"width": "21em"}) for i in range(2)]
    for i, w in enumerate(rooms):
        w.style.description_width = "initial"
        w.add_class(f"pc-table-room-{i}")
    return rooms


def lines_fields(say: Say) -> tuple[widgets.HTML, widgets.Textarea, widgets.HTML]:
    """The seat's lines ("hand: drifting raft, salvage crate"): a heading, the text box and,
    beside it, each line as read."""
    head = widgets.HTML(f'<b>{escape(say("table_lines.title"))}</b> '
                        f'<span class="pc-hint-text">{escape(say("table_lines.tip"))}</span>')
    lines = widgets.Textarea(placeholder=say("table_lines.placeholder"), continuous_update=False,
                             layout={"width": "min(40em, 95%)", "height": "7.5em"})
    lines.add_class("pc-table-lines")
    read = widgets.HTML()
    read.add_class("pc-table-lines-read")
    return head, lines, read


def machines_html(box: Components, chosen: Sequence[str], typed: Sequence[bool],
                  advanced: bool, lang: str) -> str:
    """The three machines of each chosen room, on the face of the setup in play (a room not
    ``typed`` is said to be the default)."""
    w: Words = words(lang)
    default = escape(w.say("table.room_none"))

    def machine(m: Machine) -> str:
        cond = w.condition(m.condition).strip()
        return (f"{m.batteries}×{w.resource('battery', m.batteries)}: {cond} → "
                f"{w.gains(m.effect)}")

    lines = [f"<li><b>{escape(component_name(box.room_by_id[r].name, lang))} "
             f"({escape(r)})</b>{'' if typed[i] else ' ' + default}: "
             f"{escape(room_text(box, r, advanced, machine))}</li>"
             for i, r in enumerate(chosen) if r in box.room_by_id]
    return f'<ul class="pc-hint-text">{"".join(lines)}</ul>' if lines else ""


class SeatForm(widgets.VBox):
    """One seat: its lines, Prescient, Boat, rooms, Batteries per machine, its cards."""

    def __init__(self, n: int, draft: TableDraft, changed: Callable[[], None],
                 lang: str) -> None:
        super().__init__()
        say = self.say = words(lang).say
        self.n, self.draft, self.changed, self.lang = n, draft, changed, lang
        self.add_class(f"pc-table-seat-{n}")
        self.prescient = widgets.Dropdown(description=say("table.prescient"),
                                          layout={"width": "18em"})
        self.prescient.add_class("pc-table-prescient")
        self.boat, self.rooms = boat_fields(say), room_fields(say)
        self.machines = widgets.HTML()
        self.machines.add_class("pc-table-machines")
        self.advanced = False
        self.default_rooms: tuple[str, ...] = ()
        self.batteries = [text_field(f"{m + 1}", "0", "4.5em", f"pc-table-battery-{m}")
                          for m in range(6)]
        self.rooms_from_lines = False  # the rooms a line names are not defaults
        self.card_faces = CardFaces(changed, lang)
        self.cards, self.by_face = self.card_faces.cards, self.card_faces.by_face
        self.boxes = self.card_faces.boxes
        self.hand_box, self.action_box = self.boxes["hand"], self.boxes["action_zone"]
        self.decision_box = self.boxes["decision_zone"]
        self.offer_box(draft.box, False)
        lines_head, self.lines, self.lines_read = lines_fields(say)
        for w in (self.prescient, *self.boat.values(), *self.rooms, *self.batteries,
                  self.lines):
            w.observe(lambda _c: self.changed(), "value")
        for w in self.rooms:
            w.observe(lambda _c: self._describe(), "value")
        wrap = {"flex_flow": "row wrap"}
        self.children = [
            lines_head, widgets.HBox([self.lines, self.lines_read], layout=wrap),
            widgets.HBox([self.prescient, *self.rooms], layout=wrap), self.machines,
            widgets.HBox(list(self.boat.values()), layout=wrap),
            widgets.HBox([widgets.Label(say("table.batteries")), *self.batteries]),
            self.card_faces]

    def show_zone(self, zone: str, shown: bool) -> None:
        """The zone's cards shown (built the first time, when the fold is open) or hidden."""
        self.card_faces.show_zone(zone, shown)

    def offer_cards(self, entered: list[dict[str, Any]]) -> None:
        """Every card picker (those built later too) lists the faces entered elsewhere."""
        self.card_faces.offer_cards(entered)

    def season_default(self, season: int) -> None:
        """Each card's empty season says it is the round's."""
        self.card_faces.season_default(season)

    def offer_box(self, box: Components, advanced: bool) -> None:
        """The Prescients and rooms of ``box`` offered (after a box file is loaded)."""
        self.advanced = advanced
        prescient = self.prescient.value
        self.prescient.options = [("", "")] + [(f"{name} ({code})", code)
                                               for code, name in box.prescients.items()]
        self.prescient.value = prescient if prescient in box.prescients else ""
        options = [(self.say("table.room_none"), "")] + [
            (f"{component_name(r.name, self.lang)} ({r.id})", r.id) for r in box.rooms]
        for w in self.rooms:
            value = w.value
            w.options = options
            w.value = value if value in box.room_by_id else ""
        self.box = box
        self._describe()

    def _describe(self) -> None:
        """The three machines of each chosen room, on the face of the setup in play."""
        chosen = [r.value or (self.default_rooms[i] if i < len(self.default_rooms) else "")
                  for i, r in enumerate(self.rooms)]
        typed = [bool(r.value) or self.rooms_from_lines for r in self.rooms]
        self.machines.value = machines_html(self.box, chosen, typed, self.advanced, self.lang)

    def read(self) -> dict[str, Any]:
        """The seat's fields as typed (empty: the default)."""
        out: dict[str, Any] = {}
        if self.prescient.value:
            out["prescient"] = self.prescient.value
        for key, w in self.boat.items():
            if w.value.strip():
                out[key] = w.value.strip()
        rooms = [w.value for w in self.rooms if w.value]
        if rooms:
            out["rooms"] = rooms
        if any(b.value.strip() for b in self.batteries):
            out["batteries"] = [b.value.strip() or "0" for b in self.batteries]
        if self.lines.value.strip():
            out["lines"] = self.lines.value
        return out | self.card_faces.read()

    def show(self, seat: dict[str, Any], defaults: Any, you: bool) -> None:
        """Fill the fields from a saved seat; the default game's values as placeholders."""
        self.prescient.value = seat.get("prescient", "") or ""
        text = seat.get("lines", "")
        self.lines.value = text if isinstance(text, str) else ""
        for key, w in self.boat.items():
            w.value = str(seat.get(key, ""))
            w.placeholder = "" if defaults is None else str(getattr(defaults, key))
        rooms = seat.get("rooms", [])
        rooms = rooms if isinstance(rooms, list) else []
        for i, w in enumerate(self.rooms):
            ids = [o[1] for o in w.options]
            w.value = rooms[i] if i < len(rooms) and rooms[i] in ids else ""
        batteries = seat.get("batteries") or [""] * 6
        batteries = batteries if isinstance(batteries, list) else [""] * 6
        for m, w in enumerate(self.batteries):
            w.value = str(batteries[m]) if m < len(batteries) else ""
        self.card_faces.show(seat)
        self.show_zone("hand", you)

    def echo(self, box: Components) -> None:
        """Beside the lines, each line as read (the names completed)."""
        read = read_lines(self.lines.value, box, self.lang)
        if ("rooms" in read.seat) != self.rooms_from_lines:
            self.rooms_from_lines = "rooms" in read.seat
            self._describe()
        items = "".join(f"<li>{escape(line)}</li>" for line in read.shown)
        self.lines_read.value = (f'<div class="pc-hint-text">{escape(self.say("table_lines.read"))}'
                                 f'<ul>{items}</ul></div>' if items else "")

    def placeholders(self, defaults: Any) -> None:
        for key, w in self.boat.items():
            w.placeholder = str(getattr(defaults, key))
        if tuple(defaults.rooms) != self.default_rooms:
            self.default_rooms = tuple(defaults.rooms)
            self._describe()
        for m, w in enumerate(self.batteries):
            w.placeholder = str(defaults.batteries[m]) if m < len(defaults.batteries) else "0"

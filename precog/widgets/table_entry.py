"""The "Your table" page: a real game's position, typed in, then analysed for one seat.

Thin views of :class:`~precog.session.table_entry.TableDraft` (which checks every field,
builds the position and saves it). :class:`CardForm` is one card typed by its face with its
drawing; :class:`SeatForm` one seat's Boat, rooms, Batteries and cards; :class:`TablePage`
the page. Every change is checked at once; a field that does not fit is named in the list
under the form and keeps what was typed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import Components
from precog.engine.components import Machine
from precog.render.cards import card_html, empty_slot_html
from precog.session.box import BoxDraft, CardEntry
from precog.session.names import component_name
from precog.session.speech import speech
from precog.session.table_entry import CARD_FIELDS, RESOURCES, TableDraft
from precog.session.table_lines import read_lines
from precog.session.table_steps import room_text
from precog.session.words import words

__all__ = ["CardForm", "SeatForm"]

CARD_TYPES = ("Food", "Human", "Battery", "Ymune")
BOAT_KEYS = {k: f"table.boat_{k}" for k in RESOURCES}
ZONES = ("hand", "decision_zone", "action_zone")


def _text(label: str, placeholder: str = "", width: str = "9em", cls: str = "") -> widgets.Text:
    w = widgets.Text(description=label, placeholder=placeholder,
                     layout=widgets.Layout(width=width))
    w.style.description_width = "initial"
    if cls:
        w.add_class(cls)
    return w


class CardForm(widgets.VBox):
    """One card by its face: its fields, a picker of cards already entered, its drawing."""

    def __init__(self, label: str, cls: str, changed: Callable[[], None], lang: str) -> None:
        super().__init__()
        say = self.say = words(lang).say
        self.lang, self.changed = lang, changed
        self.add_class("pc-table-card")
        self.add_class(cls)
        self.fields: dict[str, Any] = {
            "type": widgets.Dropdown(description=say("table.card_type"),
                                     options=[("", ""), *((say(f"kind.{t.lower()}"), t)
                                                          for t in CARD_TYPES)],
                                     layout={"width": "13em"}),
            "season": widgets.Dropdown(description=say("table.card_season"),
                                       options=[("", ""), ("1", "1"), ("2", "2"), ("3", "3")],
                                       layout={"width": "13em"}),
            "cost": _text(say("table.card_cost"), "0-9 / X", "13em"),
            "gain": _text(say("table.card_gain"), "0-9 / X", "13em"),
            "bonus": _text(say("table.card_bonus"), "", "16em"),
            "bane": _text(say("table.card_bane"), "0", "8em"),
            "name": _text(say("table.card_name"), "", "16em"),
        }
        for key, w in self.fields.items():
            w.add_class(f"pc-table-card-{key}")
            w.style.description_width = "initial"
            w.observe(lambda _c: self._typed(), "value")
        self.picker = widgets.Dropdown(description=say("table.pick"), options=[("", -1)],
                                       layout={"width": "22em"})
        self.picker.style.description_width = "initial"
        self.picker.add_class("pc-table-pick")
        self.picker.observe(lambda c: self._picked(c["new"]), "value")
        self.drawing = widgets.HTML(empty_slot_html("?"))
        self.entered: list[dict[str, Any]] = []
        self._quiet = False
        title = widgets.HTML(f'<b>{escape(label)}</b>')
        self.children = [title, widgets.HBox([
            widgets.VBox([widgets.HBox(list(self.fields.values())[:4]),
                          widgets.HBox(list(self.fields.values())[4:]), self.picker]),
            self.drawing])]

    def value(self) -> dict[str, str]:
        return {k: str(w.value).strip() for k, w in self.fields.items() if str(w.value).strip()}

    def show(self, card: dict[str, Any]) -> None:
        self._quiet = True
        for key in CARD_FIELDS:
            self.fields[key].value = str(card.get(key, ""))
        self._quiet = False
        self._draw()

    def offer(self, entered: list[dict[str, Any]]) -> None:
        """The picker lists the faces entered elsewhere."""
        self.entered = entered
        self._quiet = True
        self.picker.options = [("", -1)] + [(_card_label(c), i) for i, c in enumerate(entered)]
        self.picker.value = -1
        self._quiet = False

    def _picked(self, index: int) -> None:
        if not self._quiet and 0 <= index < len(self.entered):
            self.show(self.entered[index])
            self.changed()

    def _typed(self) -> None:
        if not self._quiet:
            self._draw()
            self.changed()

    def _draw(self) -> None:
        raw = self.value()
        entry = CardEntry(deck="D", id="D01", **{k: raw.get(k, "") for k in CARD_FIELDS})
        checked = BoxDraft(lang=self.lang).check_card(entry)
        if checked.card is not None and checked.known:
            # a typed face has no id of the box yet: drawn with its name, or "your card"
            face = replace(checked.card, id="",
                           name=raw.get("name") or self.say("table.your_card"))
            self.drawing.value = card_html(face, speech=speech(self.lang))
        else:
            self.drawing.value = empty_slot_html("?" if not raw else "…")


class SeatForm(widgets.VBox):
    """One seat: Prescient, Boat, rooms, Batteries per machine, its visible cards."""

    def __init__(self, n: int, draft: TableDraft, changed: Callable[[], None],
                 lang: str) -> None:
        super().__init__()
        say = words(lang).say
        self.n, self.draft, self.changed = n, draft, changed
        self.add_class(f"pc-table-seat-{n}")
        self.prescient = widgets.Dropdown(
            description=say("table.prescient"), layout={"width": "18em"},
            options=[("", "")] + [(f"{name} ({code})", code)
                                  for code, name in draft.box.prescients.items()])
        self.prescient.add_class("pc-table-prescient")
        self.boat = {k: _text(say(key), "", "12.5em" if k == "contaminated" else "9em",
                              f"pc-table-{k}") for k, key in BOAT_KEYS.items()}
        self.say, self.lang = say, lang
        self.rooms = [widgets.Dropdown(description=say("table.room_n", n=i + 1),
                                       layout={"width": "21em"}) for i in range(2)]
        for i, w in enumerate(self.rooms):
            w.style.description_width = "initial"
            w.add_class(f"pc-table-room-{i}")
        self.machines = widgets.HTML()
        self.machines.add_class("pc-table-machines")
        self.advanced = False
        self.default_rooms: tuple[str, ...] = ()
        self.batteries = [_text(f"{m + 1}", "0", "4.5em", f"pc-table-battery-{m}")
                          for m in range(6)]
        # A zone's two card forms are built when the zone is first shown (or asked for):
        # until then its cards as loaded wait in ``self.saved``.
        self.saved: dict[str, Any] = {}
        self.entered: list[dict[str, Any]] = []
        self.cards = _Cards(self._build_zone)
        self.rooms_from_lines = False  # the rooms a line names are not defaults
        self.offer_box(draft.box, False)
        for w in (self.prescient, *self.boat.values(), *self.rooms, *self.batteries):
            w.observe(lambda _c: self.changed(), "value")
        for w in self.rooms:
            w.observe(lambda _c: self._describe(), "value")
        self.hand_box, self.action_box = widgets.VBox(), widgets.VBox()
        self.decision_box = widgets.VBox()
        self.boxes = {"hand": self.hand_box, "action_zone": self.action_box,
                      "decision_zone": self.decision_box}
        # The cards by their face are folded (the lines name most cards): a zone's forms are
        # built when the fold is first opened with that zone shown.
        self.wanted = {"hand": False, "action_zone": False, "decision_zone": True}
        self.season_now = 0
        self.by_face = widgets.ToggleButton(description=say("table_lines.by_face"),
                                            tooltip=say("table_lines.by_face_tip"),
                                            layout={"width": "max-content"})
        self.by_face.add_class("pc-table-by-face")
        self.by_face.observe(lambda _c: self._refresh_zones(), "value")
        self.faces = widgets.VBox([self.hand_box, self.action_box, self.decision_box],
                                  layout={"display": "none"})
        self.lines = widgets.Textarea(
            placeholder=say("table_lines.placeholder"),
            continuous_update=False, layout={"width": "min(40em, 95%)", "height": "7.5em"})
        self.lines.add_class("pc-table-lines")
        self.lines.observe(lambda _c: self.changed(), "value")
        self.lines_read = widgets.HTML()
        self.lines_read.add_class("pc-table-lines-read")
        lines_head = widgets.HTML(f'<b>{escape(say("table_lines.title"))}</b> '
                                  f'<span class="pc-hint-text">'
                                  f'{escape(say("table_lines.tip"))}</span>')
        self.children = [
            lines_head, widgets.HBox([self.lines, self.lines_read],
                                     layout={"flex_flow": "row wrap"}),
            widgets.HBox([self.prescient, *self.rooms], layout={"flex_flow": "row wrap"}),
            self.machines,
            widgets.HBox(list(self.boat.values()), layout={"flex_flow": "row wrap"}),
            widgets.HBox([widgets.Label(say("table.batteries")), *self.batteries]),
            self.by_face, self.faces]

    def _build_zone(self, zone: str) -> None:
        if (zone, 0) in self.cards or zone not in ZONES:
            return
        say, cards = self.say, self._zone_cards(zone)
        forms = [CardForm(say("table.card_n", zone=say(f"table.{zone}"), n=i + 1),
                          f"pc-table-{zone.replace('_', '-')}-{i}", self.changed, self.lang)
                 for i in range(2)]
        for i, form in enumerate(forms):
            dict.__setitem__(self.cards, (zone, i), form)
            form.show(cards[i] if i < len(cards) else {})
            form.offer(self.entered)
        self.boxes[zone].children = tuple(forms)
        if self.season_now:
            self.season_default(self.season_now)

    def _zone_cards(self, zone: str) -> list[dict[str, Any]]:
        cards = self.saved.get(zone, [])
        return [c if isinstance(c, dict) else {} for c in cards] \
            if isinstance(cards, list) else []

    def show_zone(self, zone: str, shown: bool) -> None:
        """The zone's cards shown (built the first time, when the fold is open) or hidden."""
        self.wanted[zone] = shown
        self._refresh_zones()

    def _refresh_zones(self) -> None:
        opened = bool(self.by_face.value)
        self.faces.layout.display = "" if opened else "none"
        for zone, shown in self.wanted.items():
            if shown and opened:
                self._build_zone(zone)
            self.boxes[zone].layout.display = "" if shown else "none"

    def offer_cards(self, entered: list[dict[str, Any]]) -> None:
        """Every card picker (those built later too) lists the faces entered elsewhere."""
        self.entered = entered
        for form in self.cards.values():
            form.offer(entered)

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
        w = words(self.lang)
        default = escape(self.say("table.room_none"))

        def machine(m: Machine) -> str:
            cond = w.condition(m.condition).strip()
            return (f"{m.batteries}×{w.resource('battery', m.batteries)}: {cond} → "
                    f"{w.gains(m.effect)}")

        chosen = [r.value or (self.default_rooms[i] if i < len(self.default_rooms) else "")
                  for i, r in enumerate(self.rooms)]
        lines = [f"<li><b>{escape(component_name(self.box.room_by_id[r].name, self.lang))} "
                 f"({escape(r)})</b>"
                 f"{'' if self.rooms[i].value or self.rooms_from_lines else ' ' + default}: "
                 f"{escape(room_text(self.box, r, self.advanced, machine))}</li>"
                 for i, r in enumerate(chosen) if r in self.box.room_by_id]
        self.machines.value = (f'<ul class="pc-hint-text">{"".join(lines)}</ul>'
                               if lines else "")

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
        for zone in ZONES:
            if (zone, 0) not in self.cards:
                if self.saved.get(zone):
                    out[zone] = self.saved[zone]
                continue
            cards = [self.cards[zone, i].value() for i in range(2)]
            if any(cards):
                out[zone] = cards
        return out

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
        self.saved = seat
        if any("type" in c for zone in ZONES for c in self._zone_cards(zone)):
            self.by_face.value = True  # a card typed by its face is shown in its form
        for zone in ZONES:
            if (zone, 0) in self.cards:
                cards = self._zone_cards(zone)
                for i in range(2):
                    self.cards[zone, i].show(cards[i] if i < len(cards) else {})
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

    def season_default(self, season: int) -> None:
        """Each card's empty season says it is the round's."""
        self.season_now = season
        label = self.say("table_lines.season_default", season=season)
        for form in self.cards.values():
            w = form.fields["season"]
            if w.options and w.options[0] != (label, ""):
                value = w.value
                form._quiet, quiet = True, form._quiet
                w.options = [(label, ""), ("1", "1"), ("2", "2"), ("3", "3")]
                w.value = value
                form._quiet = quiet

    def placeholders(self, defaults: Any) -> None:
        for key, w in self.boat.items():
            w.placeholder = str(getattr(defaults, key))
        if tuple(defaults.rooms) != self.default_rooms:
            self.default_rooms = tuple(defaults.rooms)
            self._describe()
        for m, w in enumerate(self.batteries):
            w.placeholder = str(defaults.batteries[m]) if m < len(defaults.batteries) else "0"


class _Cards(dict[tuple[str, int], CardForm]):
    """A seat's card forms by (zone, slot); asking for one of a zone not built builds it."""

    def __init__(self, build: Callable[[str], None]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: tuple[str, int]) -> CardForm:
        self.build(key[0])
        if key not in self:
            raise KeyError(key)
        return dict.__getitem__(self, key)


def _card_label(card: dict[str, Any]) -> str:
    parts = [card.get("type", "?"), f"s{card.get('season', '?')}",
             f"{card.get('cost', '?')}→{card.get('gain', '?')}"]
    if card.get("name"):
        parts.append(str(card["name"]))
    return " ".join(parts)

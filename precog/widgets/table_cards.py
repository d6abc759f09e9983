"""The "Your table" page's cards by their face: one card's form (:class:`CardForm`, its
fields, a picker of cards already entered, its drawing) and a seat's fold of them
(:class:`CardFaces`: two forms per zone, built when the fold is first opened with that zone
shown). Most cards are named in the seat's lines instead; the fold is for a face that is not
in the box.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.render.cards import card_html, empty_slot_html
from precog.session.box import BoxDraft, CardEntry
from precog.session.speech import speech
from precog.session.table_entry import CARD_FIELDS
from precog.session.words import words
from precog.widgets.shared import own_layout

__all__ = ["CardFaces", "CardForm", "text_field"]

CARD_TYPES = ("Food", "Human", "Battery", "Ymune")
ZONES = ("hand", "decision_zone", "action_zone")
SEASONS = [("1", "1"), ("2", "2"), ("3", "3")]


def text_field(label: str, placeholder: str = "", width: str = "9em",
               cls: str = "") -> widgets.Text:
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
            "cost": text_field(say("table.card_cost"), "0-9 / X", "13em"),
            "gain": text_field(say("table.card_gain"), "0-9 / X", "13em"),
            "bonus": text_field(say("table.card_bonus"), "", "16em"),
            "bane": text_field(say("table.card_bane"), "0", "8em"),
            "name": text_field(say("table.card_name"), "", "16em"),
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


class CardFaces(widgets.VBox):
    """A seat's cards by their face, folded under a toggle: a zone's two card forms are built
    when the zone is first shown with the fold open (or asked for, ``cards[zone, slot]``);
    until then its cards as loaded wait in ``saved``."""

    def __init__(self, changed: Callable[[], None], lang: str) -> None:
        super().__init__()
        self.say, self.changed, self.lang = words(lang).say, changed, lang
        self.saved: dict[str, Any] = {}
        self.entered: list[dict[str, Any]] = []
        self.cards = _Cards(self.build_zone)
        self.boxes = {zone: widgets.VBox() for zone in ("hand", "action_zone", "decision_zone")}
        self.wanted = {"hand": False, "action_zone": False, "decision_zone": True}
        self.season_now = 0
        self.by_face = widgets.ToggleButton(description=self.say("table_lines.by_face"),
                                            tooltip=self.say("table_lines.by_face_tip"),
                                            layout={"width": "max-content"})
        self.by_face.add_class("pc-table-by-face")
        self.by_face.observe(lambda _c: self.refresh(), "value")
        self.faces = widgets.VBox(list(self.boxes.values()), layout={"display": "none"})
        self.children = [self.by_face, self.faces]

    def build_zone(self, zone: str) -> None:
        if (zone, 0) in self.cards or zone not in ZONES:
            return
        say, cards = self.say, self.zone_cards(zone)
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

    def zone_cards(self, zone: str) -> list[dict[str, Any]]:
        cards = self.saved.get(zone, [])
        return [c if isinstance(c, dict) else {} for c in cards] \
            if isinstance(cards, list) else []

    def show_zone(self, zone: str, shown: bool) -> None:
        """The zone's cards shown (built the first time, when the fold is open) or hidden."""
        self.wanted[zone] = shown
        self.refresh()

    def refresh(self) -> None:
        opened = bool(self.by_face.value)
        own_layout(self.faces).display = "" if opened else "none"
        for zone, shown in self.wanted.items():
            if shown and opened:
                self.build_zone(zone)
            own_layout(self.boxes[zone]).display = "" if shown else "none"

    def offer_cards(self, entered: list[dict[str, Any]]) -> None:
        """Every card picker (those built later too) lists the faces entered elsewhere."""
        self.entered = entered
        for form in self.cards.values():
            form.offer(entered)

    def read(self) -> dict[str, Any]:
        """Each zone's cards as typed (a zone not built: as loaded)."""
        out: dict[str, Any] = {}
        for zone in ZONES:
            if (zone, 0) not in self.cards:
                if self.saved.get(zone):
                    out[zone] = self.saved[zone]
                continue
            cards = [self.cards[zone, i].value() for i in range(2)]
            if any(cards):
                out[zone] = cards
        return out

    def show(self, seat: dict[str, Any]) -> None:
        """The cards of a saved seat; the fold opened when a card is typed by its face."""
        self.saved = seat
        if any("type" in c for zone in ZONES for c in self.zone_cards(zone)):
            self.by_face.value = True  # a card typed by its face is shown in its form
        for zone in ZONES:
            if (zone, 0) in self.cards:
                cards = self.zone_cards(zone)
                for i in range(2):
                    self.cards[zone, i].show(cards[i] if i < len(cards) else {})

    def season_default(self, season: int) -> None:
        """Each card's empty season says it is the round's."""
        self.season_now = season
        label = self.say("table_lines.season_default", season=season)
        for form in self.cards.values():
            w = form.fields["season"]
            if w.options and w.options[0] != (label, ""):
                value = w.value
                form._quiet, quiet = True, form._quiet
                w.options = [(label, ""), *SEASONS]
                w.value = value
                form._quiet = quiet


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

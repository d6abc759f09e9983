"""The sections of the box editor page: deck cards, River tiles and Objectives.

Each is a thin view of the shared :class:`~precog.session.box.BoxDraft`: it draws its fields,
forwards the clicks to the draft and names each field that does not fit. ``on_change()`` is
called after something is entered or removed, so the page can redraw its download link.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.render.cards import card_back_html, card_html
from precog.session.box import OBJECTIVE_SLOTS, BoxDraft, CardEntry, ObjectiveEntry, RiverEntry
from precog.session.names import component_name
from precog.session.speech import speech
from precog.widgets.common import Message, button
from precog.widgets.dropdown import Dropdown

__all__ = ["CardSection", "ObjectiveSection", "RiverSection", "text_field"]

CARD_FIELDS = ("type", "season", "cost", "gain", "bonus", "bane", "name")
RIVER_FIELDS = ("season", "id", "name", "effect")
CARD_TYPES = ("Food", "Human", "Battery", "Ymune")

Say = Callable[..., str]


def text_field(label: str, placeholder: str = "", width: str = "11em",
               cls: str = "") -> widgets.Text:
    field = widgets.Text(description=label, placeholder=placeholder,
                         layout=widgets.Layout(width=width))
    field.style.description_width = "6.5em"  # a Russian label (Стоимость) is not cut
    if cls:
        field.add_class(cls)
    return field


def _label(say: Say, key: str) -> str:
    return say("box.card" if key == "id" else f"box.{key}")


def errors_text(say: Say, errors: dict[str, str]) -> str:
    return "; ".join(f"{_label(say, k)}: {v}" for k, v in errors.items())


def errors_html(say: Say, errors: dict[str, str]) -> str:
    return "".join(f'<div class="pc-msg pc-msg-error pc-field-error" data-field="{k}">'
                   f"{escape(_label(say, k))}: {escape(v)}</div>"
                   for k, v in errors.items())


def slot_note(say: Say, note: str) -> str:
    """A live note under the slot field (not an error: editing a tile is allowed)."""
    if not note:
        return ""
    return (f'<div class="pc-msg pc-msg-info pc-field-note" data-field="slot">'
            f'{escape(say("box.slot"))}: {escape(note)}</div>')


def _heading(say: Say, key: str) -> widgets.HTML:
    return widgets.HTML(f"<h3>{escape(say(key))}</h3>")


class _Section(widgets.VBox):
    """What every section shares: the draft, the page's words and message line."""

    def __init__(self, draft: BoxDraft, say: Say, lang: str, message: Message,
                 on_change: Callable[[], None]) -> None:
        super().__init__()
        self.draft, self.say, self.lang = draft, say, lang
        self.message, self.on_change = message, on_change

    def _entered(self, checked: Any, name: str) -> bool:
        """Say what the draft made of an entry; True when it went in."""
        if checked.errors:
            self.message.error(name, errors_text(self.say, checked.errors))
            return False
        self.message.ok(self.say("box.entered", id=checked.table["id"]))
        return True


class CardSection(_Section):
    """A deck's cards: pick the deck and card, type its face, see it drawn, enter it."""

    def __init__(self, draft: BoxDraft, say: Say, lang: str, message: Message,
                 on_change: Callable[[], None]) -> None:
        super().__init__(draft, say, lang, message, on_change)
        self.deck = Dropdown(description=say("box.deck"), options=self._deck_options())
        self.deck.add_class("pc-box-deck")
        self.progress = widgets.HTML()
        self.progress.add_class("pc-box-progress")
        self.counts = widgets.HTML()
        self.card = Dropdown(description=say("box.card"), options=[])
        self.card.add_class("pc-box-card")
        self.fields: dict[str, Any] = {
            "type": Dropdown(description=say("box.type"),
                             options=[("", "")] + [(self._kind(t), t) for t in CARD_TYPES]),
            "season": Dropdown(description=say("box.season"), options=["", "1", "2", "3"]),
            "cost": text_field(say("box.cost"), "0-9 / X"),
            "gain": text_field(say("box.gain"), "0-9 / X"),
            "bonus": text_field(say("box.bonus"), say("box.bonus_hint"), "22em"),
            "bane": text_field(say("box.bane"), "0"),
            "name": text_field(say("box.name"), "", "22em"),
        }
        for key, w in self.fields.items():
            w.add_class(f"pc-box-{key}")
        self.drawing = widgets.HTML()
        self.drawing.add_class("pc-box-drawing")
        self.errors = widgets.HTML()
        self.errors.add_class("pc-box-errors")
        self.enter = button(say("box.enter"), style="primary", cls="pc-box-enter")
        self.remove = button(say("box.remove"), cls="pc-box-remove")
        self.deck.observe(lambda _: self.refresh(), "value")
        self.card.observe(lambda _: self._card_changed(), "value")
        for w in self.fields.values():
            w.observe(lambda _: self._check(), "value")
        self.enter.on_click(lambda _: self.enter_card())
        self.remove.on_click(lambda _: self.remove_card())
        form = widgets.VBox([self.card, *self.fields.values(),
                             widgets.HBox([self.enter, self.remove]), self.errors])
        self.children = [_heading(say, "box.cards_heading"),
                         widgets.HBox([self.deck, self.progress]), self.counts,
                         widgets.HBox([form, self.drawing])]

    def _kind(self, card_type: str) -> str:
        """A card type's name in the page's language (Food -> "еда")."""
        return str(self.say(f"kind.{card_type.lower()}")).capitalize()

    def _deck_options(self) -> list[tuple[str, str]]:
        return [(f"{component_name(self.draft.prescient(c), self.lang)} ({c})", c)
                for c in self.draft.deck_codes()]

    def _card_options(self) -> list[tuple[str, str]]:
        code = self.deck.value
        out = []
        for ident in self.draft.card_ids(code):
            t = self.draft.card_table(code, ident)
            if t is None:
                label = f"{ident} · {self.say('box.not_entered')}"
            else:
                label = f"{ident} · {t['type']} {t['season']}" + ("" if "cost" in t else " ?")
            out.append((label, ident))
        return out

    def _free(self) -> list[str]:
        return [i for i in self.draft.card_ids(self.deck.value)
                if self.draft.card_table(self.deck.value, i) is None]

    def refresh(self) -> None:
        """Redraw for the deck shown, on its first card not yet entered."""
        self.card.options = self._card_options()
        free = self._free()
        self.card.value = free[0] if free else self.draft.card_ids(self.deck.value)[0]
        self._card_changed()
        self._show_progress()

    def _card_changed(self) -> None:
        if self.card.value is None:
            return
        entry = self.draft.entry_of(self.deck.value, self.card.value)
        for key in CARD_FIELDS:
            self.fields[key].value = getattr(entry, key)
        self._check()

    def entry(self) -> CardEntry:
        return CardEntry(deck=self.deck.value, id=self.card.value or "",
                         **{k: str(self.fields[k].value or "") for k in CARD_FIELDS})

    def _check(self) -> None:
        if not any(self.fields[k].value for k in CARD_FIELDS):  # a blank card: nothing to say
            self.errors.value = self.drawing.value = ""
            return
        checked = self.draft.check_card(self.entry())
        self.errors.value = errors_html(self.say, checked.errors)
        card = checked.card
        if card is None:
            self.drawing.value = ""
        elif checked.known:
            self.drawing.value = card_html(card, size="large", speech=speech(self.lang))
        else:
            self.drawing.value = (card_back_html(card.deck, self.draft.prescient(card.deck),
                                                 size="large", speech=speech(self.lang))
                                  + f'<div class="pc-note">{escape(card.id)}: '
                                  f'{escape(self.say("box.unknown_face"))}</div>')

    def enter_card(self) -> None:
        if not self._entered(self.draft.put_card(self.entry()), self.entry().id):
            return
        current = self.card.value
        self.card.options = self._card_options()
        free = self._free()
        self.card.value = free[0] if free else current
        self._card_changed()
        self._show_progress()
        self.on_change()

    def remove_card(self) -> None:
        self.draft.remove_card(self.deck.value, self.card.value)
        current = self.card.value
        self.card.options = self._card_options()
        self.card.value = current
        self._card_changed()
        self._show_progress()
        self.on_change()

    def _show_progress(self) -> None:
        code = self.deck.value
        self.progress.value = (f'<span class="pc-box-progress-text">'
                               f'{escape(self.draft.progress(code))}</span>')
        rows = []
        for season, kinds in self.draft.season_counts(code).items():
            counts = ", ".join(f"{self._kind(t)} {got}/{want}" for t, (got, want) in kinds.items())
            rows.append(f"<div>{escape(self.say('box.counts', season=season, counts=counts))}"
                        "</div>")
        self.counts.value = f'<div class="pc-box-counts">{"".join(rows)}</div>'


class RiverSection(_Section):
    """The River tiles: pick the season and slot, type the name and effect, enter it."""

    def __init__(self, draft: BoxDraft, say: Say, lang: str, message: Message,
                 on_change: Callable[[], None]) -> None:
        super().__init__(draft, say, lang, message, on_change)
        self.fields: dict[str, Any] = {
            "season": Dropdown(description=say("box.season"), options=["", "1", "2", "3"]),
            "id": Dropdown(description="", options=[]),
            "name": text_field(say("box.name"), "", "18em"),
            "effect": text_field(say("box.effect"), say("box.effect_hint"), "26em")}
        for key, w in self.fields.items():
            w.add_class(f"pc-box-river-{key}")
        self.errors = widgets.HTML()
        self.progress = widgets.HTML()
        self.progress.add_class("pc-box-river-progress")
        self.enter = button(say("box.enter_tile"), cls="pc-box-enter-tile")
        self.fields["season"].observe(lambda _: self.refresh(), "value")
        self.fields["id"].observe(lambda _: self._slot_changed(), "value")
        for key in ("name", "effect"):
            self.fields[key].observe(lambda _: self._check(), "value")
        self.enter.on_click(lambda _: self.enter_river())
        f = self.fields
        self.children = [_heading(say, "box.river_heading"), self.progress,
                         widgets.HBox([f["season"], f["id"]]), f["name"], f["effect"],
                         self.enter, self.errors]

    def refresh(self) -> None:
        """Redraw for the season shown, on its first slot not entered yet (a slot entered
        already shows its tile: entering there edits it, never adds a second one)."""
        season = self.fields["season"].value
        ids = [f"W{season}{x}" for x in "abcd"] if season else []
        self.fields["id"].options = ids
        free = self.draft.free_slots("river", int(season)) if season else []
        self.fields["id"].value = (free or ids)[0] if ids else None
        self._slot_changed()
        self.progress.value = escape(self.draft.river_progress())

    def _slot_changed(self) -> None:
        season, slot = self.fields["season"].value, self.fields["id"].value
        if season and slot:
            entry = self.draft.river_entry(slot, season)
            self.fields["name"].value, self.fields["effect"].value = entry.name, entry.effect
        self._check()

    def entry(self) -> RiverEntry:
        f = self.fields
        return RiverEntry(id=str(f["id"].value or ""), season=str(f["season"].value or ""),
                          name=f["name"].value, effect=f["effect"].value)

    def _check(self) -> None:
        f = self.fields
        if not f["season"].value or not (f["name"].value or f["effect"].value):
            self.errors.value = ""  # a blank tile: nothing to say yet
            return
        checked = self.draft.check_river(self.entry())
        self.errors.value = (errors_html(self.say, checked.errors)
                             + slot_note(self.say, self.draft.replaces("river", checked)))

    def enter_river(self) -> None:
        name = self.entry().id or self.say("box.river_heading")
        if self._entered(self.draft.put_river(self.entry()), name):
            self.refresh()  # on to the next free slot
            self.on_change()


class ObjectiveSection(_Section):
    """The Objectives: pick the season and slot, type the requirements and cost, enter it."""

    def __init__(self, draft: BoxDraft, say: Say, lang: str, message: Message,
                 on_change: Callable[[], None]) -> None:
        super().__init__(draft, say, lang, message, on_change)
        hint = say("box.requirement_hint")
        self.fields: dict[str, Any] = {
            "season": Dropdown(description=say("box.season"), options=["", "1", "2", "3"]),
            "id": Dropdown(description="", options=[]),
            "full": text_field(say("box.full"), hint, "30em"),
            "mitigated": text_field(say("box.mitigated"), hint, "30em"),
            "cost": text_field(say("box.cost"), say("box.cost_hint"), "18em")}
        for key, w in self.fields.items():
            w.add_class(f"pc-box-objective-{key}")
        self.fields["full"].style.description_width = "9em"
        self.fields["mitigated"].style.description_width = "9em"
        self.errors = widgets.HTML()
        self.progress = widgets.HTML()
        self.progress.add_class("pc-box-objective-progress")
        self.enter = button(say("box.enter_objective"), cls="pc-box-enter-objective")
        self.fields["season"].observe(lambda _: self.refresh(), "value")
        self.fields["id"].observe(lambda _: self._slot_changed(), "value")
        for key in ("full", "mitigated", "cost"):
            self.fields[key].observe(lambda _: self._check(), "value")
        self.enter.on_click(lambda _: self.enter_objective_tile())
        f = self.fields
        self.children = [_heading(say, "box.objective_heading"), self.progress,
                         widgets.HBox([f["season"], f["id"]]),
                         f["full"], f["mitigated"], f["cost"], self.enter, self.errors]

    def refresh(self) -> None:
        """Redraw for the season shown, on its first slot not entered yet (an entered slot
        shows its tile)."""
        season = self.fields["season"].value
        ids = list(OBJECTIVE_SLOTS[int(season)]) if season else []
        self.fields["id"].options = ids
        free = self.draft.free_slots("objective", int(season)) if season else []
        self.fields["id"].value = (free or ids)[0] if ids else None
        self._slot_changed()
        self.progress.value = escape(self.draft.objective_progress())

    def _slot_changed(self) -> None:
        season, slot = self.fields["season"].value, self.fields["id"].value
        if season and slot:
            entry = self.draft.objective_entry(slot, season)
            for key in ("full", "mitigated", "cost"):
                self.fields[key].value = getattr(entry, key)
        self._check()

    def entry(self) -> ObjectiveEntry:
        o = self.fields
        return ObjectiveEntry(id=str(o["id"].value or ""), season=str(o["season"].value or ""),
                              full=o["full"].value, mitigated=o["mitigated"].value,
                              cost=o["cost"].value)

    def _check(self) -> None:
        o = self.fields
        if not o["season"].value or not any(o[k].value for k in ("full", "mitigated", "cost")):
            self.errors.value = ""
            return
        checked = self.draft.check_objective(self.entry())
        self.errors.value = (errors_html(self.say, checked.errors)
                             + slot_note(self.say, self.draft.replaces("objective", checked)))

    def enter_objective_tile(self) -> None:
        name = self.entry().id or self.say("box.objective_heading")
        if self._entered(self.draft.put_objective(self.entry()), name):
            self.refresh()  # on to the next free slot
            self.on_change()

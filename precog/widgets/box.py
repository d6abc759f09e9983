"""The box editor page: your decks, card by card, and your River tiles, saved as a box file.

A thin view of :class:`~precog.session.box.BoxDraft` (which checks every field and writes the
file). The card is drawn live as it is typed; each field that does not fit is named under the
form and nothing is entered until it fits. Nothing leaves the page but the file you download.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import Components, DataError
from precog.engine.box import load_box_text
from precog.render.cards import card_back_html, card_html
from precog.session.box import (
    OBJECTIVE_SLOTS,
    BoxDraft,
    CardEntry,
    ObjectiveEntry,
    RiverEntry,
)
from precog.session.language import page_language
from precog.session.words import words
from precog.widgets.common import Message, button, stylesheet, uploaded_bytes
from precog.widgets.dropdown import Dropdown

__all__ = ["BoxEditor", "BoxSource"]

CARD_FIELDS = ("type", "season", "cost", "gain", "bonus", "bane", "name")
RIVER_FIELDS = ("season", "id", "name", "effect")
CARD_TYPES = ("Food", "Human", "Battery", "Ymune")


def _text(label: str, placeholder: str = "", width: str = "11em", cls: str = "") -> widgets.Text:
    field = widgets.Text(description=label, placeholder=placeholder,
                         layout=widgets.Layout(width=width))
    field.style.description_width = "5.5em"
    if cls:
        field.add_class(cls)
    return field


class BoxEditor(widgets.VBox):
    """The box editor page."""

    def __init__(self, query: str | None = None, lang: str | None = None) -> None:
        super().__init__()
        query = os.environ.get("QUERY_STRING", "") if query is None else query
        self.lang = page_language(query) if lang is None else lang
        say = self.say = words(self.lang).say
        self.draft = BoxDraft(lang=self.lang)
        self.add_class("pc-app")
        self.add_class("pc-box-page")
        self.message = Message(self.lang)
        # the deck and the card being entered
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
            "cost": _text(say("box.cost"), "0-9 / X"),
            "gain": _text(say("box.gain"), "0-9 / X"),
            "bonus": _text(say("box.bonus"), say("box.bonus_hint"), "22em"),
            "bane": _text(say("box.bane"), "0"),
            "name": _text(say("box.name"), "", "22em"),
        }
        for key, w in self.fields.items():
            w.add_class(f"pc-box-{key}")
        self.drawing = widgets.HTML()
        self.drawing.add_class("pc-box-drawing")
        self.errors = widgets.HTML()
        self.errors.add_class("pc-box-errors")
        self.enter = button(say("box.enter"), style="primary", cls="pc-box-enter")
        self.remove = button(say("box.remove"), cls="pc-box-remove")
        # River tiles
        self.river = {"season": Dropdown(description=say("box.season"),
                                         options=["", "1", "2", "3"]),
                      "id": Dropdown(description="", options=[]),
                      "name": _text(say("box.name"), "", "18em"),
                      "effect": _text(say("box.effect"), say("box.effect_hint"), "26em")}
        for key, w in self.river.items():
            w.add_class(f"pc-box-river-{key}")
        self.river_errors = widgets.HTML()
        self.river_progress = widgets.HTML()
        self.river_progress.add_class("pc-box-river-progress")
        self.enter_tile = button(say("box.enter_tile"), cls="pc-box-enter-tile")
        # Objectives
        self.objective = {"season": Dropdown(description=say("box.season"),
                                             options=["", "1", "2", "3"]),
                          "id": Dropdown(description="", options=[]),
                          "full": _text(say("box.full"), say("box.requirement_hint"), "30em"),
                          "mitigated": _text(say("box.mitigated"), say("box.requirement_hint"),
                                             "30em"),
                          "cost": _text(say("box.cost"), say("box.cost_hint"), "18em")}
        for key, w in self.objective.items():
            w.add_class(f"pc-box-objective-{key}")
        self.objective["full"].style.description_width = "9em"
        self.objective["mitigated"].style.description_width = "9em"
        self.objective_errors = widgets.HTML()
        self.objective_progress = widgets.HTML()
        self.objective_progress.add_class("pc-box-objective-progress")
        self.enter_objective = button(say("box.enter_objective"), cls="pc-box-enter-objective")
        # the file
        self.box_name = _text(say("box.box_name"), "", "22em", "pc-box-name")
        self.box_name.value = self.draft.data.get("name", "")
        self.save = widgets.HTML()
        self.save.add_class("pc-box-save")
        self.upload = widgets.FileUpload(accept=".toml,text/plain", multiple=False,
                                         description=say("box.load"))
        self.upload.add_class("pc-box-upload")
        self._wire()
        self.children = self._layout()
        self._deck_changed()
        self._river_season()
        self._objective_season()
        self._refresh_file()

    def _kind(self, card_type: str) -> str:
        """A card type's name in the page's language (Food -> "еда")."""
        return str(self.say(f"kind.{card_type.lower()}")).capitalize()

    # ------------------------------------------------------------ layout and wiring
    def _layout(self) -> list[Any]:
        say = self.say
        head = widgets.HTML(f'<h2 class="pc-title">{escape(say("box.title"))}</h2>'
                            f'<p class="pc-intro">{escape(say("box.intro"))}</p>')
        form = widgets.VBox([self.card, *self.fields.values(),
                             widgets.HBox([self.enter, self.remove]), self.errors])
        cards = widgets.VBox([
            widgets.HTML(f'<h3>{escape(say("box.cards_heading"))}</h3>'),
            widgets.HBox([self.deck, self.progress]), self.counts,
            widgets.HBox([form, self.drawing])])
        river = widgets.VBox([
            widgets.HTML(f'<h3>{escape(say("box.river_heading"))}</h3>'), self.river_progress,
            widgets.HBox([self.river["season"], self.river["id"]]), self.river["name"],
            self.river["effect"], self.enter_tile, self.river_errors])
        objectives = widgets.VBox([
            widgets.HTML(f'<h3>{escape(say("box.objective_heading"))}</h3>'),
            self.objective_progress,
            widgets.HBox([self.objective["season"], self.objective["id"]]),
            self.objective["full"], self.objective["mitigated"], self.objective["cost"],
            self.enter_objective, self.objective_errors])
        file = widgets.VBox([widgets.HTML(f'<h3>{escape(say("box.file_heading"))}</h3>'),
                             self.box_name, widgets.HBox([self.save, self.upload])])
        return [stylesheet(), head, self.message, cards, river, objectives, file]

    def _wire(self) -> None:
        self.deck.observe(lambda _: self._deck_changed(), "value")
        self.card.observe(lambda _: self._card_changed(), "value")
        for w in self.fields.values():
            w.observe(lambda _: self._check(), "value")
        self.enter.on_click(lambda _: self.enter_card())
        self.remove.on_click(lambda _: self.remove_card())
        self.river["season"].observe(lambda _: self._river_season(), "value")
        for key in ("id", "name", "effect"):
            self.river[key].observe(lambda _: self._check_tile(), "value")
        self.enter_tile.on_click(lambda _: self.enter_river())
        self.objective["season"].observe(lambda _: self._objective_season(), "value")
        for key in ("id", "full", "mitigated", "cost"):
            self.objective[key].observe(lambda _: self._check_objective(), "value")
        self.enter_objective.on_click(lambda _: self.enter_objective_tile())
        self.box_name.observe(lambda _: self._rename(), "value")
        self.upload.observe(lambda change: self.load_file(change["new"]), "value")

    def _deck_options(self) -> list[tuple[str, str]]:
        return [(f"{self.draft.prescient(c)} ({c})", c) for c in self.draft.deck_codes()]

    # ------------------------------------------------------------ cards
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

    def _deck_changed(self) -> None:
        self.card.options = self._card_options()
        first_free = next((i for i in self.draft.card_ids(self.deck.value)
                           if self.draft.card_table(self.deck.value, i) is None),
                          self.draft.card_ids(self.deck.value)[0])
        self.card.value = first_free
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
        self.errors.value = self._errors_html(checked.errors)
        card = checked.card
        if card is None:
            self.drawing.value = ""
        elif checked.known:
            self.drawing.value = card_html(card, size="large", lang=self.lang)
        else:
            self.drawing.value = (card_back_html(card.deck, self.draft.prescient(card.deck),
                                                 size="large", lang=self.lang)
                                  + f'<div class="pc-note">{escape(card.id)}: '
                                  f'{escape(self.say("box.unknown_face"))}</div>')

    def _label(self, key: str) -> str:
        return self.say("box.card" if key == "id" else f"box.{key}")

    def _errors_text(self, errors: dict[str, str]) -> str:
        return "; ".join(f"{self._label(k)}: {v}" for k, v in errors.items())

    def _errors_html(self, errors: dict[str, str]) -> str:
        return "".join(f'<div class="pc-msg pc-msg-error pc-field-error" data-field="{k}">'
                       f"{escape(self._label(k))}: {escape(v)}</div>"
                       for k, v in errors.items())

    def enter_card(self) -> None:
        checked = self.draft.put_card(self.entry())
        if checked.errors:
            self.message.error(self.entry().id, self._errors_text(checked.errors))
            return
        self.message.ok(self.say("box.entered", id=checked.table["id"]))
        current = self.card.value
        self.card.options = self._card_options()
        free = [i for i in self.draft.card_ids(self.deck.value)
                if self.draft.card_table(self.deck.value, i) is None]
        self.card.value = free[0] if free else current
        self._card_changed()
        self._show_progress()
        self._refresh_file()

    def remove_card(self) -> None:
        self.draft.remove_card(self.deck.value, self.card.value)
        current = self.card.value
        self.card.options = self._card_options()
        self.card.value = current
        self._card_changed()
        self._show_progress()
        self._refresh_file()

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

    # ------------------------------------------------------------ River tiles
    def _river_season(self) -> None:
        season = self.river["season"].value
        ids = [f"W{season}{x}" for x in "abcd"] if season else []
        self.river["id"].options = ids
        self.river["id"].value = ids[0] if ids else None
        self._check_tile()
        self.river_progress.value = escape(self.draft.river_progress())

    def river_entry(self) -> RiverEntry:
        return RiverEntry(id=str(self.river["id"].value or ""),
                          season=str(self.river["season"].value or ""),
                          name=self.river["name"].value, effect=self.river["effect"].value)

    def _check_tile(self) -> None:
        if not self.river["season"].value:
            self.river_errors.value = ""
            return
        self.river_errors.value = self._errors_html(self.draft.check_river(
            self.river_entry()).errors)

    def enter_river(self) -> None:
        checked = self.draft.put_river(self.river_entry())
        if checked.errors:
            self.message.error(self.river_entry().id or self.say("box.river_heading"),
                               self._errors_text(checked.errors))
            return
        self.message.ok(self.say("box.entered", id=checked.table["id"]))
        self.river_progress.value = escape(self.draft.river_progress())
        self._refresh_file()

    # ------------------------------------------------------------ Objectives
    def _objective_season(self) -> None:
        season = self.objective["season"].value
        ids = list(OBJECTIVE_SLOTS[int(season)]) if season else []
        self.objective["id"].options = ids
        self.objective["id"].value = ids[0] if ids else None
        self._check_objective()
        self.objective_progress.value = escape(self.draft.objective_progress())

    def objective_entry(self) -> ObjectiveEntry:
        o = self.objective
        return ObjectiveEntry(id=str(o["id"].value or ""), season=str(o["season"].value or ""),
                              full=o["full"].value, mitigated=o["mitigated"].value,
                              cost=o["cost"].value)

    def _check_objective(self) -> None:
        o = self.objective
        if not o["season"].value or not any(o[k].value for k in ("full", "mitigated", "cost")):
            self.objective_errors.value = ""
            return
        self.objective_errors.value = self._errors_html(
            self.draft.check_objective(self.objective_entry()).errors)

    def enter_objective_tile(self) -> None:
        checked = self.draft.put_objective(self.objective_entry())
        if checked.errors:
            self.message.error(self.objective_entry().id or self.say("box.objective_heading"),
                               self._errors_text(checked.errors))
            return
        self.message.ok(self.say("box.entered", id=checked.table["id"]))
        self.objective_progress.value = escape(self.draft.objective_progress())
        self._refresh_file()

    # ------------------------------------------------------------ the file
    def _rename(self) -> None:
        name = self.box_name.value.strip()
        if 0 < len(name) <= 80:
            self.draft.data["name"] = name
            self._refresh_file()

    def _refresh_file(self) -> None:
        text = self.draft.toml()
        payload = base64.b64encode(text.encode("utf-8")).decode()
        self.save.value = (f'<a class="pc-download pc-box-download" download="my_box.toml" '
                           f'href="data:text/plain;charset=utf-8;base64,{payload}">'
                           f'{escape(self.say("box.save"))}</a>')

    def load_file(self, value: Any) -> None:
        found = uploaded_bytes(value)
        if found is None:
            return
        name, content = found
        try:
            self.draft.load(content, name)
        except DataError as err:
            self.message.error(name, err)  # the draft is as it was: nothing entered is lost
            return
        comps = self.draft.components()
        known = len(comps.cards) + len(comps.river) + len(comps.objectives) - len(comps.unknown)
        self.message.ok(self.say("box.loaded", file=name, known=known,
                                 unknown=len(comps.unknown)))
        self.box_name.value = self.draft.data.get("name", "")
        self._deck_changed()
        self._river_season()
        self._objective_season()
        self._refresh_file()


class BoxSource(widgets.VBox):
    """Where the cards come from on Play and the explorer: the reference set or your box file
    (``components``; None for the reference set). ``on_change()`` is called after a box loads;
    a refused file changes nothing."""

    def __init__(self, on_change: Callable[[], None], lang: str, message: Message) -> None:
        super().__init__()
        self.say, self.message, self.on_change = words(lang).say, message, on_change
        self.components: Components | None = None
        self.upload = widgets.FileUpload(accept=".toml,text/plain", multiple=False,
                                         description=self.say("box.source_load"))
        self.upload.add_class("pc-box-source-upload")
        self.status = widgets.HTML(self._status())
        self.status.add_class("pc-box-source-status")
        self.upload.observe(lambda change: self.load(change["new"]), "value")
        self.children = [widgets.HBox([self.upload, self.status])]
        self.add_class("pc-box-source")

    def _status(self) -> str:
        comps = self.components
        text = (self.say("box.source_reference") if comps is None else
                self.say("box.source_box", name=comps.name, unknown=len(comps.unknown)))
        return f'<span class="pc-hint-text">{escape(text)}</span>'

    def load(self, value: Any) -> None:
        found = uploaded_bytes(value)
        if found is None:
            return
        name, content = found
        try:
            self.components = load_box_text(content, name)
        except DataError as err:
            self.message.error(name, err)
            return
        self.status.value = self._status()
        self.on_change()

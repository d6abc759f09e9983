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

from precog.analysis.fitted.fits import apply_fit, fit_from_text
from precog.analysis.fitted.value import user_fit
from precog.engine import Components, PrecogError
from precog.engine.box import load_box_text
from precog.engine.data_loading import reference_components
from precog.session.box import BoxDraft
from precog.session.language import page_language
from precog.session.words import words
from precog.widgets.box_sections import CardSection, ObjectiveSection, RiverSection, text_field
from precog.widgets.common import Message, stylesheet, title, upload_button, uploaded_bytes

__all__ = ["BoxEditor", "BoxSource"]


class BoxEditor(widgets.VBox):
    """The box editor page: the cards, River and Objectives sections and the file."""

    def __init__(self, query: str | None = None, lang: str | None = None) -> None:
        super().__init__()
        query = os.environ.get("QUERY_STRING", "") if query is None else query
        self.lang = page_language(query) if lang is None else lang
        say = self.say = words(self.lang).say
        self.draft = BoxDraft(lang=self.lang)
        self.add_class("pc-app")
        self.add_class("pc-box-page")
        self.message = Message(self.lang)
        shared = (self.draft, say, self.lang, self.message, self._refresh_file)
        self.cards, self.tiles = CardSection(*shared), RiverSection(*shared)
        self.objectives = ObjectiveSection(*shared)
        # the names the page has always had for its parts
        c, r, o = self.cards, self.tiles, self.objectives
        self.deck, self.card, self.fields, self.progress = c.deck, c.card, c.fields, c.progress
        self.counts, self.drawing, self.errors = c.counts, c.drawing, c.errors
        self.enter, self.remove = c.enter, c.remove
        self.river, self.river_errors, self.river_progress = r.fields, r.errors, r.progress
        self.enter_tile = r.enter
        self.objective, self.objective_errors = o.fields, o.errors
        self.objective_progress, self.enter_objective = o.progress, o.enter
        # the file
        self.box_name = text_field(say("box.box_name"), "", "22em", "pc-box-name")
        self.box_name.value = self.draft.data.get("name", "")
        self.save = widgets.HTML()
        self.save.add_class("pc-box-save")
        self.upload = upload_button(say("box.load"), ".toml,text/plain", "pc-box-upload")
        self.box_name.observe(lambda _: self._rename(), "value")
        self.upload.observe(lambda change: self.load_file(change["new"]), "value")
        head = widgets.HTML(f'<p class="pc-intro">{escape(say("box.intro"))}</p>')
        file = widgets.VBox([widgets.HTML(f'<h3>{escape(say("box.file_heading"))}</h3>'),
                             self.box_name, widgets.HBox([self.save, self.upload],
                                                         layout={"align_items": "center"})])
        self.children = [stylesheet(), title("box.title", self.lang), head, self.message, c, r,
                         o, file]
        self._redraw()

    def enter_card(self) -> None:
        self.cards.enter_card()

    def remove_card(self) -> None:
        self.cards.remove_card()

    def enter_river(self) -> None:
        self.tiles.enter_river()

    def enter_objective_tile(self) -> None:
        self.objectives.enter_objective_tile()

    def _redraw(self) -> None:
        self.cards.refresh()
        self.tiles.refresh()
        self.objectives.refresh()
        self._refresh_file()

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
        except PrecogError as err:
            self.message.error(name, err)  # the draft is as it was: nothing entered is lost
            return
        comps = self.draft.components()
        known = len(comps.cards) + len(comps.river) + len(comps.objectives) - len(comps.unknown)
        self.message.ok(self.say("box.loaded", file=name, known=known,
                                 unknown=len(comps.unknown)))
        self.box_name.value = self.draft.data.get("name", "")
        self._redraw()


class BoxSource(widgets.VBox):
    """Where the cards come from on Play and the explorer: the reference set or your box file
    (``components``; None for the reference set), and which evaluation fit values them (the
    shipped one, or your own fit made on that box). ``on_change()`` is called after a box
    loads; a refused file changes nothing. A fit loaded here is used by the next analysis."""

    def __init__(self, on_change: Callable[[], None], lang: str, message: Message) -> None:
        super().__init__()
        self.say, self.message, self.on_change = words(lang).say, message, on_change
        self.lang = lang
        self.components: Components | None = None
        self.text: str | None = None  # the loaded box file's text (a table saves it)
        self.title: widgets.HTML | None = None  # the page's title line, told of a loaded box
        self.upload = upload_button(self.say("box.source_load"), ".toml,text/plain",
                                    "pc-box-source-upload")
        self.fit_upload = upload_button(self.say("box.source_fit_load"), ".toml,text/plain",
                                        "pc-box-fit-upload")
        self.status = widgets.HTML(self._status())
        self.status.add_class("pc-box-source-status")
        self.upload.observe(lambda change: self.load(change["new"]), "value")
        self.fit_upload.observe(lambda change: self.load_fit(change["new"]), "value")
        self.children = [widgets.HBox([self.upload, self.fit_upload]), self.status]
        self.add_class("pc-box-source")

    def _status(self) -> str:
        comps = self.components
        text = (self.say("box.source_reference") if comps is None else
                self.say("box.source_box", name=comps.name, unknown=len(comps.unknown)))
        fit = user_fit((comps or reference_components()).box_id)
        if fit is not None:
            text += " " + self.say("box.source_fit_own", date=fit.info.get("date", "?"),
                                   error="±" + words(self.lang).number(
                                       fit.error("competitive", 0, 0), ".2f"))
        elif comps is not None:
            text += " " + self.say("box.source_fit_shipped")
        return f'<span class="pc-hint-text">{escape(text)}</span>'

    def load(self, value: Any) -> None:
        found = uploaded_bytes(value)
        if found is None:
            return
        name, content = found
        try:
            self.components = load_box_text(content, name)
        except PrecogError as err:
            self.message.error(name, err)
            return
        self.text = content.decode("utf-8", errors="replace") if isinstance(
            content, bytes) else str(content)
        self.status.value = self._status()
        if self.title is not None:  # the page's title line names the set in play
            old, new = self.say("play.title_note"), self.say("box.title_note",
                                                             name=self.components.name)
            self.title.value = self.title.value.replace(escape(old), escape(new)).replace(
                old, escape(new))
        self.on_change()

    def load_fit(self, value: Any) -> None:
        """Use the uploaded fit for the box in play (refused, changing nothing, if it is not
        a fit file or was made on another box)."""
        found = uploaded_bytes(value)
        if found is None:
            return
        name, content = found
        try:
            apply_fit(fit_from_text(content, name), self.components or reference_components(),
                      name)
        except PrecogError as err:
            self.message.error(name, err)
            return
        self.status.value = self._status()

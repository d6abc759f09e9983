"""The "Your table" page (``notebooks/table.ipynb``): the game, the seats, the River, the file.

A thin view of :class:`~precog.session.table_entry.TableDraft`; the seat forms are in
:mod:`precog.widgets.table_entry` (their tabs in :mod:`precog.widgets.table_seats`), the cards
by their face in :mod:`precog.widgets.table_cards`, the step fields in
:mod:`precog.widgets.table_steps`, the layout and the checks' words in
:mod:`precog.widgets.table_layout`.
"Analyse" opens the explorer below the form on the position as the chosen seat may know it
(:func:`~precog.session.table_entry.for_seat`); at a step other than Keep/Give, the seat's
options there are valued first (:func:`~precog.session.table_steps.rank_step`).
"""

from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as widgets

from precog.engine import Components, Phase, PrecogError
from precog.engine.formulas import season_of
from precog.session.language import page_language
from precog.session.table_entry import Built, TableDraft, blank_box, for_seat, new_description
from precog.session.table_lines import carry_forward
from precog.session.words import words
from precog.widgets.box import BoxSource
from precog.widgets.common import (
    Message,
    copy_box_html,
    download_html,
    replace_children,
    uploaded_bytes,
)
from precog.widgets.shared import own_layout, share_parts
from precog.widgets.table_entry import SeatForm
from precog.widgets.table_layout import (
    action_buttons,
    errors_html,
    game_fields,
    html,
    load_fields,
    page_rows,
    style_game_fields,
)
from precog.widgets.table_seats import SeatTabs
from precog.widgets.table_steps import StepFields, box_text, step_rank_html
from precog.widgets.table_tiles import ObjectiveFaces, RiverForm

__all__ = ["TablePage"]


class TablePage(widgets.VBox):
    """The "Your table" page."""

    def __init__(self, query: str | None = None, lang: str | None = None) -> None:
        super().__init__()
        query = os.environ.get("QUERY_STRING", "") if query is None else query
        self.lang = page_language(query) if lang is None else lang
        say = self.say = words(self.lang).say
        self.draft = TableDraft(lang=self.lang)
        self.add_class("pc-app")
        self.add_class("pc-table-page")
        self._quiet = True
        self.game = game_fields(say)
        self.steps = StepFields(self.draft.box, self.changed, self.lang)
        self.game.update(self.steps.game)
        style_game_fields(self.game)
        self.seat_tabs = SeatTabs(self.draft, self.changed, self.lang, self._seat_opened)
        self.forms, self.seat_boxes = self.seat_tabs.forms, self.seat_tabs.boxes
        self.river = RiverForm(self.changed, self.lang)
        self.objective_faces = ObjectiveFaces(self.changed, self.lang)
        self.message = Message(self.lang)
        self.box_source = BoxSource(self._box_loaded, self.lang, self.message)
        own_layout(self.box_source.status).display = "none"  # the note below says it in full
        self.box_note = html("pc-table-box-note", box_text(None, self.lang))
        self.errors, self.save = html("pc-table-errors"), html("pc-table-save")
        self.analyse_button, self.next_round_button = action_buttons(say)
        self.paste, self.load_button, self.upload = load_fields(say)
        self.analysis = widgets.VBox()
        self.analysis.add_class("pc-table-analysis")
        self.built = Built()
        self._listen()
        self.children = page_rows(self)
        self.seat_form(self.seat_tabs.selected_index or 0)
        self._quiet = False
        self.show()
        share_parts(self)  # one model for the layouts (styles) of equal values

    def _listen(self) -> None:
        for key, w in self.game.items():
            if key not in self.steps.game:
                w.observe(lambda _c: self.changed(), "value")
        self.analyse_button.on_click(lambda _b: self.analyse())
        self.next_round_button.on_click(lambda _b: self.next_round())
        self.load_button.on_click(lambda _b: self.load_text(self.paste.value))
        self.upload.observe(lambda c: self._uploaded(c["new"]), "value")

    # ------------------------------------------------------------ seat forms, built when opened
    def seat_form(self, n: int) -> SeatForm:
        """Seat ``n``'s form, built (and filled from the draft) the first time it is asked for."""
        return self.seat_tabs.form(n)

    def _seat_opened(self, n: int, form: SeatForm) -> None:
        quiet, self._quiet = self._quiet, True
        form.offer_box(self.draft.box, self.game["setup"].value == "advanced")
        self.seat_tabs.show_seat(n)
        self._quiet = quiet
        if not quiet:
            self.check()

    # ------------------------------------------------------------ form -> draft -> checks
    def read(self) -> dict[str, Any]:
        data = new_description(self.game["players"].value, self.game["mode"].value)
        data.update({k: w.value for k, w in self.game.items()})
        data.update(self.steps.read())
        data["seats"] = self.seat_tabs.read(self.game["players"].value)
        data["river"] = self.river.read()
        data["objective_faces"] = (self.objective_faces.read() if data["mode"] == "coop"
                                   else [])
        return data

    def changed(self) -> None:
        """A field changed: the draft takes the form as typed, then is checked."""
        if self._quiet:
            return
        self.draft.data = self.read()
        self.check()

    def check(self) -> Built:
        built = self.built = self.draft.build()
        values = {k: w.value for k, w in self.game.items()}
        phase, coop = values["phase"], values["mode"] == "coop"
        self.steps.show_for(phase, values["step"], coop, self._season())
        self.river.show_for(values["round"] - (0 if phase == "river" else 1))
        own_layout(self.objective_faces).display = "" if coop else "none"
        self.objective_faces.season(self._season())
        self.seat_tabs.for_players(int(values["players"]))
        self._seat_options(int(values["players"]))
        self.seat_tabs.name_tabs(built.errors)
        self.seat_tabs.refresh(values, built.state, self.draft.box, self._season())
        self.errors.value = errors_html(built.errors, self.say, self.draft.field_count())
        self.analyse_button.disabled = built.state is None
        self.save.value = (download_html("my_table.json", self.draft.saved(),
                                         self.say("table.save"))
                           + copy_box_html(self.draft.share_string(), self.say("table.share"),
                                           self.lang))
        return built

    def _seat_options(self, players: int) -> None:
        """"Your seat" offers the seats at the table only."""
        w = self.game["seat"]
        if len(w.options) == players:
            return
        quiet, self._quiet = self._quiet, True
        value = w.value if w.value is not None and w.value < players else 0
        w.options = [(self.say("table.seat_n", n=n), n) for n in range(players)]
        w.value = value
        self._quiet = quiet

    def next_round(self) -> None:
        """The next round's table from this one: what stays is kept, the cards cleared."""
        previous = self.game["round"].value
        self.draft.data = carry_forward(self.read())
        self.show()
        self.message.ok(self.say("table_lines.carried", round=self.draft.data["round"],
                                 previous=previous))

    def _season(self) -> int:
        return season_of(int(self.game["round"].value))

    # ------------------------------------------------------------ draft -> form
    def show(self) -> None:
        """The form from the draft (after a load)."""
        data = self.draft.data
        self._quiet = True
        for key, w in self.game.items():
            if key in data and data[key] in [o[1] if isinstance(o, tuple) else o
                                             for o in w.options]:
                w.value = data[key]
        for n in self.forms:
            self.seat_tabs.show_seat(n)
        self.river.offer_box(self.draft.box)
        self.river.show(data.get("river", []))
        self.objective_faces.show(data.get("objective_faces", []))
        self.steps.offer_box(self.draft.box, self._season())
        self.steps.show(data)
        self._quiet = False
        self.check()

    def load_text(self, text: str | bytes) -> bool:
        """A saved table (file or string) and the box it carries; a table whose box is
        missing or does not match is refused with the message, the page unchanged."""
        try:
            note = self.draft.load_text(text)
        except PrecogError as err:  # TableEntryError, or a box error it did not wrap
            self.message.error(self.say("table.load"), err)
            return False
        self._offer_box()
        self.show()
        self.message.ok(" ".join(filter(None, [self.say("table.loaded"), note])))
        return True

    def _box_loaded(self) -> None:
        """A box file was loaded: its Prescients, rooms and Objectives are offered, and the
        page says which component set is in use."""
        self.use_box(self.box_source.components, self.box_source.text)
        self.message.ok(self.say("table.box_changed"))

    def use_box(self, box: Components | None, text: str | None = None) -> None:
        self.draft.use_box(box, text)
        self._offer_box()
        self.changed()

    def _offer_box(self) -> None:
        """The pickers offer the draft's box, and the note names it."""
        box = self.draft.box
        own = None if box is blank_box() else box
        self.box_source.components = own
        self.box_source.text = self.draft.box_text
        self.box_note.value = box_text(own, self.lang)
        advanced = self.game["setup"].value == "advanced"
        for seat in self.forms.values():
            seat.offer_box(box, advanced)
        self.steps.offer_box(box)
        self.river.offer_box(box)

    def _uploaded(self, value: Any) -> None:
        got = uploaded_bytes(value)
        if got is not None:
            self.load_text(got[1])

    # ------------------------------------------------------------ analysis
    def analyse(self) -> None:
        """The explorer, below, on the position as the chosen seat may know it."""
        from precog.widgets.explorer import Explorer

        built = self.check()
        if built.state is None:
            return
        seat = self.game["seat"].value
        view = for_seat(built.state, seat)
        note = widgets.HTML(f'<p class="pc-hint-text">'
                            f'{escape(self.say("table.analysing", n=seat))}</p>')
        parts: list[widgets.Widget] = [note]
        if view.phase is not Phase.DECISION:
            parts.append(widgets.HTML(step_rank_html(built.state, seat, self.lang)))
        explorer = Explorer(state=view, seat=seat, compact=True, lang=self.lang)
        replace_children(self.analysis, [*parts, explorer])

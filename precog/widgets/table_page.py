"""The "Your table" page (``notebooks/table.ipynb``): the game, the seats, the River, the file.

A thin view of :class:`~precog.session.table_entry.TableDraft`; the seat and card forms are in
:mod:`precog.widgets.table_entry`, the step fields in :mod:`precog.widgets.table_steps`.
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
from precog.session.table_entry import (
    MODES,
    SETUPS,
    Built,
    TableDraft,
    blank_box,
    for_seat,
    new_description,
)
from precog.session.table_lines import carry_forward
from precog.session.words import words
from precog.widgets.box import BoxSource
from precog.widgets.common import (
    Message,
    button,
    copy_box_html,
    download_html,
    replace_children,
    stylesheet,
    title,
    upload_button,
    uploaded_bytes,
)
from precog.widgets.table_entry import SeatForm
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
        self.game = {
            "players": widgets.Dropdown(description=say("table.players"), options=[2, 3, 4],
                                        value=4),
            "mode": widgets.Dropdown(description=say("table.mode"),
                                     options=[(say(f"text.mode_{m}"), m) for m in MODES]),
            "setup": widgets.Dropdown(description=say("table.setup"),
                                      options=[(say(f"setup.setup_{s}"), s) for s in SETUPS]),
            "round": widgets.Dropdown(description=say("table.round"),
                                      options=list(range(1, 13))),
            "seat": widgets.Dropdown(description=say("table.seat"),
                                     options=[(say("table.seat_n", n=n), n)
                                              for n in range(4)]),
        }
        self.steps = StepFields(self.draft.box, self.changed, self.lang)
        self.game.update(self.steps.game)
        for key, w in self.game.items():
            w.add_class(f"pc-table-{key}")
            w.layout.width = "17em" if key == "mode" else "14em"
            w.style.description_width = "initial"  # a longer word (Russian) is not cut
        # A seat's form is built when its tab is first opened (the page starts with the first
        # tab's only); what the others hold stays in the draft (``draft.data["seats"]``).
        self.forms: dict[int, SeatForm] = {}
        # one tab per player at the table (the boxes of seats beyond it are kept, not shown)
        self.seat_boxes = [widgets.VBox() for _ in range(4)]
        self.seat_tabs = widgets.Tab(children=self.seat_boxes)
        for n in range(4):
            self.seat_tabs.set_title(n, say("table.seat_n", n=n))
        self.seat_tabs.observe(lambda c: self._tab_opened(c["new"]), "selected_index")
        self.river = RiverForm(self.changed, self.lang)
        self.objective_faces = ObjectiveFaces(self.changed, self.lang)
        self.message = Message(self.lang)
        self.box_source = BoxSource(self._box_loaded, self.lang, self.message)
        self.box_source.status.layout.display = "none"  # the note below says it in full
        self.box_note = widgets.HTML(box_text(None, self.lang))
        self.box_note.add_class("pc-table-box-note")
        self.errors = widgets.HTML()
        self.errors.add_class("pc-table-errors")
        self.analyse_button = button(say("table.analyse"), style="primary",
                                     cls="pc-table-analyse")
        self.save = widgets.HTML()
        self.save.add_class("pc-table-save")
        self.paste = widgets.Textarea(placeholder=say("table.load_tip"),
                                      layout={"width": "40em", "height": "4em"})
        self.paste.add_class("pc-table-paste")
        self.load_button = button(say("table.load"), cls="pc-table-load")
        self.upload = upload_button(say("table.load_file"), ".json,application/json",
                                    "pc-table-upload")
        self.next_round_button = button(say("table_lines.next_round"), cls="pc-table-next-round",
                                        tooltip=say("table_lines.next_round_tip"),
                                        width="max-content")
        self.analysis = widgets.VBox()
        self.analysis.add_class("pc-table-analysis")
        self.built = Built()
        self._quiet = False
        for key, w in self.game.items():
            if key not in self.steps.game:
                w.observe(lambda _c: self.changed(), "value")
        self.analyse_button.on_click(lambda _b: self.analyse())
        self.next_round_button.on_click(lambda _b: self.next_round())
        self.load_button.on_click(lambda _b: self.load_text(self.paste.value))
        self.upload.observe(lambda c: self._uploaded(c["new"]), "value")
        head = widgets.HTML(f'<p class="pc-intro">{escape(say("table.intro"))}</p>'
                            f'<p class="pc-hint-text">{escape(say("table.defaults"))}</p>')
        game = self.game
        self.children = [
            stylesheet(), title("table.title", self.lang), head,
            widgets.HBox([self.box_source, self.box_note]),
            widgets.HBox([game["players"], game["mode"], game["setup"], game["difficulty"]],
                         layout={"flex_flow": "row wrap"}),
            widgets.HBox([game["round"], game["phase"], game["step"], game["seat"]],
                         layout={"flex_flow": "row wrap"}),
            self.steps, self.objective_faces, self.seat_tabs, self.river,
            self.errors, widgets.HBox([self.analyse_button, self.next_round_button, self.save]),
            # the answer right under the button that asked for it; a load's message under
            # the Load button
            self.analysis,
            widgets.HBox([self.paste, widgets.VBox([self.load_button, self.upload])]),
            self.message]
        self._quiet = True
        self.seat_form(self.seat_tabs.selected_index or 0)
        self._quiet = False
        self.show()

    # ------------------------------------------------------------ seat forms, built when opened
    def seat_form(self, n: int) -> SeatForm:
        """Seat ``n``'s form, built (and filled from the draft) the first time it is asked for."""
        form = self.forms.get(n)
        if form is None:
            form = self.forms[n] = SeatForm(n, self.draft, self.changed, self.lang)
            tab = self.seat_boxes[n]
            assert isinstance(tab, widgets.VBox)
            tab.children = (form,)
            quiet, self._quiet = self._quiet, True
            form.offer_box(self.draft.box, self.game["setup"].value == "advanced")
            self._show_seat(n)
            self._quiet = quiet
            if not quiet:
                self.check()
        return form

    def _tab_opened(self, index: Any) -> None:
        if isinstance(index, int) and 0 <= index < 4 and index not in self.forms:
            self.seat_form(index)

    def _seat_data(self, n: int) -> dict[str, Any]:
        seats = self.draft.data.get("seats", [])
        seat = seats[n] if isinstance(seats, list) and n < len(seats) else {}
        return seat if isinstance(seat, dict) else {}

    def _show_seat(self, n: int) -> None:
        self.forms[n].show(self._seat_data(n), None, n == self.draft.data.get("seat", 0))

    # ------------------------------------------------------------ form -> draft -> checks
    def read(self) -> dict[str, Any]:
        data = new_description(self.game["players"].value, self.game["mode"].value)
        data.update({k: w.value for k, w in self.game.items()})
        data.update(self.steps.read())
        data["seats"] = [self.forms[n].read() if n in self.forms else self._seat_data(n)
                         for n in range(self.game["players"].value)]
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
        say = self.say
        phase = self.game["phase"].value
        coop = self.game["mode"].value == "coop"
        self.steps.show_for(phase, self.game["step"].value, coop, self._season())
        self.river.show_for(self.game["round"].value - (0 if phase == "river" else 1))
        self.objective_faces.layout.display = "" if coop else "none"
        self.objective_faces.season(self._season())
        self._seat_tabs_for(int(self.game["players"].value))
        self._seat_options(int(self.game["players"].value))
        for n in range(len(self.seat_tabs.children)):
            self.seat_tabs.set_title(n, say("table.seat_n", n=n)
                                     + (" ⚠" if any(k.startswith(f"seats.{n}.")
                                                    for k in built.errors) else ""))
        for n, seat in self.forms.items():
            seat.layout.display = "" if n < self.game["players"].value else "none"
            seat.show_zone("hand", n == self.game["seat"].value and phase == "decision")
            seat.show_zone("action_zone", phase != "decision")
            if seat.advanced != (self.game["setup"].value == "advanced"):
                seat.offer_box(self.draft.box, self.game["setup"].value == "advanced")
            if built.state is not None and n < len(built.state.players):
                seat.placeholders(built.state.players[n])
            seat.echo(self.draft.box)
            seat.season_default(self._season())
        entered = self.draft.entered_cards()
        for seat in self.forms.values():
            seat.offer_cards(entered)
        if built.errors:
            items = "".join(f'<li data-field="{escape(k)}"><b>{escape(self._label(k))}</b>: '
                            f'{escape(v)}</li>' for k, v in sorted(built.errors.items()))
            head = escape(say("table.unfit", n=len(built.errors)))
            self.errors.value = f'<div class="pc-error">{head}<ul>{items}</ul></div>'
        else:
            self.errors.value = (f'<div class="pc-ok">'
                                 f'{escape(say("table.ok", fields=self.draft.field_count()))}'
                                 f'</div>')
        self.analyse_button.disabled = built.state is None
        self.save.value = (download_html("my_table.json", self.draft.saved(), say("table.save"))
                           + copy_box_html(self.draft.share_string(), say("table.share"),
                                           self.lang))
        return built

    def _seat_tabs_for(self, players: int) -> None:
        """One seat tab per player (a tab beyond them that was open opens the first)."""
        if len(self.seat_tabs.children) == players:
            return
        open_tab = self.seat_tabs.selected_index or 0
        self.seat_tabs.children = self.seat_boxes[:players]
        self.seat_tabs.selected_index = open_tab if open_tab < players else 0

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

    def _label(self, path: str) -> str:
        """``seats.1.decision_zone.0.cost`` -> "Seat 1 · Decision Zone card 1 · Cost"."""
        say, parts, out = self.say, path.split("."), []
        if parts[0] == "river" and len(parts) == 2 and parts[1].isdigit():
            k = int(parts[1])
            return say("table.river_place", round=k + 1, season=season_of(k + 1))
        if parts[0] == "objective_faces" and len(parts) >= 2 and parts[1].isdigit():
            out.append(say("table.objective_face_n", n=int(parts[1]) + 1))
            out += [say(f"table.objective_face_{p}") for p in parts[2:3]]
            return " · ".join(out)
        if parts[0] == "seats" and len(parts) > 1:
            out.append(say("table.seat_n", n=int(parts[1])))
            parts = parts[2:]
        if parts[:1] == ["lines"]:  # the message says which line
            return " · ".join([*out, say("table_lines.title")])
        if len(parts) >= 2 and parts[0] in ("hand", "decision_zone", "action_zone"):
            out.append(say("table.card_n", zone=say("table." + parts[0]), n=int(parts[1]) + 1))
            parts = parts[2:]
        for p in parts:
            key = {"food": "boat_food", "healthy": "boat_healthy",
                   "contaminated": "boat_contaminated", "doctors": "boat_doctors",
                   "protectors": "boat_protectors", "bane": "boat_bane"}.get(p, p)
            if p in ("type", "season", "cost", "gain", "bonus", "name"):
                key = f"card_{p}"
            if out and out[-1] == say("table.offer") and p in ("food", "human", "ymune",
                                                                "heal", "battery"):
                key = f"offer_{p}"
            try:
                out.append(say(f"table.{key}"))
            except PrecogError:  # a number (a machine, a River place) or an unnamed part
                out.append(str(int(p) + 1) if p.isdigit() else p)
        return " · ".join(out)

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
            self._show_seat(n)
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

"""The "Your table" page's seat tabs: one tab per player at the table, a seat's form built
when its tab is first opened (the page starts with the first tab's only); what the others hold
stays in the draft (``draft.data["seats"]``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from precog.engine import Components, GameState
from precog.session.table_entry import TableDraft
from precog.session.words import words
from precog.widgets.shared import own_layout
from precog.widgets.table_entry import SeatForm

SEATS = 4


class SeatTabs(widgets.Tab):
    """The seats' forms in tabs; ``opened(n, form)`` is called when seat ``n``'s form is
    first built (the page fills it and checks)."""

    def __init__(self, draft: TableDraft, changed: Callable[[], None], lang: str,
                 opened: Callable[[int, SeatForm], None]) -> None:
        super().__init__()
        self.say = words(lang).say
        self.draft, self.changed, self.lang, self.opened = draft, changed, lang, opened
        self.forms: dict[int, SeatForm] = {}
        # one tab per player at the table (the boxes of seats beyond it are kept, not shown)
        self.boxes = [widgets.VBox() for _ in range(SEATS)]
        self.children = self.boxes
        self.name_tabs({})
        self.observe(lambda c: self._tab_opened(c["new"]), "selected_index")

    def form(self, n: int) -> SeatForm:
        """Seat ``n``'s form, built (and filled from the draft) the first time it is asked for."""
        form = self.forms.get(n)
        if form is None:
            form = self.forms[n] = SeatForm(n, self.draft, self.changed, self.lang)
            self.boxes[n].children = (form,)
            self.opened(n, form)
        return form

    def _tab_opened(self, index: Any) -> None:
        if isinstance(index, int) and 0 <= index < SEATS and index not in self.forms:
            self.form(index)

    def seat_data(self, n: int) -> dict[str, Any]:
        """Seat ``n`` as the draft holds it."""
        seats = self.draft.data.get("seats", [])
        seat = seats[n] if isinstance(seats, list) and n < len(seats) else {}
        return seat if isinstance(seat, dict) else {}

    def show_seat(self, n: int) -> None:
        self.forms[n].show(self.seat_data(n), None, n == self.draft.data.get("seat", 0))

    def read(self, players: int) -> list[dict[str, Any]]:
        """Each seat at the table as typed (a seat never opened: as the draft holds it)."""
        return [self.forms[n].read() if n in self.forms else self.seat_data(n)
                for n in range(players)]

    def for_players(self, players: int) -> None:
        """One seat tab per player (a tab beyond them that was open opens the first)."""
        if len(self.children) == players:
            return
        tab: widgets.Tab = self
        open_tab = tab.selected_index or 0
        self.children = self.boxes[:players]
        self.selected_index = open_tab if open_tab < players else 0

    def name_tabs(self, errors: Mapping[str, str]) -> None:
        """Each tab named by its seat, marked when one of its fields does not fit."""
        for n in range(len(self.children)):
            self.set_title(n, self.say("table.seat_n", n=n)
                           + (" ⚠" if any(k.startswith(f"seats.{n}.") for k in errors) else ""))

    def refresh(self, game: Mapping[str, Any], state: GameState | None, box: Components,
                season: int) -> None:
        """Every built form after a check: shown for the seats at the table, the zones of the
        phase, the box of the setup, the defaults as placeholders, the lines as read, the
        cards entered elsewhere offered."""
        phase, advanced = game["phase"], game["setup"] == "advanced"
        for n, seat in self.forms.items():
            own_layout(seat).display = "" if n < game["players"] else "none"
            seat.show_zone("hand", n == game["seat"] and phase == "decision")
            seat.show_zone("action_zone", phase != "decision")
            if seat.advanced != advanced:
                seat.offer_box(box, advanced)
            if state is not None and n < len(state.players):
                seat.placeholders(state.players[n])
            seat.echo(box)
            seat.season_default(season)
        entered = self.draft.entered_cards()
        for seat in self.forms.values():
            seat.offer_cards(entered)

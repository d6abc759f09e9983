"""Your table: a real game's position entered by hand, field by field (no widgets here).

A *table description* is plain data (what the "Your table" page edits, saves and shares)::

    {"format": "precog-table", "version": 1, "players": 4, "mode": "competitive",
     "setup": "standard", "round": 6, "seat": 0,
     "seats": [{"prescient": "D", "food": 5, "healthy": 4, "rooms": ["R03", "R10"],
                "batteries": [0, 1, 0, 0, 2, 0],
                "hand": [{"type": "Food", "season": "2", "cost": "1", "gain": "3"}],
                "decision_zone": [...]}, ...],
     "river": [{"effect": "food 2, human 1"}, "W1b", "", ...],
     "box": {"name": "my box", "fingerprint": "box-…", "toml": "…"}}

and, at a later step, ``"phase"``/``"step"`` (:data:`~precog.session.table_steps.STEPS`;
the step is the chosen seat's), each seat's ``"action_zone"`` (the card kept, the card
received), ``"activated"`` (both, G or R: the gains step), ``"offer"`` and
``"offer_source"`` (what is left to place, when not all the cards' gains), and in co-op
``"difficulty"``, ``"objectives"`` (the revealed tiles' ids), ``"mitigated"`` and
``"objective_faces"`` (revealed tiles typed by their face). River places and Objective faces
are read by :mod:`precog.session.table_tiles`. ``"box"`` is written on saving only
(:meth:`TableDraft.saved`): the box the table was entered on, with the box file's text when
one was loaded, so that the table alone restores it (:meth:`TableDraft.load_text`).

Everything left out takes a default: the game is played by the sensible player from a fixed
seed to the step entered (by default the start of the round's Decision phase), and what is
entered replaces what that game has. Cards are entered by their *face* (type, season, Cost
and gain as a number or X, bonus, Bane, name), as printed on the real card; each becomes a
card of the right deck, season and type of the box (by default a box with every face
unknown, cards, River tiles and Objectives: each face not entered is drawn from the reference
set's faces of its deck, season and type, or of its season for a tile). Rooms are the two in play at
each seat (either setup), by id.

:meth:`TableDraft.build` gives the position or, for every field that does not fit, its
message (keyed by the field's path, e.g. ``seats.1.decision_zone.0.cost``); the draft is never
changed by a failed build. :func:`for_seat` is the position as one seat may know it: every
hidden part (other hands, deck orders, unseen faces) redrawn.

:class:`TableDraft` is the page's model; its parts are in their own modules, and every name
stays importable from here: the description's fields and readings
(:mod:`~precog.session.table_description`), checking the game fields
(:mod:`~precog.session.table_check`), building the position (:mod:`~precog.session.table_build`,
its cards by :mod:`~precog.session.table_cards`) and saving and sharing
(:mod:`~precog.session.table_file`).
"""

from __future__ import annotations

from typing import Any

from precog.engine import Components
from precog.session.table_build import SEED, SEEDS, Built, TableBuilder, default_state, for_seat
from precog.session.table_check import TableChecker
from precog.session.table_description import (
    CARD_FIELDS,
    FORMAT,
    GAME_KEYS,
    MODES,
    RESOURCE_MOST,
    RESOURCES,
    SETUPS,
    VERSION,
    ZONES,
    TableEntryError,
    blank_box,
    entered_cards,
    field_count,
    new_description,
)
from precog.session.table_description import small_int as _int  # noqa: F401 (for callers)
from precog.session.table_file import (
    BOX_KEYS,
    MAX_TEXT,
    PREFIX,
    file_text,
    read_table,
    saved_box,
    saved_description,
    shared_string,
)
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["BOX_KEYS", "CARD_FIELDS", "FORMAT", "GAME_KEYS", "MAX_TEXT", "MODES", "PREFIX",
           "RESOURCES", "RESOURCE_MOST", "SEED", "SEEDS", "SETUPS", "VERSION", "ZONES", "Built",
           "TableDraft", "TableEntryError", "blank_box", "default_state", "for_seat",
           "new_description", "read_table"]


class TableDraft:
    """The table entered so far (``data``: a table description) and its box."""

    def __init__(self, data: dict[str, Any] | None = None, box: Components | None = None,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        self.data = data if data is not None else new_description()
        self.box = box if box is not None else blank_box()
        self.box_text: str | None = None  # the box file's text, when one was loaded
        self.lang = lang
        self.say = words(lang).say

    # ------------------------------------------------------------ editing
    def seat(self, n: int) -> dict[str, Any]:
        seats: list[dict[str, Any]] = self.data.setdefault("seats", [])
        while len(seats) <= n:
            seats.append({})
        return seats[n]

    def set_card(self, seat: int, zone: str, index: int, card: dict[str, Any]) -> None:
        cards: list[dict[str, Any]] = self.seat(seat).setdefault(zone, [])
        while len(cards) <= index:
            cards.append({})
        cards[index] = {k: str(v) for k, v in card.items() if k in CARD_FIELDS and str(v)}

    def entered_cards(self) -> list[dict[str, Any]]:
        """Every distinct face entered so far (the page's picker of cards already entered)."""
        return entered_cards(self.data)

    def field_count(self) -> int:
        """How many fields were typed (the page's measure of effort): a field left at its
        default is not counted."""
        return field_count(self.data)

    # ------------------------------------------------------------ checking and building
    def shape(self, kind: str) -> str:
        """What a field of a hand-edited file should have been (``[table] shape_<kind>``)."""
        return TableChecker(self.box, self.lang, self.say).shape(kind)

    def build(self) -> Built:
        """The position the draft describes, or the message of every field that does not fit.
        The draft itself is never changed."""
        return TableBuilder(self.box, self.lang, self.say).build(self.data)

    # ------------------------------------------------------------ saving and sharing
    def use_box(self, box: Components | None, text: str | bytes | None = None) -> None:
        """Enter the table on ``box`` (None: the blank box), whose file's text is ``text``
        (saved with the table, so that the table alone restores it)."""
        self.box = box if box is not None else blank_box()
        if isinstance(text, bytes):
            text = text.decode("utf-8", errors="replace")
        self.box_text = text if box is not None else None

    def saved(self) -> dict[str, Any]:
        """The table description as saved: with its box (name, fingerprint and, when a box
        file was loaded, the file's text)."""
        return saved_description(self.data, self.box, self.box_text)

    def save_text(self) -> str:
        return file_text(self.saved())

    def share_string(self) -> str:
        return shared_string(self.saved())

    def load_text(self, text: str | bytes) -> str:
        """Replace the draft by a saved table (a file's text or a shared string) and its box;
        on a bad one :class:`TableEntryError` and the draft unchanged. Returns what happened
        to the box ("" when it stays the same)."""
        data = read_table(text, self.say)
        box, box_text = saved_box(data.pop("box", None), self.box, self.box_text)
        note, blank = "", blank_box()
        if box is blank and self.box is not blank:
            note = self.say("table.box_blank")
        elif box.box_id != self.box.box_id and self.box is not blank:
            note = self.say("table.box_replaced", name=box.name, fingerprint=box.box_id)
        elif box.box_id != self.box.box_id or (box_text is not None and self.box_text is None):
            note = self.say("table.box_restored", name=box.name, fingerprint=box.box_id)
        self.data, self.box = data, box
        self.box_text = box_text if box_text is not None else (
            self.box_text if box is not blank_box() else None)
        return note

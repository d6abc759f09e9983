"""Entering your own box, deck by deck: the logic of the box editor page (no widgets here).

A :class:`BoxDraft` holds what has been entered so far, in the box file's shape (schema in
docs/components.md, read by :mod:`precog.engine.box`). Each entry is checked field by field
against the rulebook's structure (10/8/6 cards per season, the distribution table, no Bane in
season 1, Cost and gain 0..9 or X, ...) before it joins the draft, so a draft always saves as a
valid box file; what is missing is unknown. Messages come in the page's language.

The forms' entries and the reading of their text are in :mod:`~precog.session.box_entries`,
the River tiles and Objectives in :mod:`~precog.session.box_tiles`, the writing of the box
file in :mod:`~precog.session.box_file`; every name stays importable from here.

>>> draft = BoxDraft()
>>> entry = CardEntry(deck="D", id="D01", type="Food", season="1", cost="1", gain="3",
...                   bonus="human 1")
>>> draft.check_card(entry).errors
{}
>>> draft.put_card(entry).known
True
>>> draft.progress("D")
'Tal Defitia: 1 of 24 cards entered'
>>> sorted(draft.check_card(CardEntry(deck="D", id="D02", type="Food", season="1",
...                                   cost="x", gain="12")).errors)
['gain']
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from precog.engine import Components
from precog.engine.box import load_box_text
from precog.engine.components import NO_GAINS, Card, CardType, Gains
from precog.engine.data_loading import MAX_BANE, MAX_VALUE, reference_components
from precog.session.box_entries import (
    GAIN_KEYS,
    CardEntry,
    Checked,
    ObjectiveEntry,
    RiverEntry,
    parse_amounts,
    parse_requirements,
)
from precog.session.box_file import box_toml
from precog.session.box_tiles import OBJECTIVE_SLOTS, RIVER_SLOTS, TileDraft
from precog.session.names import component_name
from precog.session.words import DEFAULT_LANGUAGE

__all__ = ["DECK_SIZE", "OBJECTIVE_SLOTS", "RIVER_SLOTS", "BoxDraft", "CardEntry", "Checked",
           "ObjectiveEntry", "RiverEntry", "box_toml", "parse_amounts", "parse_requirements"]

DECK_SIZE = 24


class BoxDraft(TileDraft):
    """The box entered so far, in the box file's shape: its decks' cards here, its River
    tiles and Objectives by :class:`~precog.session.box_tiles.TileDraft`."""

    def __init__(self, data: dict[str, Any] | None = None, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang
        self.data = data if data is not None else {"name": "my box"}
        self.reference = reference_components()

    # ------------------------------------------------------------ decks and cards
    def deck_codes(self) -> list[str]:
        return list(self.reference.decks)

    def prescient(self, code: str) -> str:
        return str(self._deck(code).get("prescient") or self.reference.prescients.get(code, code))

    def cards(self, code: str) -> list[dict[str, Any]]:
        return list(self._deck(code).get("card", []))

    def card_ids(self, code: str) -> list[str]:
        return [f"{code}{n:02d}" for n in range(1, DECK_SIZE + 1)]

    def card_table(self, code: str, ident: str) -> dict[str, Any] | None:
        return next((c for c in self.cards(code) if c.get("id") == ident), None)

    def entry_of(self, code: str, ident: str) -> CardEntry:
        """The form's text for card ``ident`` (empty fields when not entered)."""
        t = self.card_table(code, ident) or {}
        bonus = ", ".join(f"{k} {v}" for k, v in (t.get("bonus") or {}).items())
        return CardEntry(deck=code, id=ident, type=str(t.get("type", "")),
                         season=str(t.get("season", "")), cost=str(t.get("cost", "")),
                         gain=str(t.get("gain", "")), bonus=bonus,
                         bane=str(t.get("bane", "")) if t.get("bane") else "",
                         name=str(t.get("name", "")))

    def progress(self, code: str) -> str:
        known = sum("cost" in c for c in self.cards(code))
        return self.say("box.progress", prescient=component_name(self.prescient(code), self.lang),
                        n=known,
                        total=DECK_SIZE)

    def season_counts(self, code: str) -> dict[int, dict[str, tuple[int, int]]]:
        """Per season and type: (entered, the distribution table's count)."""
        got = Counter((c.get("season"), c.get("type")) for c in self.cards(code))
        dist = self.reference.distribution
        return {s: {t.value: (got[s, t.value], dist[s][t]) for t in CardType} for s in (1, 2, 3)}

    def check_card(self, entry: CardEntry) -> Checked:
        """Every field of ``entry`` checked; the face to draw when it is complete."""
        out = Checked()
        table: dict[str, Any] = {"id": entry.id.strip()}
        self._check_slot(entry, table, out.errors)
        self._check_face(entry, table, out.errors)
        out.table, out.known = table, "cost" in table and "gain" in table
        if not out.errors and out.known:
            out.card = Card(id=table["id"], deck=entry.deck, type=CardType(entry.type),
                            cost=None if table["cost"] == "X" else table["cost"],
                            gain=None if table["gain"] == "X" else table["gain"],
                            bonus=Gains(**table.get("bonus", {})), bane=table.get("bane", 0),
                            season=table["season"], name=table.get("name", ""))
        elif not out.errors:
            out.card = Card(id=table["id"], deck=entry.deck, type=CardType(entry.type),
                            cost=None, gain=None, bonus=NO_GAINS, bane=0, season=table["season"])
        return out

    def _check_slot(self, entry: CardEntry, table: dict[str, Any],
                    errors: dict[str, str]) -> None:
        """The card's id, type and season, and room for one more of that season and type in
        its deck (the distribution table)."""
        say, code = self.say, entry.deck
        if not re.fullmatch(rf"{code}\d\d", table["id"]) or table["id"] not in \
                self.card_ids(code):
            errors["id"] = say("box.bad_id", code=code)
        if entry.type not in [t.value for t in CardType]:
            errors["type"] = say("box.bad_type")
        season = entry.season.strip()
        if season not in ("1", "2", "3"):
            errors["season"] = say("box.bad_season")
        else:
            table["season"] = int(season)
        if "type" not in errors:
            table["type"] = entry.type
        if "season" in table and "type" in table:
            others = [c for c in self.cards(code) if c.get("id") != table["id"]]
            used = sum(c.get("season") == table["season"] and c.get("type") == entry.type
                       for c in others)
            allowed = self.reference.distribution[table["season"]][CardType(entry.type)]
            if used >= allowed:
                errors["type"] = say("box.too_many", n=allowed, type=entry.type,
                                     season=table["season"])

    def _check_face(self, entry: CardEntry, table: dict[str, Any],
                    errors: dict[str, str]) -> None:
        """The card's Cost and gain (both or neither), bonus, Bane and name."""
        say = self.say
        for name in ("cost", "gain"):
            text = getattr(entry, name).strip().upper()
            if text == "X":
                table[name] = "X"
            elif text.isdigit() and int(text) <= MAX_VALUE:
                table[name] = int(text)
            elif text:
                errors[name] = say("box.bad_value", most=MAX_VALUE)
        if ("cost" in table) != ("gain" in table) and not {"cost", "gain"} & set(errors):
            missing = "gain" if "cost" in table else "cost"
            errors[missing] = say("box.both")
        try:
            bonus = parse_amounts(entry.bonus, GAIN_KEYS, self.lang)
            if bonus:
                table["bonus"] = bonus
        except ValueError as err:
            errors["bonus"] = say("box.bad_amounts", part=str(err), names=", ".join(GAIN_KEYS))
        bane = entry.bane.strip() or "0"
        if not bane.isdigit() or int(bane) > MAX_BANE:
            errors["bane"] = say("box.bad_bane", most=MAX_BANE)
        elif int(bane):
            if table.get("season") == 1:
                errors["bane"] = say("box.no_bane")
            table["bane"] = int(bane)
        if len(entry.name) > 80:
            errors["name"] = say("box.bad_name")
        elif entry.name.strip():
            table["name"] = entry.name.strip()

    def put_card(self, entry: CardEntry) -> Checked:
        """Enter (or replace) the card; nothing changes when a field does not fit."""
        checked = self.check_card(entry)
        if checked.errors:
            return checked
        deck = self._deck(entry.deck, create=True)
        cards = [c for c in deck.get("card", []) if c.get("id") != checked.table["id"]]
        cards.append(checked.table)
        deck["card"] = sorted(cards, key=lambda c: str(c["id"]))
        return checked

    def remove_card(self, code: str, ident: str) -> None:
        deck = self._deck(code, create=True)
        deck["card"] = [c for c in deck.get("card", []) if c.get("id") != ident]

    def _deck(self, code: str, create: bool = False) -> dict[str, Any]:
        decks: list[dict[str, Any]] = self.data.setdefault("deck", []) if create else \
            self.data.get("deck", [])
        for deck in decks:
            if deck.get("code") == code:
                return deck
        if not create:
            return {}
        deck = {"code": code, "prescient": self.reference.prescients.get(code, code),
                "card": []}
        decks.append(deck)
        decks.sort(key=lambda d: self.deck_codes().index(d["code"])
                   if d["code"] in self.deck_codes() else 99)
        return deck

    # ------------------------------------------------------------ the file
    def toml(self) -> str:
        """The draft as a box file (TOML)."""
        return box_toml(self.data)

    def components(self) -> Components:
        """The component set of the draft (what is missing is unknown)."""
        return load_box_text(self.toml(), "<box being entered>")

    def load(self, text: str | bytes, label: str) -> None:
        """Replace the draft by a box file's content; on :class:`DataError` nothing changes."""
        import tomllib

        load_box_text(text, label)  # refuses what does not fit, naming the field
        raw = text.decode("utf-8") if isinstance(text, bytes) else text
        self.data = tomllib.loads(raw)
        self.data.setdefault("name", "my box")

"""Entering your own box, deck by deck: the logic of the box editor page (no widgets here).

A :class:`BoxDraft` holds what has been entered so far, in the box file's shape (schema in
docs/components.md, read by :mod:`precog.engine.box`). Each entry is checked field by field
against the rulebook's structure (10/8/6 cards per season, the distribution table, no Bane in
season 1, Cost and gain 0..9 or X, ...) before it joins the draft, so a draft always saves as a
valid box file; what is missing is unknown. Messages come in the page's language.

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
from contextlib import suppress
from dataclasses import dataclass, field, fields
from typing import Any

from precog.engine import Components, DataError
from precog.engine.box import load_box_text
from precog.engine.components import (
    MITIGATION_RESOURCES,
    NO_GAINS,
    REQUIREMENT_RESOURCES,
    RESOURCE_GAINS,
    Card,
    CardType,
    Gains,
    Losses,
)
from precog.engine.data_loading import MAX_BANE, MAX_VALUE, reference_components
from precog.engine.problems import Problem
from precog.engine.wording import error_text
from precog.session.errors import SessionCode
from precog.session.names import component_name
from precog.session.words import DEFAULT_LANGUAGE, words

__all__ = ["BoxDraft", "CardEntry", "Checked", "ObjectiveEntry", "RiverEntry", "parse_amounts",
           "parse_requirements"]

DECK_SIZE = 24
RIVER_SLOTS = {s: tuple(f"W{s}{x}" for x in "abcd") for s in (1, 2, 3)}
OBJECTIVE_SLOTS = {s: tuple(f"O{s}{x}" for x in "abcdefgh") for s in (1, 2, 3)}
_RESOURCE_WORDS = {"food": "kind.food", "doctor": "kind.doctor", "protector": "kind.protector",
                   "ymune": "kind.ymune", "battery": "kind.battery", "humans": "kind.human",
                   "healthy": "box.healthy", "contaminated": "box.contaminated"}
_GAIN_KEYS = RESOURCE_GAINS  # a card's bonus and a season 1 River tile: Resources only
_LOSS_KEYS = tuple(f.name for f in fields(Losses))


@dataclass
class CardEntry:
    """A card as typed in the form: every field is text (empty: not given)."""

    deck: str
    id: str
    type: str = ""
    season: str = ""
    cost: str = ""
    gain: str = ""
    bonus: str = ""  # "human 1, food 2"
    bane: str = ""
    name: str = ""


@dataclass
class RiverEntry:
    id: str
    season: str = ""
    name: str = ""
    effect: str = ""  # season 1: what it gives; seasons 2-3: what it takes ("food 2")


@dataclass
class ObjectiveEntry:
    """A cooperative Objective as typed: requirements such as ``"one 4 food, each 1 doctor"``
    (who, how many, what), the mitigated side the same way, and the price to mitigate."""

    id: str
    season: str = ""
    full: str = ""
    mitigated: str = ""
    cost: str = ""  # "food 2"


@dataclass
class Checked:
    """A checked entry: the file's table for it, the face to draw, each faulty field's message."""

    table: dict[str, Any] = field(default_factory=dict)
    card: Card | None = None
    errors: dict[str, str] = field(default_factory=dict)
    known: bool = False  # the face is complete (else only its slot is known)


def parse_amounts(text: str, keys: tuple[str, ...], lang: str = DEFAULT_LANGUAGE
                  ) -> dict[str, int]:
    """``"human 1, food 2"`` (or ``"1 human"``; names in English or the page's language) as
    amounts; :class:`ValueError` naming what does not fit."""
    w = words(lang)
    names = {k: k for k in keys}
    for k in keys:
        with suppress(DataError):  # a loss such as "healthy" has no word of its own
            names[w.say(f"kind.{k}").lower()] = k
    out: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in re.split(r"[,;]", text or ""))):
        match = re.fullmatch(r"(\d{1,2})\s+(\S+)|(\S+)\s+(\d{1,2})|(\S+)", part)
        if match is None:
            raise ValueError(part)
        word = (match.group(2) or match.group(3) or match.group(5) or "").lower()
        amount = int(match.group(1) or match.group(4) or 1)
        if word not in names or not 0 <= amount <= MAX_VALUE:
            raise ValueError(part)
        out[names[word]] = out.get(names[word], 0) + amount
    if any(v > MAX_VALUE for v in out.values()):
        raise ValueError(text)
    return {k: v for k, v in out.items() if v}


def parse_requirements(text: str, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """``"one 4 food, each 1 doctor"`` as requirements (who, how many, what; words in English
    or the page's language); :class:`ValueError` naming the part that does not fit."""
    w = words(lang)
    scopes = {"one": "one", "each": "each", w.say("box.scope_one").lower(): "one",
              w.say("box.scope_each").lower(): "each"}
    resources = {k: k for k in REQUIREMENT_RESOURCES}
    resources.update({w.say(key).lower(): k for k, key in _RESOURCE_WORDS.items()})
    out = []
    for part in filter(None, (p.strip() for p in re.split(r"[,;]", text or ""))):
        match = re.fullmatch(r"(\S+)\s+(\d{1,2})\s+(\S+)", part)
        if (match is None or match.group(1).lower() not in scopes
                or match.group(3).lower() not in resources or int(match.group(2)) < 1):
            raise ValueError(part)
        out.append({"resource": resources[match.group(3).lower()],
                    "amount": int(match.group(2)), "scope": scopes[match.group(1).lower()]})
    if not out:
        raise ValueError(text or "—")
    return out


def _field_of(problem: object) -> str:
    """The field a component data problem names (deepest first), or ""."""
    if not isinstance(problem, Problem):
        return ""
    for value in problem.values.values():
        found = _field_of(value)
        if found:
            return found
    field_name = problem.values.get("field")
    return str(field_name).split("[")[0].split(".")[0] if field_name else ""


class BoxDraft:
    """The box entered so far, in the box file's shape."""

    def __init__(self, data: dict[str, Any] | None = None, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang
        self.data: dict[str, Any] = data if data is not None else {"name": "my box"}
        self.reference = reference_components()

    # ------------------------------------------------------------ decks and cards
    @property
    def say(self) -> Any:
        return words(self.lang).say

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
        say, out = self.say, Checked()
        code = entry.deck
        table: dict[str, Any] = {"id": entry.id.strip()}
        if not re.fullmatch(rf"{code}\d\d", table["id"]) or table["id"] not in \
                self.card_ids(code):
            out.errors["id"] = say("box.bad_id", code=code)
        kinds = [t.value for t in CardType]
        if entry.type not in kinds:
            out.errors["type"] = say("box.bad_type")
        season = entry.season.strip()
        if season not in ("1", "2", "3"):
            out.errors["season"] = say("box.bad_season")
        else:
            table["season"] = int(season)
        if "type" not in out.errors:
            table["type"] = entry.type
        if "season" in table and "type" in table:
            others = [c for c in self.cards(code) if c.get("id") != table["id"]]
            used = sum(c.get("season") == table["season"] and c.get("type") == entry.type
                       for c in others)
            allowed = self.reference.distribution[table["season"]][CardType(entry.type)]
            if used >= allowed:
                out.errors["type"] = say("box.too_many", n=allowed, type=entry.type,
                                         season=table["season"])
        for name in ("cost", "gain"):
            text = getattr(entry, name).strip().upper()
            if text == "X":
                table[name] = "X"
            elif text.isdigit() and int(text) <= MAX_VALUE:
                table[name] = int(text)
            elif text:
                out.errors[name] = say("box.bad_value", most=MAX_VALUE)
        if ("cost" in table) != ("gain" in table) and not {"cost", "gain"} & set(out.errors):
            missing = "gain" if "cost" in table else "cost"
            out.errors[missing] = say("box.both")
        try:
            bonus = parse_amounts(entry.bonus, _GAIN_KEYS, self.lang)
            if bonus:
                table["bonus"] = bonus
        except ValueError as err:
            out.errors["bonus"] = say("box.bad_amounts", part=str(err),
                                      names=", ".join(_GAIN_KEYS))
        bane = entry.bane.strip() or "0"
        if not bane.isdigit() or int(bane) > MAX_BANE:
            out.errors["bane"] = say("box.bad_bane", most=MAX_BANE)
        elif int(bane):
            if table.get("season") == 1:
                out.errors["bane"] = say("box.no_bane")
            table["bane"] = int(bane)
        if len(entry.name) > 80:
            out.errors["name"] = say("box.bad_name")
        elif entry.name.strip():
            table["name"] = entry.name.strip()
        out.table, out.known = table, "cost" in table and "gain" in table
        if not out.errors and out.known:
            out.card = Card(id=table["id"], deck=code, type=CardType(entry.type),
                            cost=None if table["cost"] == "X" else table["cost"],
                            gain=None if table["gain"] == "X" else table["gain"],
                            bonus=Gains(**table.get("bonus", {})), bane=table.get("bane", 0),
                            season=table["season"], name=table.get("name", ""))
        elif not out.errors:
            out.card = Card(id=table["id"], deck=code, type=CardType(entry.type), cost=None,
                            gain=None, bonus=NO_GAINS, bane=0, season=table["season"])
        return out

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

    # ------------------------------------------------------------ River tiles
    def river(self) -> list[dict[str, Any]]:
        return list(self.data.get("river", []))

    def check_river(self, entry: RiverEntry) -> Checked:
        say, out = self.say, Checked()
        s = self._season_and_slot(entry.season, entry.id, RIVER_SLOTS, out)
        if s is None:
            return out
        if not entry.name.strip() or len(entry.name) > 80:
            out.errors["name"] = say("box.bad_name")
        keys = _GAIN_KEYS if s == 1 else _LOSS_KEYS
        try:
            amounts = parse_amounts(entry.effect, keys, self.lang)
            if not amounts:
                raise ValueError(entry.effect or "—")
        except ValueError as err:
            out.errors["effect"] = say("box.bad_amounts", part=str(err), names=", ".join(keys))
            amounts = {}
        out.table = {"id": entry.id, "season": s, "name": entry.name.strip(),
                     "gains" if s == 1 else "losses": amounts}
        out.known = not out.errors
        return out

    def put_river(self, entry: RiverEntry) -> Checked:
        return self._put_tile("river", entry.id, self.check_river(entry))

    def _season_and_slot(self, season_text: str, tile_id: str, slots: Any,
                         out: Checked) -> int | None:
        """A tile's season (None, with the error under "season", when it is not 1-3); a tile
        id that is not one of the season's slots is named under "slot"."""
        season = season_text.strip()
        if season not in ("1", "2", "3"):
            out.errors["season"] = self.say("box.bad_season")
            return None
        s = int(season)
        if tile_id not in slots[s]:
            out.errors["slot"] = self.say("box.bad_tile", ids=", ".join(slots[s]))
        return s

    def _put_tile(self, key: str, tile_id: str, checked: Checked) -> Checked:
        """Keep a checked tile (replacing one of the same id) when it has no error."""
        if not checked.errors:
            tiles = [t for t in self.data.get(key, []) if t.get("id") != tile_id]
            self.data[key] = sorted([*tiles, checked.table], key=lambda t: str(t["id"]))
        return checked

    def free_slots(self, key: str, season: int) -> list[str]:
        """The season's slots (``key`` "river" or "objective") not entered yet, in order."""
        slots = (RIVER_SLOTS if key == "river" else OBJECTIVE_SLOTS)[season]
        taken = {t.get("id") for t in self.data.get(key, [])}
        return [i for i in slots if i not in taken]

    def tile_table(self, key: str, tile_id: str) -> dict[str, Any] | None:
        return next((t for t in self.data.get(key, []) if t.get("id") == tile_id), None)

    def river_entry(self, tile_id: str, season: str) -> RiverEntry:
        """The form's text for River tile ``tile_id`` (empty when not entered)."""
        t = self.tile_table("river", tile_id) or {}
        amounts = t.get("gains") or t.get("losses") or {}
        return RiverEntry(id=tile_id, season=season, name=str(t.get("name", "")),
                          effect=", ".join(f"{k} {v}" for k, v in amounts.items()))

    def objective_entry(self, tile_id: str, season: str) -> ObjectiveEntry:
        """The form's text for Objective ``tile_id`` (empty when not entered)."""
        t = self.tile_table("objective", tile_id) or {}

        def side(reqs: list[dict[str, Any]]) -> str:
            return ", ".join(f"{r['scope']} {r['amount']} {r['resource']}" for r in reqs)

        return ObjectiveEntry(id=tile_id, season=season, full=side(t.get("full", [])),
                              mitigated=side(t.get("mitigated", [])),
                              cost=", ".join(f"{k} {v}" for k, v in
                                             (t.get("mitigate_cost") or {}).items()))

    def replaces(self, key: str, checked: Checked) -> str:
        """A note for the slot when entering ``checked`` would replace another tile already
        entered there ("" when the slot is free or the entry is that tile as entered)."""
        tile_id = checked.table.get("id", "")
        old = self.tile_table(key, tile_id)
        if old is None or old == checked.table:
            return ""
        return self.say("box.slot_taken", id=tile_id)

    def river_progress(self) -> str:
        return self.say("box.river_progress", n=len(self.river()), total=12)

    # ------------------------------------------------------------ Objectives
    def objectives(self) -> list[dict[str, Any]]:
        return list(self.data.get("objective", []))

    def check_objective(self, entry: ObjectiveEntry) -> Checked:
        """Each field parsed, then the tile checked by the engine's loader (a mitigated side
        easier than the full one, ...), its message under the field it names."""
        say, out = self.say, Checked()
        s = self._season_and_slot(entry.season, entry.id, OBJECTIVE_SLOTS, out)
        if s is None:
            return out
        table: dict[str, Any] = {"id": entry.id, "season": s}
        for side in ("full", "mitigated"):
            try:
                table[side] = parse_requirements(getattr(entry, side), self.lang)
            except ValueError as err:
                out.errors[side] = say("box.bad_requirement", part=str(err))
        try:
            table["mitigate_cost"] = parse_amounts(entry.cost, MITIGATION_RESOURCES, self.lang)
            if not table["mitigate_cost"]:
                raise ValueError(entry.cost or "—")
        except ValueError as err:
            out.errors["cost"] = say("box.bad_amounts", part=str(err),
                                     names=", ".join(MITIGATION_RESOURCES))
        out.table = table
        if not out.errors:
            trial = dict(self.data)
            trial["objective"] = [*(o for o in self.objectives() if o.get("id") != entry.id),
                                  table]
            try:
                load_box_text(box_toml(trial), "<box being entered>")
            except DataError as err:
                field_name = _field_of(err.problem)
                key = field_name if field_name in ("full", "mitigated") else (
                    "cost" if field_name == "mitigate_cost" else "full")
                out.errors[key] = error_text(err, self.lang)
        out.known = not out.errors
        return out

    def put_objective(self, entry: ObjectiveEntry) -> Checked:
        return self._put_tile("objective", entry.id, self.check_objective(entry))

    def objective_progress(self) -> str:
        return self.say("box.objective_progress", n=len(self.objectives()), total=24)

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


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        import json

        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, dict):
        inner = ", ".join(f"{_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + inner + " }" if inner else "{}"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise DataError(Problem.of(SessionCode.BOX_WRITE, kind=type(value).__name__), input=value)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _toml_value(key)


def _table(prefix: str, table: dict[str, Any], out: list[str]) -> None:
    """Plain values as ``key = value``, arrays of tables as ``[[prefix.key]]`` after them."""
    arrays = {k: v for k, v in table.items()
              if isinstance(v, list) and v and all(isinstance(i, dict) for i in v)}
    for key, value in table.items():
        if key not in arrays:
            out.append(f"{_key(key)} = {_toml_value(value)}")
    for key, items in arrays.items():
        for item in items:
            out.append("")
            out.append(f"[[{prefix}{key}]]")
            _table(f"{prefix}{key}.", item, out)


def box_toml(data: dict[str, Any]) -> str:
    """A box file's data as TOML text (what :func:`tomllib.loads` reads back the same)."""
    out = ['# A precog box file (docs/components.md, "Your table, your box"). What is not',
           "# entered is unknown: its deck, season and type are known, its face is not.",
           'format = "precog-box"', "version = 1"]
    _table("", {k: v for k, v in data.items() if k not in ("format", "version")}, out)
    return "\n".join(out) + "\n"

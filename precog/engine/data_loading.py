"""Load the component data files (TOML) and validate them into :class:`Components`.

The shipped files under ``precog/data/`` are precog's own reference set, not the publisher's
print. Any family can be replaced by a user file with the same schema (docs/components.md):

>>> comps = reference_components()
>>> comps.name, sorted(comps.decks), len(comps.rooms), len(comps.fingerprint)
('reference', ['D', 'K', 'P', 'T'], 12, 12)
>>> load_components({"rooms": "no_such_file.toml"})
Traceback (most recent call last):
...
precog.engine.errors.DataError: no_such_file.toml: cannot read the file (No such file or directory)

Every problem raises :class:`DataError` naming the file, the entry and the field. Files are only
ever parsed as TOML (no pickle, no eval).
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from functools import cache
from importlib import resources
from pathlib import Path

from precog.engine.components import (
    MITIGATION_RESOURCES,
    NO_GAINS,
    REQUIREMENT_RESOURCES,
    Card,
    CardType,
    Components,
    CoopRiverTile,
    Gains,
    IslandTile,
    Losses,
    Machine,
    MachineRoom,
    ObjectiveTile,
    Requirement,
    RiverTile,
)
from precog.engine.errors import DataError
from precog.engine.files import clip_path, read_regular_file
from precog.engine.machines import LINE_SCOPE, parse_condition

__all__ = [
    "FAMILIES",
    "REFERENCE_NAME",
    "SHIPPED_FILES",
    "fingerprint_of",
    "load_components",
    "load_components_from_texts",
    "reference_components",
    "reference_text",
]

REFERENCE_NAME = "reference"
SHIPPED_FILES: dict[str, str] = {
    "deck:D": "decks/defitia.toml",
    "deck:T": "decks/terias.toml",
    "deck:P": "decks/pria.toml",
    "deck:K": "decks/kartus.toml",
    "distribution": "distribution.toml",
    "rooms": "rooms.toml",
    "river": "river.toml",
    "objectives": "objectives.toml",
}
"""Override key -> file under ``precog/data/``. ``deck:<letter>`` with a new letter adds a deck."""
FAMILIES = ("distribution", "rooms", "river", "objectives")

SEASONS = (1, 2, 3)
CARDS_PER_SEASON = {1: 10, 2: 8, 3: 6}
ROOM_COUNT = 12
RIVER_TILES_PER_SEASON = 4
OBJECTIVES_PER_SEASON = 8
MAX_FILE_BYTES = 1 << 20  # a component file is a few KB
MAX_VALUE = 9  # costs, gains, bonuses, effects
MAX_BANE = 12  # the Bane gauge
MAX_AMOUNT = 99  # objective requirements

_GAIN_KEYS = tuple(f.name for f in fields(Gains))
_LOSS_KEYS = tuple(f.name for f in fields(Losses))
_SUPPLY_KEYS = ("food", "human", "doctor", "protector", "heal")  # no placing choice
_TYPE_NAMES = ", ".join(f'"{t.value}"' for t in CardType)
_DECK_KEY = re.compile(r"^deck:([A-Z])$")
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,15}$")
_STANDARD = {  # the six standard machines: (condition kind, card type) -> allowed effects
    ("type_and_other", "Human"): (Gains(human=1),),
    ("type_and_other", "Battery"): (Gains(protector=1),),
    ("type_and_other", "Ymune"): (Gains(ymune=1),),
    ("type_and_other", "Food"): (Gains(food=1), Gains(food=2)),
    ("bane_and_no_bane", ""): (Gains(human=2),),
}
_STANDARD_TEXT = ("pair: Human + other -> {human = 1}; pair: Battery + other -> {protector = 1}; "
                  "pair: Ymune + other -> {ymune = 1}; pair: Food + other -> {food = 1} or "
                  "{food = 2}; pair: Bane + no Bane -> {human = 2}")
_MISSING = object()


class _Plain(str):
    """A description shown as is after "got" (not as a quoted value)."""


# ---------------------------------------------------------------- public API

def load_components(overrides: Mapping[str, str | os.PathLike[str]] | None = None, *,
                    name: str | None = None) -> Components:
    """The reference set with any family replaced by a user file.

    Keys: ``deck:D`` (``deck:T``, ``deck:P``, ``deck:K``, or a new letter to add a deck),
    ``distribution``, ``rooms``, ``river``, ``objectives``. ``name`` defaults to "reference"
    without overrides and to a summary of the overrides otherwise.
    """
    if not overrides:
        if name is None or name == REFERENCE_NAME:
            return reference_components()
        return _build({}, name)
    sources = {}
    for key, path in overrides.items():
        key = _check_key(key)
        raw = read_regular_file(path, MAX_FILE_BYTES, DataError)
        label = clip_path(path)
        sources[key] = _Source(label, _parse(label, raw))
    default = "custom (" + ", ".join(f"{k}={Path(s.label).name}" for k, s in sources.items()) + ")"
    return _build(sources, name or default)


def load_components_from_texts(texts: Mapping[str, str | bytes], *,
                               name: str | None = None) -> Components:
    """Like :func:`load_components` with file contents instead of paths (messages say ``<key>``)."""
    sources = {}
    for key, text in texts.items():
        key = _check_key(key)
        label = f"<{key} text>"
        raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        if len(raw) > MAX_FILE_BYTES:
            raise DataError(f"{label}: {len(raw)} bytes, more than the {MAX_FILE_BYTES} a "
                            "component file can need")
        sources[key] = _Source(label, _parse(label, raw))
    default = "custom (" + ", ".join(sources) + ")" if sources else REFERENCE_NAME
    return _build(sources, name or default)


@cache
def reference_components() -> Components:
    """The shipped reference set (cached): precog's own data, not the publisher's print."""
    return _build({}, REFERENCE_NAME)


def reference_text(key: str) -> str:
    """The text of a shipped file, e.g. ``reference_text("deck:D")``: a start for a user file."""
    key = _check_key(key)
    if key not in SHIPPED_FILES:
        raise DataError(f"no shipped file for {key!r} (shipped: {', '.join(SHIPPED_FILES)})")
    return _shipped_bytes(SHIPPED_FILES[key]).decode("utf-8")


# ---------------------------------------------------------------- reading

@dataclass(frozen=True, slots=True)
class _Source:
    label: str  # how messages name the file
    data: dict[str, object]


@dataclass(frozen=True, slots=True)
class _At:
    """Where a value sits, for messages: ``file: entry: field 'x' should be ..., got ...``."""

    file: str
    entry: str = ""

    def error(self, message: str) -> DataError:
        return DataError(f"{self.file}: {self.entry}: {message}" if self.entry
                         else f"{self.file}: {message}")

    def bad(self, field: str, expected: str, got: object) -> DataError:
        return self.error(f"field {field!r} should be {expected}, got {_show(got)}")

    def sub(self, entry: str) -> _At:
        return _At(self.file, entry)


def _show(value: object) -> str:
    if value is _MISSING:
        return "nothing (the field is missing)"
    if isinstance(value, _Plain):
        return str(value)
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _check_key(key: object) -> str:
    if isinstance(key, str) and (key in FAMILIES or _DECK_KEY.match(key)):
        return key
    raise DataError(f"unknown component family {key!r} (expected deck:D, deck:T, deck:P, "
                    f"deck:K or deck:<capital letter>, {', '.join(FAMILIES)})")


def _shipped_bytes(relative: str) -> bytes:
    place = resources.files("precog") / "data"
    for part in relative.split("/"):
        place = place / part
    return place.read_bytes()


@cache
def _shipped_source(key: str) -> _Source:
    label = SHIPPED_FILES[key]
    try:
        raw = _shipped_bytes(label)
    except OSError as exc:
        raise DataError(f"{label}: cannot read the shipped file ({exc})") from None
    return _Source(label, _parse(label, raw))


def _parse(label: str, raw: bytes) -> dict[str, object]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{label}: not a UTF-8 text file (bad byte at offset {exc.start}); "
                        "component files are TOML text") from None
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError is a ValueError
        raise DataError(f"{label}: not valid TOML: {exc}") from None


# ---------------------------------------------------------------- field readers

def _fields(at: _At, value: object, allowed: tuple[str, ...], what: str) -> dict[str, object]:
    """``value`` as a table whose keys are all in ``allowed`` (typos are caught here)."""
    if not isinstance(value, dict):
        raise at.error(f"should be a table ({what}), got {_show(value)}")
    for key in value:
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise at.error(f"unknown field {key!r} (expected one of: {', '.join(allowed)}{hint})")
    return value


def _int(at: _At, table: dict[str, object], field: str, low: int, high: int) -> int:
    value = table.get(field, _MISSING)
    if type(value) is not int or not low <= value <= high:
        raise at.bad(field, f"an integer {low}..{high}", value)
    return value


def _int_or_x(at: _At, table: dict[str, object], field: str) -> int | None:
    value = table.get(field, _MISSING)
    if value == "X":
        return None
    if type(value) is not int or not 0 <= value <= MAX_VALUE:
        raise at.bad(field, f'an integer 0..{MAX_VALUE} or "X"', value)
    return value


def _text(at: _At, table: dict[str, object], field: str, expected: str,
          pattern: re.Pattern[str] | None = None, optional: bool = False,
          longest: int = 80) -> str:
    """A text field; an optional one may be absent or empty."""
    value = table.get(field, _MISSING)
    if optional and (value is _MISSING or value == ""):
        return ""
    if (not isinstance(value, str) or not value.strip() or len(value) > longest
            or (pattern is not None and not pattern.match(value))):
        raise at.bad(field, expected, value)
    return value


def _amounts(at: _At, table: dict[str, object], field: str, keys: tuple[str, ...],
             high: int = MAX_VALUE, nonempty: bool = False) -> dict[str, int]:
    """An inline table of resource amounts such as ``{ food = 2, human = 1 }``."""
    value = table.get(field, _MISSING)
    names = ", ".join(keys)
    if not isinstance(value, dict):
        raise at.bad(field, f"an inline table of amounts ({names}), e.g. {{ {keys[0]} = 1 }}",
                      value)
    for key, amount in value.items():
        if key not in keys:
            close = difflib.get_close_matches(str(key), keys, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise at.error(f"field {field!r} has unknown resource {key!r} "
                           f"(expected one of: {names}{hint})")
        if type(amount) is not int or not 0 <= amount <= high:
            raise at.bad(f"{field}.{key}", f"an integer 0..{high}", amount)
    result = {k: v for k, v in value.items() if v}
    if nonempty and not result:
        raise at.bad(field, f"a non-empty table of amounts ({names})", value)
    return result


def _top(src: _Source, keys: tuple[str, ...], what: str) -> tuple[_At, dict[str, object]]:
    """A file's top-level table: ``keys`` plus an optional ``label``."""
    at = _At(src.label)
    data = _fields(at, src.data, ("label", *keys), what)
    _text(at, data, "label", "a text of at most 300 characters", optional=True, longest=300)
    return at, data


def _array(at: _At, data: dict[str, object], field: str, what: str) -> list[object]:
    value = data.get(field, _MISSING)
    if not isinstance(value, list):
        raise at.bad(field, f"an array of tables ([[{field}]] entries, one per {what})", value)
    return value


def _entry_name(at: _At, kind: str, index: int, raw: object,
                pattern: re.Pattern[str] = _ID) -> tuple[_At, dict[str, object]]:
    """Name an array entry by its id when it has a valid one, else by its position."""
    here = at.sub(f"{kind} #{index}")
    if not isinstance(raw, dict):
        raise here.error(f"should be a table, got {_show(raw)}")
    ident = raw.get("id")
    if isinstance(ident, str) and pattern.match(ident):
        here = at.sub(f"{kind} {ident}")
    return here, raw


def _season_counts(at: _At, field: str, seasons: Iterable[int], per_season: int,
                   what: str) -> None:
    counts = Counter(seasons)
    for season in SEASONS:
        if counts[season] != per_season:
            raise at.bad(field, f"{per_season} {what} for each season 1..3",
                         _Plain(f"{counts[season]} in season {season}"))


# ---------------------------------------------------------------- families

def _read_distribution(src: _Source) -> dict[int, dict[CardType, int]]:
    at, data = _top(src, ("season",), "the distribution file")
    table = _fields(at.sub("season"), data.get("season", _MISSING), ("1", "2", "3"),
                    "[season.1], [season.2] and [season.3]")
    result: dict[int, dict[CardType, int]] = {}
    for season in SEASONS:
        here = at.sub(f"season {season}")
        if str(season) not in table:
            raise at.bad(f"season.{season}", "a table of card counts per type", _MISSING)
        row = _fields(here, table[str(season)], tuple(t.value for t in CardType),
                      "card counts per type")
        result[season] = {t: _int(here, row, t.value, 0, CARDS_PER_SEASON[season])
                          for t in CardType}
        total = sum(result[season].values())
        if total != CARDS_PER_SEASON[season]:
            raise at.bad(f"season.{season}", f"card counts adding up to "
                         f"{CARDS_PER_SEASON[season]}", _Plain(f"{total} cards"))
    return result


_CARD_FIELDS = ("id", "type", "cost", "gain", "bonus", "bane", "season", "name")


def _read_card(at: _At, code: str, index: int, raw: object) -> Card:
    card_id = re.compile(rf"^{code}[0-9][0-9]$")
    here, table = _entry_name(at, "card", index, raw, card_id)
    _text(here, table, "id", f'the deck code and 2 digits, such as "{code}07"', card_id)
    _fields(here, table, _CARD_FIELDS, "an Expedition card")
    kind = _text(here, table, "type", f"one of {_TYPE_NAMES}")
    if kind not in {t.value for t in CardType}:
        raise here.bad("type", f"one of {_TYPE_NAMES}", kind)
    season = _int(here, table, "season", 1, 3)
    bane = _int(here, table, "bane", 0, MAX_BANE)
    if season == 1 and bane:
        raise here.bad("bane", "0 on a season 1 card (Bane appears in seasons 2 and 3)", bane)
    return Card(id=str(table["id"]), deck=code, type=CardType(kind),
                cost=_int_or_x(here, table, "cost"), gain=_int_or_x(here, table, "gain"),
                bonus=Gains(**_amounts(here, table, "bonus", _GAIN_KEYS)), bane=bane,
                season=season, name=_text(here, table, "name", "a text of at most 80 characters",
                               optional=True))


def _read_deck(src: _Source, code: str, distribution: dict[int, dict[CardType, int]],
               table_file: str) -> tuple[str, tuple[Card, ...]]:
    at, data = _top(src, ("deck", "prescient", "card"), "a deck file")
    found = _text(at, data, "deck", 'a deck code: one capital letter such as "D"',
                  re.compile(r"^[A-Z]$"))
    if found != code:
        raise at.bad("deck", f'"{code}" (the deck this file stands for)', found)
    prescient = _text(at, data, "prescient", 'the Prescient\'s name, such as "Tal Defitia"')
    items = _array(at, data, "card", "Expedition card")
    cards = tuple(_read_card(at, code, i, raw) for i, raw in enumerate(items, start=1))
    size = sum(CARDS_PER_SEASON.values())
    if len(cards) != size:
        raise at.bad("card", f"exactly {size} cards (10 + 8 + 6)", _Plain(f"{len(cards)} cards"))
    for season in SEASONS:
        wanted = distribution[season]
        got = Counter(c.type for c in cards if c.season == season)
        if any(got[t] != wanted[t] for t in CardType):
            def show(counts: Mapping[CardType, int]) -> str:
                return ", ".join(f"{t.value} {counts.get(t, 0)}" for t in CardType)
            raise at.sub(f"season {season}").bad(
                "type", f"counts matching the distribution table in {table_file} "
                f"({show(wanted)})", _Plain(show(got)))
    return prescient, tuple(sorted(cards, key=lambda c: c.id))


_MACHINE_FIELDS = ("batteries", "condition", "effect")


def _read_machine(at: _At, item: object, line: int) -> Machine:
    raw = _fields(at, item, _MACHINE_FIELDS, "a machine: batteries, condition, effect")
    batteries = _int(at, raw, "batteries", 1, 4)
    text = _text(at, raw, "condition", "a condition such as 'pair: Human + other'")
    try:
        condition = parse_condition(text)
    except ValueError as exc:  # DataError, or an int too long to read
        raise at.error(f"field 'condition': {exc}") from None
    scope = LINE_SCOPE[line]
    if condition.scope != scope:
        where = f"advanced line {line}" if line else "a standard face"
        raise at.bad("condition", f"a '{scope}:' condition on {where}", text)
    effect = Gains(**_amounts(at, raw, "effect", _GAIN_KEYS, nonempty=True))
    if line == 0:
        allowed = _STANDARD.get((condition.kind, str(condition.args[0]) if condition.args else ""))
        if allowed is None:
            raise at.bad("condition", f"one of the six standard machines ({_STANDARD_TEXT})", text)
        if effect not in allowed:
            raise at.bad("effect", "what the standard machine gives for this condition "
                         f"({_STANDARD_TEXT})", dict(effect.items()))
    return Machine(batteries=batteries, condition=condition, effect=effect, line=line)


def _read_face(at: _At, room: dict[str, object], face: str) -> tuple[Machine, Machine, Machine]:
    items = room.get(face, _MISSING)
    if not isinstance(items, list) or len(items) != 3:
        shown = _Plain(f"{len(items)} machines") if isinstance(items, list) else items
        raise at.bad(face, "an array of exactly 3 machines", shown)
    advanced = face == "advanced"
    m1, m2, m3 = (_read_machine(at.sub(f"{at.entry} {face} machine {i}"), raw,
                                i if advanced else 0)
                  for i, raw in enumerate(items, start=1))
    if face == "standard":
        texts = Counter((m.condition.kind, m.condition.args) for m in (m1, m2, m3))
        if max(texts.values()) > 1:
            raise at.bad("standard", "3 machines with 3 different conditions",
                         [m.condition.text for m in (m1, m2, m3)])
    return m1, m2, m3


def _read_rooms(src: _Source) -> tuple[MachineRoom, ...]:
    at, data = _top(src, ("room",), "the machine rooms file")
    items = _array(at, data, "room", "Machine Room tile")
    if len(items) != ROOM_COUNT:
        raise at.bad("room", f"exactly {ROOM_COUNT} rooms", f"{len(items)} rooms")
    rooms = []
    for index, raw in enumerate(items, start=1):
        here, table = _entry_name(at, "room", index, raw)
        _text(here, table, "id", 'an id such as "R01"', _ID)
        _fields(here, table, ("id", "name", "standard", "advanced"), "a Machine Room tile")
        rooms.append(MachineRoom(id=str(table["id"]),
                                 name=_text(here, table, "name", "the room's name"),
                                 standard=_read_face(here, table, "standard"),
                                 advanced=_read_face(here, table, "advanced")))
    seen: dict[object, str] = {}
    for room in rooms:
        face = tuple(sorted((m.batteries, m.condition.kind, m.condition.args, m.effect.astuple())
                            for m in room.standard))
        if face in seen:
            raise at.sub(f"room {room.id}").bad(
                "standard", f"a face different from every other room's (same as room {seen[face]})",
                [m.describe() for m in room.standard])
        seen[face] = room.id
    return tuple(sorted(rooms, key=lambda r: r.id))


def _read_tiles(at: _At, data: dict[str, object], field: str, kind: str,
                extra: tuple[str, ...] = ()) -> list[tuple[_At, dict[str, object]]]:
    result = []
    for index, raw in enumerate(_array(at, data, field, kind), start=1):
        here, table = _entry_name(at, kind, index, raw)
        _text(here, table, "id", 'an id such as "W1a"', _ID)
        _fields(here, table, ("id", "season", "name", *extra), kind)
        _int(here, table, "season", 1, 3)
        _text(here, table, "name", "the tile's name")
        result.append((here, table))
    return result


def _read_river(src: _Source) -> tuple[tuple[RiverTile, ...], tuple[IslandTile, ...],
                                      tuple[CoopRiverTile, ...]]:
    at, data = _top(src, ("river", "island", "coop_river"), "the river file")
    river = []
    for here, t in _read_tiles(at, data, "river", "river tile", ("gains", "losses")):
        season = int(str(t["season"]))
        present, absent = ("gains", "losses") if season == 1 else ("losses", "gains")
        if absent in t:
            raise here.bad(absent, f"absent on a season {season} tile (season 1 tiles give, "
                           "seasons 2 and 3 take)", t[absent])
        keys = _GAIN_KEYS if present == "gains" else _LOSS_KEYS
        amounts = _amounts(here, t, present, keys, nonempty=True)
        river.append(RiverTile(id=str(t["id"]), season=season, name=str(t["name"]),
                               gains=Gains(**amounts) if present == "gains" else Gains(),
                               losses=Losses(**amounts) if present == "losses" else Losses()))
    _season_counts(at, "river", (t.season for t in river), RIVER_TILES_PER_SEASON, "tiles")
    islands = [IslandTile(id=str(t["id"]), season=int(str(t["season"])), name=str(t["name"]))
               for _, t in _read_tiles(at, data, "island", "island tile")]
    _season_counts(at, "island", (t.season for t in islands), 1, "tile")
    coop = [CoopRiverTile(id=str(t["id"]), season=int(str(t["season"])), name=str(t["name"]),
                          supplies=Gains(**_amounts(here, t, "supplies", _SUPPLY_KEYS))
                          if "supplies" in t else NO_GAINS)
            for here, t in _read_tiles(at, data, "coop_river", "cooperative river tile",
                                       ("supplies",))]
    _season_counts(at, "coop_river", (t.season for t in coop), 1, "tile")
    return (tuple(sorted(river, key=lambda t: t.id)),
            tuple(sorted(islands, key=lambda t: t.season)),
            tuple(sorted(coop, key=lambda t: t.season)))


def _read_side(at: _At, table: dict[str, object], side: str) -> tuple[Requirement, ...]:
    items = table.get(side, _MISSING)
    if not isinstance(items, list) or not items:
        raise at.bad(side, "a non-empty array of requirements such as "
                     '[{ resource = "food", amount = 4, scope = "one" }]', items)
    result = []
    for index, raw in enumerate(items, start=1):
        name = f"{side}[{index}]"
        req = _fields(at, raw, ("resource", "amount", "scope"), f"requirement {name}")
        resource = req.get("resource", _MISSING)
        if resource not in REQUIREMENT_RESOURCES:
            raise at.bad(f"{name}.resource", f"one of {', '.join(REQUIREMENT_RESOURCES)}",
                         resource)
        scope = req.get("scope", _MISSING)
        if scope not in ("one", "each"):
            raise at.bad(f"{name}.scope", '"one" or "each"', scope)
        result.append(Requirement(resource=str(resource), scope=str(scope),
                                  amount=_int(at, req, "amount", 1, MAX_AMOUNT)))
    return tuple(result)


def _easier(easy: Requirement, hard: Requirement) -> bool:
    return (easy.resource == hard.resource and easy.amount <= hard.amount
            and (easy.scope == "one" or hard.scope == "each"))


def _read_objectives(src: _Source) -> tuple[ObjectiveTile, ...]:
    at, data = _top(src, ("objective",), "the objectives file")
    tiles = []
    for index, raw in enumerate(_array(at, data, "objective", "Objective tile"), start=1):
        here, t = _entry_name(at, "objective", index, raw)
        _text(here, t, "id", 'an id such as "O1a"', _ID)
        _fields(here, t, ("id", "season", "full", "mitigated", "mitigate_cost"), "Objective tile")
        full, mitigated = _read_side(here, t, "full"), _read_side(here, t, "mitigated")
        for req in mitigated:
            if not any(_easier(req, hard) for hard in full):
                raise here.bad("mitigated", "easier than the full side (each requirement no "
                               "harder than a full one of the same resource)", req.describe())
        tiles.append(ObjectiveTile(
            id=str(t["id"]), season=_int(here, t, "season", 1, 3), full=full, mitigated=mitigated,
            mitigate_cost=Gains(**_amounts(here, t, "mitigate_cost", MITIGATION_RESOURCES,
                                           nonempty=True))))
    _season_counts(at, "objective", (t.season for t in tiles), OBJECTIVES_PER_SEASON, "tiles")
    return tuple(sorted(tiles, key=lambda t: t.id))


# ---------------------------------------------------------------- the whole set

def _build(overrides: Mapping[str, _Source], name: str) -> Components:
    def source(key: str) -> _Source:
        return overrides[key] if key in overrides else _shipped_source(key)

    distribution = _read_distribution(source("distribution"))
    deck_keys = [k for k in SHIPPED_FILES if k.startswith("deck:")]
    deck_keys += sorted(k for k in overrides if k.startswith("deck:") and k not in deck_keys)
    decks: dict[str, tuple[Card, ...]] = {}
    prescients: dict[str, str] = {}
    for key in deck_keys:
        code = key.removeprefix("deck:")
        prescients[code], decks[code] = _read_deck(source(key), code, distribution,
                                                   source("distribution").label)
    rooms = _read_rooms(source("rooms"))
    river, islands, coop = _read_river(source("river"))
    objectives = _read_objectives(source("objectives"))
    _check_unique_ids([
        *((c.id, source(f"deck:{c.deck}").label, f"card {c.id}") for d in decks.values()
          for c in d),
        *((r.id, source("rooms").label, f"room {r.id}") for r in rooms),
        *((t.id, source("river").label, f"river tile {t.id}") for t in river),
        *((t.id, source("river").label, f"island tile {t.id}") for t in islands),
        *((t.id, source("river").label, f"cooperative river tile {t.id}") for t in coop),
        *((t.id, source("objectives").label, f"objective {t.id}") for t in objectives),
    ], {s.label for s in overrides.values()})
    content = {"decks": decks, "prescients": prescients, "distribution": distribution,
               "rooms": rooms, "river": river, "islands": islands, "coop_river": coop,
               "objectives": objectives}
    return Components(name=name, decks=decks, prescients=prescients, distribution=distribution,
                      rooms=rooms, river=river, islands=islands, coop_river=coop,
                      objectives=objectives, fingerprint=fingerprint_of(content))


def _check_unique_ids(entries: list[tuple[str, str, str]], user_files: set[str]) -> None:
    """Every id once; a clash is reported in the user's file rather than in a shipped one."""
    seen: dict[str, tuple[str, str]] = {}
    for ident, file, entry in sorted(entries, key=lambda e: e[1] in user_files):
        if ident in seen:
            other_file, other_entry = seen[ident]
            raise _At(file, entry).bad(
                "id", "unique in the whole component set",
                _Plain(f"{ident!r}, already used by {other_entry} in {other_file}"))
        seen[ident] = (file, entry)


def _plain(value: object) -> object:
    """A JSON-ready copy: dataclasses as dicts, enums as their values, tuples as lists."""
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(_plain(k)): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def fingerprint_of(content: Mapping[str, object]) -> str:
    """First 12 hex digits of the SHA-256 of the canonical JSON of ``content``."""
    text = json.dumps(_plain(content), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


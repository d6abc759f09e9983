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
    RESOURCE_GAINS,
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
from precog.engine.problems import ErrorCode, Problem

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
_NOT_RESOURCES = frozenset(("heal", "doctor", "protector", "bane"))  # known, not Resources there
_TYPE_NAMES = tuple(f'"{t.value}"' for t in CardType)
_DECK_KEY = re.compile(r"^deck:([A-Z])$")
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,15}$")
_STANDARD = {  # the six standard machines: (condition kind, card type) -> allowed effects
    ("type_and_other", "Human"): (Gains(human=1),),
    ("type_and_other", "Battery"): (Gains(protector=1),),
    ("type_and_other", "Ymune"): (Gains(ymune=1),),
    ("type_and_other", "Food"): (Gains(food=1), Gains(food=2)),
    ("bane_and_no_bane", ""): (Gains(human=2),),
}
_MISSING = object()


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
    default = ("custom (" + ", ".join(f"{k}={Path(str(s.label)).name}"
                                      for k, s in sources.items()) + ")")
    return _build(sources, name or default)


def load_components_from_texts(texts: Mapping[str, str | bytes], *,
                               name: str | None = None) -> Components:
    """Like :func:`load_components` with file contents instead of paths (messages say ``<key>``)."""
    sources = {}
    for key, text in texts.items():
        key = _check_key(key)
        label = Problem.of(ErrorCode.DATA_TEXT_LABEL, key=key)
        raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
        if len(raw) > MAX_FILE_BYTES:
            raise _At(label).error(Problem.of(ErrorCode.DATA_TOO_BIG, size=len(raw),
                                              limit=MAX_FILE_BYTES))
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
        raise DataError(Problem.of(ErrorCode.DATA_NO_SHIPPED, key=key,
                                   shipped=tuple(SHIPPED_FILES)), input=key)
    return _shipped_bytes(SHIPPED_FILES[key]).decode("utf-8")


# ---------------------------------------------------------------- reading

@dataclass(frozen=True, slots=True)
class _Source:
    label: str | Problem  # how messages name the file
    data: dict[str, object]


@dataclass(frozen=True, slots=True)
class _At:
    """Where a value sits, for messages: ``file: entry: field 'x' should be ..., got ...``."""

    file: str | Problem
    entry: str | Problem = ""  # a table's key, or a Problem naming an entry

    def error(self, what: Problem, got: object = None) -> DataError:
        problem = (Problem.of(ErrorCode.DATA_AT_ENTRY, file=self.file, entry=self.entry,
                              what=what) if self.entry
                   else Problem.of(ErrorCode.DATA_AT_FILE, file=self.file, what=what))
        return DataError(problem, input=got)

    def bad(self, field: str, expected: Problem, got: object) -> DataError:
        return self.error(Problem.of(ErrorCode.DATA_BAD_FIELD, field=field, expected=expected,
                                     got=_show(got)),
                          got)

    def sub(self, entry: str | Problem) -> _At:
        return _At(self.file, entry)


def _show(value: object) -> str | Problem:
    """How a message shows a value it got: the input itself, or a Problem describing it."""
    if value is _MISSING:
        return Problem.of(ErrorCode.GOT_MISSING)
    if isinstance(value, Problem):
        return value
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _check_key(key: object) -> str:
    if isinstance(key, str) and (key in FAMILIES or _DECK_KEY.match(key)):
        return key
    raise DataError(Problem.of(ErrorCode.DATA_UNKNOWN_FAMILY, key=key, families=FAMILIES),
                    input=key)


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
        raise _At(label).error(Problem.of(ErrorCode.DATA_SHIPPED_UNREADABLE,
                                          detail=str(exc))) from None
    return _Source(label, _parse(label, raw))


def _parse(label: str | Problem, raw: bytes) -> dict[str, object]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _At(label).error(Problem.of(ErrorCode.DATA_NOT_UTF8, offset=exc.start)) from None
    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as exc:  # TOMLDecodeError is a ValueError
        raise _At(label).error(Problem.of(ErrorCode.DATA_NOT_TOML, detail=str(exc))) from None


# ---------------------------------------------------------------- field readers

def _fields(at: _At, value: object, allowed: tuple[str, ...], what: Problem
            ) -> dict[str, object]:
    """``value`` as a table whose keys are all in ``allowed`` (typos are caught here)."""
    if not isinstance(value, dict):
        raise at.error(Problem.of(ErrorCode.DATA_NOT_TABLE, what=what, got=_show(value)), value)
    for key in value:
        if key not in allowed:
            raise at.error(Problem.of(ErrorCode.DATA_UNKNOWN_FIELD, key=key, allowed=allowed,
                                      hint=_did_you_mean(key, allowed)), key)
    return value


def _did_you_mean(key: object, allowed: tuple[str, ...]) -> str | Problem:
    close = difflib.get_close_matches(str(key), allowed, n=1)
    return Problem.of(ErrorCode.GOT_DID_YOU_MEAN, close=close[0]) if close else ""


def _int(at: _At, table: dict[str, object], field: str, low: int, high: int) -> int:
    value = table.get(field, _MISSING)
    if type(value) is not int or not low <= value <= high:
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_INT, low=low, high=high), value)
    return value


def _int_or_x(at: _At, table: dict[str, object], field: str) -> int | None:
    value = table.get(field, _MISSING)
    if value == "X":
        return None
    if type(value) is not int or not 0 <= value <= MAX_VALUE:
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_INT_OR_X, high=MAX_VALUE), value)
    return value


def _text(at: _At, table: dict[str, object], field: str, expected: Problem,
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
             high: int = MAX_VALUE, nonempty: bool = False,
             not_resource: ErrorCode | None = None) -> dict[str, int]:
    """An inline table of resource amounts such as ``{ food = 2, human = 1 }``.

    With ``not_resource``, a kind the engine knows but that is no Resource here (a heal, a
    Ymune of a fixed role, Bane) raises that code rather than "unknown resource"."""
    value = table.get(field, _MISSING)
    if not isinstance(value, dict):
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_AMOUNTS, names=keys, first=keys[0]), value)
    for key, amount in value.items():
        if key not in keys and not_resource is not None and key in _NOT_RESOURCES:
            raise at.error(Problem.of(not_resource, field=field, key=key, allowed=keys), key)
        if key not in keys:
            raise at.error(Problem.of(ErrorCode.DATA_UNKNOWN_RESOURCE, field=field, key=key,
                                      allowed=keys,
                                      hint=_did_you_mean(key, keys)), key)
        if type(amount) is not int or not 0 <= amount <= high:
            raise at.bad(f"{field}.{key}", Problem.of(ErrorCode.EXPECT_INT, low=0, high=high),
                         amount)
    result = {k: v for k, v in value.items() if v}
    if nonempty and not result:
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_SOME_AMOUNTS, names=keys), value)
    return result


def _top(src: _Source, keys: tuple[str, ...], what: ErrorCode) -> tuple[_At, dict[str, object]]:
    """A file's top-level table: ``keys`` plus an optional ``label``."""
    at = _At(src.label)
    data = _fields(at, src.data, ("label", *keys), Problem.of(what))
    _text(at, data, "label", Problem.of(ErrorCode.EXPECT_TEXT, n=300), optional=True, longest=300)
    return at, data


def _array(at: _At, data: dict[str, object], field: str, what: ErrorCode) -> list[object]:
    value = data.get(field, _MISSING)
    if not isinstance(value, list):
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_ARRAY, field=field, what=Problem.of(what)),
                     value)
    return value


def _entry_name(at: _At, kind: ErrorCode, index: int, raw: object,
                pattern: re.Pattern[str] = _ID) -> tuple[_At, dict[str, object]]:
    """Name an array entry by its id when it has a valid one, else by its position."""
    here = at.sub(Problem.of(ErrorCode.ENTRY_NUMBER, kind=Problem.of(kind), index=index))
    if not isinstance(raw, dict):
        raise here.error(Problem.of(ErrorCode.DATA_ENTRY_NOT_TABLE, got=_show(raw)), raw)
    ident = raw.get("id")
    if isinstance(ident, str) and pattern.match(ident):
        here = at.sub(Problem.of(ErrorCode.ENTRY_ID, kind=Problem.of(kind), id=ident))
    return here, raw


def _season_counts(at: _At, field: str, seasons: Iterable[int], per_season: int) -> None:
    counts = Counter(seasons)
    for season in SEASONS:
        if counts[season] != per_season:
            raise at.bad(field, Problem.of(ErrorCode.EXPECT_PER_SEASON, n=per_season),
                         Problem.of(ErrorCode.GOT_IN_SEASON, count=counts[season], season=season))


# ---------------------------------------------------------------- families

def _read_distribution(src: _Source) -> dict[int, dict[CardType, int]]:
    at, data = _top(src, ("season",), ErrorCode.NOUN_DISTRIBUTION_FILE)
    table = _fields(at.sub("season"), data.get("season", _MISSING), ("1", "2", "3"),
                    Problem.of(ErrorCode.NOUN_SEASON_TABLES))
    result: dict[int, dict[CardType, int]] = {}
    for season in SEASONS:
        here = at.sub(Problem.of(ErrorCode.ENTRY_SEASON, season=season))
        if str(season) not in table:
            raise at.bad(f"season.{season}", Problem.of(ErrorCode.EXPECT_CARD_COUNTS), _MISSING)
        row = _fields(here, table[str(season)], tuple(t.value for t in CardType),
                      Problem.of(ErrorCode.NOUN_CARD_COUNTS))
        result[season] = {t: _int(here, row, t.value, 0, CARDS_PER_SEASON[season])
                          for t in CardType}
        total = sum(result[season].values())
        if total != CARDS_PER_SEASON[season]:
            raise at.bad(f"season.{season}", Problem.of(ErrorCode.EXPECT_CARD_COUNTS_SUM,
                                                        n=CARDS_PER_SEASON[season]),
                         Problem.of(ErrorCode.GOT_CARDS, n=total))
    return result


_CARD_FIELDS = ("id", "type", "cost", "gain", "bonus", "bane", "season", "name")


def _read_card(at: _At, code: str, index: int, raw: object) -> Card:
    card_id = re.compile(rf"^{code}[0-9][0-9]$")
    here, table = _entry_name(at, ErrorCode.NOUN_CARD, index, raw, card_id)
    _text(here, table, "id", Problem.of(ErrorCode.EXPECT_CARD_ID, code=code), card_id)
    _fields(here, table, _CARD_FIELDS, Problem.of(ErrorCode.NOUN_EXPEDITION_CARD))
    kind = _text(here, table, "type", Problem.of(ErrorCode.EXPECT_ONE_OF, names=_TYPE_NAMES))
    if kind not in {t.value for t in CardType}:
        raise here.bad("type", Problem.of(ErrorCode.EXPECT_ONE_OF, names=_TYPE_NAMES), kind)
    season = _int(here, table, "season", 1, 3)
    bane = _int(here, table, "bane", 0, MAX_BANE)
    if season == 1 and bane:
        raise here.bad("bane", Problem.of(ErrorCode.EXPECT_NO_BANE), bane)
    return Card(id=str(table["id"]), deck=code, type=CardType(kind),
                cost=_int_or_x(here, table, "cost"), gain=_int_or_x(here, table, "gain"),
                bonus=Gains(**_amounts(here, table, "bonus", RESOURCE_GAINS,
                                       not_resource=ErrorCode.DATA_BONUS_NOT_RESOURCE)), bane=bane,
                season=season, name=_text(here, table, "name", Problem.of(ErrorCode.EXPECT_TEXT,
                                                                          n=80),
                                          optional=True))


def _read_deck(src: _Source, code: str, distribution: dict[int, dict[CardType, int]],
               table_file: str | Problem) -> tuple[str, tuple[Card, ...]]:
    at, data = _top(src, ("deck", "prescient", "card"), ErrorCode.NOUN_DECK_FILE)
    found = _text(at, data, "deck", Problem.of(ErrorCode.EXPECT_DECK_CODE), re.compile(r"^[A-Z]$"))
    if found != code:
        raise at.bad("deck", Problem.of(ErrorCode.EXPECT_THIS_DECK, code=code), found)
    prescient = _text(at, data, "prescient", Problem.of(ErrorCode.EXPECT_PRESCIENT))
    items = _array(at, data, "card", ErrorCode.NOUN_EXPEDITION_CARD)
    cards = tuple(_read_card(at, code, i, raw) for i, raw in enumerate(items, start=1))
    size = sum(CARDS_PER_SEASON.values())
    if len(cards) != size:
        raise at.bad("card", Problem.of(ErrorCode.EXPECT_CARD_TOTAL, n=size),
                     Problem.of(ErrorCode.GOT_CARDS, n=len(cards)))
    for season in SEASONS:
        wanted = distribution[season]
        got = Counter(c.type for c in cards if c.season == season)
        if any(got[t] != wanted[t] for t in CardType):
            def show(counts: Mapping[CardType, int]) -> str:
                return ", ".join(f"{t.value} {counts.get(t, 0)}" for t in CardType)
            raise at.sub(Problem.of(ErrorCode.ENTRY_SEASON, season=season)).bad(
                "type", Problem.of(ErrorCode.EXPECT_DISTRIBUTION, file=table_file,
                                   counts=show(wanted)),
                Problem.of(ErrorCode.GOT_COUNTS, counts=show(got)))
    return prescient, tuple(sorted(cards, key=lambda c: c.id))


_MACHINE_FIELDS = ("batteries", "condition", "effect")


def _read_machine(at: _At, item: object, line: int) -> Machine:
    raw = _fields(at, item, _MACHINE_FIELDS, Problem.of(ErrorCode.NOUN_MACHINE))
    batteries = _int(at, raw, "batteries", 1, 4)
    text = _text(at, raw, "condition", Problem.of(ErrorCode.EXPECT_CONDITION))
    try:
        condition = parse_condition(text)
    except DataError as exc:
        raise at.error(Problem.of(ErrorCode.DATA_CONDITION, detail=exc.problem or str(exc)),
                       text) from None
    except ValueError as exc:  # an int too long to read
        raise at.error(Problem.of(ErrorCode.DATA_CONDITION, detail=str(exc)), text) from None
    scope = LINE_SCOPE[line]
    if condition.scope != scope:
        expected = (Problem.of(ErrorCode.EXPECT_LINE_SCOPE, scope=scope, line=line) if line
                    else Problem.of(ErrorCode.EXPECT_FACE_SCOPE, scope=scope))
        raise at.bad("condition", expected, text)
    effect = Gains(**_amounts(at, raw, "effect", _GAIN_KEYS, nonempty=True))
    if line == 0:
        allowed = _STANDARD.get((condition.kind, str(condition.args[0]) if condition.args else ""))
        if allowed is None:
            raise at.bad("condition", Problem.of(ErrorCode.EXPECT_STANDARD), text)
        if effect not in allowed:
            raise at.bad("effect", Problem.of(ErrorCode.EXPECT_STANDARD_EFFECT),
                         dict(effect.items()))
    return Machine(batteries=batteries, condition=condition, effect=effect, line=line)


def _read_face(at: _At, room: dict[str, object], face: str) -> tuple[Machine, Machine, Machine]:
    items = room.get(face, _MISSING)
    if not isinstance(items, list) or len(items) != 3:
        shown = Problem.of(ErrorCode.GOT_MACHINES, n=len(items)) if isinstance(items,
                                                                               list) else items
        raise at.bad(face, Problem.of(ErrorCode.EXPECT_THREE_MACHINES), shown)
    advanced = face == "advanced"
    m1, m2, m3 = (_read_machine(at.sub(Problem.of(ErrorCode.ENTRY_MACHINE, entry=at.entry,
                                                  face=face, index=i)),
                                raw, i if advanced else 0)
                  for i, raw in enumerate(items, start=1))
    if face == "standard":
        texts = Counter((m.condition.kind, m.condition.args) for m in (m1, m2, m3))
        if max(texts.values()) > 1:
            raise at.bad("standard", Problem.of(ErrorCode.EXPECT_THREE_CONDITIONS),
                         [m.condition.text for m in (m1, m2, m3)])
    return m1, m2, m3


def _read_rooms(src: _Source) -> tuple[MachineRoom, ...]:
    at, data = _top(src, ("room",), ErrorCode.NOUN_ROOMS_FILE)
    items = _array(at, data, "room", ErrorCode.NOUN_ROOM_TILE)
    if len(items) != ROOM_COUNT:
        raise at.bad("room", Problem.of(ErrorCode.EXPECT_ROOM_COUNT, n=ROOM_COUNT),
                     Problem.of(ErrorCode.GOT_ROOMS, n=len(items)))
    rooms = []
    for index, raw in enumerate(items, start=1):
        here, table = _entry_name(at, ErrorCode.NOUN_ROOM, index, raw)
        _text(here, table, "id", Problem.of(ErrorCode.EXPECT_ID, example="R01"), _ID)
        _fields(here, table, ("id", "name", "standard", "advanced"),
                Problem.of(ErrorCode.NOUN_ROOM_TILE))
        rooms.append(MachineRoom(id=str(table["id"]),
                                 name=_text(here, table, "name",
                                            Problem.of(ErrorCode.EXPECT_ROOM_NAME)),
                                 standard=_read_face(here, table, "standard"),
                                 advanced=_read_face(here, table, "advanced")))
    seen: dict[object, str] = {}
    for room in rooms:
        face = tuple(sorted((m.batteries, m.condition.kind, m.condition.args, m.effect.astuple())
                            for m in room.standard))
        if face in seen:
            raise at.sub(Problem.of(ErrorCode.ENTRY_ID, kind=Problem.of(ErrorCode.NOUN_ROOM),
                                    id=room.id)).bad(
                "standard", Problem.of(ErrorCode.EXPECT_OTHER_FACE, room=seen[face]),
                [m.describe() for m in room.standard])
        seen[face] = room.id
    return tuple(sorted(rooms, key=lambda r: r.id))


def _read_tiles(at: _At, data: dict[str, object], field: str, kind: ErrorCode,
                extra: tuple[str, ...] = ()) -> list[tuple[_At, dict[str, object]]]:
    result = []
    for index, raw in enumerate(_array(at, data, field, kind), start=1):
        here, table = _entry_name(at, kind, index, raw)
        _text(here, table, "id", Problem.of(ErrorCode.EXPECT_ID, example="W1a"), _ID)
        _fields(here, table, ("id", "season", "name", *extra), Problem.of(kind))
        _int(here, table, "season", 1, 3)
        _text(here, table, "name", Problem.of(ErrorCode.EXPECT_TILE_NAME))
        result.append((here, table))
    return result


def _read_river(src: _Source) -> tuple[tuple[RiverTile, ...], tuple[IslandTile, ...],
                                      tuple[CoopRiverTile, ...]]:
    at, data = _top(src, ("river", "island", "coop_river"), ErrorCode.NOUN_RIVER_FILE)
    river = []
    for here, t in _read_tiles(at, data, "river", ErrorCode.NOUN_RIVER_TILE, ("gains", "losses")):
        season = int(str(t["season"]))
        present, absent = ("gains", "losses") if season == 1 else ("losses", "gains")
        if absent in t:
            raise here.bad(absent, Problem.of(ErrorCode.EXPECT_ABSENT, season=season), t[absent])
        keys = RESOURCE_GAINS if present == "gains" else _LOSS_KEYS
        amounts = _amounts(here, t, present, keys, nonempty=True,
                           not_resource=ErrorCode.DATA_RIVER_NOT_RESOURCE)
        river.append(RiverTile(id=str(t["id"]), season=season, name=str(t["name"]),
                               gains=Gains(**amounts) if present == "gains" else Gains(),
                               losses=Losses(**amounts) if present == "losses" else Losses()))
    _season_counts(at, "river", (t.season for t in river), RIVER_TILES_PER_SEASON)
    islands = [IslandTile(id=str(t["id"]), season=int(str(t["season"])), name=str(t["name"]))
               for _, t in _read_tiles(at, data, "island", ErrorCode.NOUN_ISLAND_TILE)]
    _season_counts(at, "island", (t.season for t in islands), 1)
    coop = [CoopRiverTile(id=str(t["id"]), season=int(str(t["season"])), name=str(t["name"]),
                          supplies=Gains(**_amounts(here, t, "supplies", _SUPPLY_KEYS))
                          if "supplies" in t else NO_GAINS)
            for here, t in _read_tiles(at, data, "coop_river", ErrorCode.NOUN_COOP_TILE,
                                       ("supplies",))]
    _season_counts(at, "coop_river", (t.season for t in coop), 1)
    return (tuple(sorted(river, key=lambda t: t.id)),
            tuple(sorted(islands, key=lambda t: t.season)),
            tuple(sorted(coop, key=lambda t: t.season)))


def _read_side(at: _At, table: dict[str, object], side: str) -> tuple[Requirement, ...]:
    items = table.get(side, _MISSING)
    if not isinstance(items, list) or not items:
        raise at.bad(side, Problem.of(ErrorCode.EXPECT_REQUIREMENTS), items)
    result = []
    for index, raw in enumerate(items, start=1):
        name = f"{side}[{index}]"
        req = _fields(at, raw, ("resource", "amount", "scope"),
                      Problem.of(ErrorCode.NOUN_REQUIREMENT, name=name))
        resource = req.get("resource", _MISSING)
        if resource not in REQUIREMENT_RESOURCES:
            raise at.bad(f"{name}.resource",
                         Problem.of(ErrorCode.EXPECT_ONE_OF,
                                    names=tuple(REQUIREMENT_RESOURCES)), resource)
        scope = req.get("scope", _MISSING)
        if scope not in ("one", "each"):
            raise at.bad(f"{name}.scope", Problem.of(ErrorCode.EXPECT_SCOPE), scope)
        result.append(Requirement(resource=str(resource), scope=str(scope),
                                  amount=_int(at, req, "amount", 1, MAX_AMOUNT)))
    return tuple(result)


def _easier(easy: Requirement, hard: Requirement) -> bool:
    return (easy.resource == hard.resource and easy.amount <= hard.amount
            and (easy.scope == "one" or hard.scope == "each"))


def _read_objectives(src: _Source) -> tuple[ObjectiveTile, ...]:
    at, data = _top(src, ("objective",), ErrorCode.NOUN_OBJECTIVES_FILE)
    tiles = []
    for index, raw in enumerate(_array(at, data, "objective", ErrorCode.NOUN_OBJECTIVE_TILE),
                                start=1):
        here, t = _entry_name(at, ErrorCode.NOUN_OBJECTIVE, index, raw)
        _text(here, t, "id", Problem.of(ErrorCode.EXPECT_ID, example="O1a"), _ID)
        _fields(here, t, ("id", "season", "full", "mitigated", "mitigate_cost"),
                Problem.of(ErrorCode.NOUN_OBJECTIVE_TILE))
        full, mitigated = _read_side(here, t, "full"), _read_side(here, t, "mitigated")
        for req in mitigated:
            if not any(_easier(req, hard) for hard in full):
                raise here.bad("mitigated", Problem.of(ErrorCode.EXPECT_EASIER), req.describe())
        tiles.append(ObjectiveTile(
            id=str(t["id"]), season=_int(here, t, "season", 1, 3), full=full, mitigated=mitigated,
            mitigate_cost=Gains(**_amounts(here, t, "mitigate_cost", MITIGATION_RESOURCES,
                                           nonempty=True))))
    _season_counts(at, "objective", (t.season for t in tiles), OBJECTIVES_PER_SEASON)
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
        *((c.id, source(f"deck:{c.deck}").label, ErrorCode.NOUN_CARD) for d in decks.values()
          for c in d),
        *((r.id, source("rooms").label, ErrorCode.NOUN_ROOM) for r in rooms),
        *((t.id, source("river").label, ErrorCode.NOUN_RIVER_TILE) for t in river),
        *((t.id, source("river").label, ErrorCode.NOUN_ISLAND_TILE) for t in islands),
        *((t.id, source("river").label, ErrorCode.NOUN_COOP_TILE) for t in coop),
        *((t.id, source("objectives").label, ErrorCode.NOUN_OBJECTIVE) for t in objectives),
    ], {s.label for s in overrides.values()})
    content = {"decks": decks, "prescients": prescients, "distribution": distribution,
               "rooms": rooms, "river": river, "islands": islands, "coop_river": coop,
               "objectives": objectives}
    return Components(name=name, decks=decks, prescients=prescients, distribution=distribution,
                      rooms=rooms, river=river, islands=islands, coop_river=coop,
                      objectives=objectives, fingerprint=fingerprint_of(content))


def _check_unique_ids(entries: list[tuple[str, str | Problem, ErrorCode]],
                      user_files: set[str | Problem]) -> None:
    """Every id once; a clash is reported in the user's file rather than in a shipped one."""
    seen: dict[str, tuple[str | Problem, Problem]] = {}
    for ident, file, kind in sorted(entries, key=lambda e: e[1] in user_files):
        entry = Problem.of(ErrorCode.ENTRY_ID, kind=Problem.of(kind), id=ident)
        if ident in seen:
            other_file, other_entry = seen[ident]
            raise _At(file, entry).bad(
                "id", Problem.of(ErrorCode.EXPECT_UNIQUE),
                Problem.of(ErrorCode.GOT_USED, id=ident, entry=other_entry, file=other_file))
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


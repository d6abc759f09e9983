"""Load the component data files (TOML) and validate them into :class:`Components`.

The shipped files under ``precog/data/`` are precog's own reference set, not the publisher's
print. Any family can be replaced by a user file with the same schema (docs/components.md):

>>> comps = reference_components()
>>> comps.name, sorted(comps.decks), len(comps.rooms), len(comps.fingerprint)
('reference', ['D', 'K', 'P', 'T'], 12, 12)
>>> load_components({"rooms": "no_such_file.toml"})
Traceback (most recent call last):
...
precog.engine.errors.DataError: no_such_file.toml: cannot read the file (no such file or directory)

Every problem raises :class:`DataError` naming the file, the entry and the field. Files are only
ever parsed as TOML (no pickle, no eval). The field readers are in
:mod:`precog.engine.data_fields`, the reader of each family in :mod:`precog.engine.data_families`;
this module holds the public door, the shipped files and the assembly of the whole set (the
names that moved to those modules stay importable from here).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from importlib import resources
from pathlib import Path

from precog.engine.components import Card, Components
from precog.engine.data_families import CARDS_PER_SEASON as CARDS_PER_SEASON
from precog.engine.data_families import OBJECTIVES_PER_SEASON as OBJECTIVES_PER_SEASON
from precog.engine.data_families import RIVER_TILES_PER_SEASON as RIVER_TILES_PER_SEASON
from precog.engine.data_families import ROOM_COUNT as ROOM_COUNT
from precog.engine.data_families import _easier as _easier
from precog.engine.data_families import _read_deck as _read_deck
from precog.engine.data_families import _read_distribution as _read_distribution
from precog.engine.data_families import _read_objectives as _read_objectives
from precog.engine.data_families import _read_river as _read_river
from precog.engine.data_families import _read_rooms as _read_rooms
from precog.engine.data_fields import _ID as _ID
from precog.engine.data_fields import MAX_AMOUNT as MAX_AMOUNT
from precog.engine.data_fields import MAX_BANE as MAX_BANE
from precog.engine.data_fields import MAX_VALUE as MAX_VALUE
from precog.engine.data_fields import SEASONS as SEASONS
from precog.engine.data_fields import _At as _At
from precog.engine.data_fields import _parse as _parse
from precog.engine.data_fields import _Source as _Source
from precog.engine.errors import DataError
from precog.engine.files import clip_path, read_regular_file
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

MAX_FILE_BYTES = 1 << 20  # a component file is a few KB
_DECK_KEY = re.compile(r"^deck:([A-Z])$")


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

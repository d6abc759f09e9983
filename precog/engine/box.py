"""A box file: your own decks, rooms, River and Objective tiles, entered progressively.

One TOML file (schema in docs/components.md, "Your table, your box"). Everything is optional
except the shape of what is entered; what is missing is *unknown*:

* a deck not in the file, or a card slot not entered, is a card whose deck, season and type
  are known (the distribution table) but whose face is not; so is a card entered with its
  ``type`` and ``season`` but without ``cost`` and ``gain``;
* a River tile or Objective not entered is unknown, with the season of its slot;
* a Machine Room not entered is the reference room with the same id (rooms are public and
  chosen at the table; the analysis says the set is not the reference one).

Unknown faces are hidden information (see :mod:`precog.engine.faces`). Loading refuses with a
:class:`DataError` naming the field whatever does not fit: wrong types, counts beyond the
distribution table, a file that is not a regular file or too large. Only ever parsed as TOML.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from typing import Any

from precog.engine.components import CardType, Components
from precog.engine.data_loading import (
    _ID,
    OBJECTIVES_PER_SEASON,
    RIVER_TILES_PER_SEASON,
    SEASONS,
    _At,
    _parse,
    _read_deck,
    _read_distribution,
    _read_objectives,
    _read_river,
    _read_rooms,
    _shipped_source,
    _Source,
    reference_components,
)
from precog.engine.errors import DataError
from precog.engine.files import clip_path, read_regular_file
from precog.engine.problems import ErrorCode, Problem

__all__ = ["BOX_FORMAT", "MAX_BOX_BYTES", "box_from_data", "load_box", "load_box_text"]

BOX_FORMAT = "precog-box"
BOX_VERSION = 1
MAX_BOX_BYTES = 256 * 1024  # a whole box is about 30 KB of TOML
_TOP = ("format", "version", "name", "label", "distribution", "deck", "room", "river",
        "objective")
_DECK = ("code", "prescient", "card")
_CODE = re.compile(r"^[A-Z]$")
_VALUE_FIELDS = ("cost", "gain", "bonus", "bane", "name")
_CARD_NUMBER = re.compile(r"^[A-Z][0-9][0-9]$")
DECK_CARDS = 24  # 10 + 8 + 6: a card's id is its deck code and 01..24


def load_box(path: str | os.PathLike[str]) -> Components:
    """The component set a box file describes (see the module text)."""
    raw = read_regular_file(path, MAX_BOX_BYTES, DataError)
    label = clip_path(path)
    return box_from_data(_parse(label, raw), label)


def load_box_text(text: str | bytes, label: str = "<box text>") -> Components:
    """Like :func:`load_box` with the file's content."""
    raw = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(raw) > MAX_BOX_BYTES:
        raise DataError(Problem.of(ErrorCode.FILE_TOO_BIG, file=label, size=len(raw),
                                   limit=MAX_BOX_BYTES))
    return box_from_data(_parse(label, raw), label)


def box_from_data(data: dict[str, Any], label: str) -> Components:
    """The component set of a parsed box file."""
    at = _At(label)
    _only(at, data, _TOP, Problem.of(ErrorCode.BOX_FILE))
    if data.get("format", BOX_FORMAT) != BOX_FORMAT or data.get("version", 1) != BOX_VERSION:
        raise at.bad("format", Problem.of(ErrorCode.BOX_FORMAT, format=BOX_FORMAT,
                                          version=BOX_VERSION),
                     data.get("format"))
    name = data.get("name", "your box")
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        raise at.bad("name", Problem.of(ErrorCode.EXPECT_TEXT, n=80), name)
    unknown: set[str] = set()
    distribution = _distribution(at, data)
    decks, prescients = {}, {}
    for code, src in _deck_sources(at, data, unknown).items():
        prescients[code], decks[code] = _read_deck(src, code, distribution, label)
    rooms = _read_rooms(_Source(label, {"room": _rooms(at, data)}))
    river_raw, island, coop = _river(at, data, unknown)
    river, islands, coop_river = _read_river(
        _Source(label, {"river": river_raw, "island": island, "coop_river": coop}))
    objectives = _read_objectives(_Source(label, {"objective": _objectives(at, data, unknown)}))
    ids = Counter([c.id for d in decks.values() for c in d] + [r.id for r in rooms]
                  + [t.id for t in river] + [t.id for t in islands]
                  + [t.id for t in coop_river] + [t.id for t in objectives])
    twice = sorted(i for i, n in ids.items() if n > 1)
    if twice:
        raise at.bad("id", Problem.of(ErrorCode.BOX_UNIQUE), twice[:5])
    digest = hashlib.sha256(repr((sorted(data.items(), key=str), sorted(unknown))).encode())
    return Components(name=name, decks=decks, prescients=prescients, distribution=distribution,
                      rooms=rooms, river=river, islands=islands, coop_river=coop_river,
                      objectives=objectives, fingerprint="box-" + digest.hexdigest()[:8],
                      unknown=frozenset(unknown), prior="reference" if unknown else "")


# ---------------------------------------------------------------- pieces

def _only(at: _At, table: object, allowed: tuple[str, ...], what: Problem) -> dict[str, Any]:
    if not isinstance(table, dict):
        raise at.error(Problem.of(ErrorCode.DATA_NOT_TABLE, what=what, got=type(table).__name__))
    for key in table:
        if key not in allowed:
            raise at.error(Problem.of(ErrorCode.DATA_UNKNOWN_FIELD, key=str(key)[:30],
                                      allowed=allowed,
                                      hint=""))
    return table


def _entries(at: _At, data: dict[str, Any], field: str, most: int) -> list[dict[str, Any]]:
    items = data.get(field, [])
    if not isinstance(items, list):
        raise at.bad(field, Problem.of(ErrorCode.EXPECT_ARRAY, field=field, what=field),
                     type(items).__name__)
    if len(items) > most:
        raise at.bad(field, Problem.of(ErrorCode.BOX_AT_MOST, n=most),
                     Problem.of(ErrorCode.BOX_ENTRIES, n=len(items)))
    for i, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise at.sub(Problem.of(ErrorCode.ENTRY_NUMBER, kind=field, index=i)).error(
                Problem.of(ErrorCode.DATA_ENTRY_NOT_TABLE, got=repr(item)[:40]))
    return items


def _distribution(at: _At, data: dict[str, Any]) -> dict[int, dict[CardType, int]]:
    if "distribution" not in data:
        return reference_components().distribution
    table = _only(at.sub("distribution"), data["distribution"], ("season",),
                  Problem.of(ErrorCode.NOUN_SEASON_TABLES))
    return _read_distribution(_Source(f"{at.file} [distribution]", table))


def _deck_sources(at: _At, data: dict[str, Any], unknown: set[str]) -> dict[str, _Source]:
    """Per deck code, a complete deck file's data: entered cards plus stand-ins for the rest."""
    ref = reference_components()
    entered: dict[str, dict[str, Any]] = {}
    for i, deck in enumerate(_entries(at, data, "deck", 26), start=1):
        here = at.sub(Problem.of(ErrorCode.ENTRY_NUMBER, kind=Problem.of(ErrorCode.BOX_DECK_NOUN),
                                 index=i))
        _only(here, deck, _DECK, Problem.of(ErrorCode.BOX_DECK))
        code = deck.get("code")
        if not isinstance(code, str) or not _CODE.match(code):
            raise here.bad("code", Problem.of(ErrorCode.EXPECT_DECK_CODE), code)
        if code in entered:
            raise here.bad("code", Problem.of(ErrorCode.BOX_DECK_ONCE), code)
        entered[code] = deck
    codes = list(ref.decks) + sorted(c for c in entered if c not in ref.decks)
    out = {}
    for code in codes:
        deck = entered.get(code, {})
        here = at.sub(Problem.of(ErrorCode.ENTRY_ID, kind=Problem.of(ErrorCode.BOX_DECK_NOUN),
                                 id=code))
        prescient = deck.get("prescient", ref.prescients.get(code, f"Prescient {code}"))
        cards = _cards(here, code, _entries(here, deck, "card", 24), unknown)
        out[code] = _Source(f"{at.file} deck {code}",
                            {"deck": code, "prescient": prescient, "card": cards})
    return out


def _cards(at: _At, code: str, cards: list[dict[str, Any]],
           unknown: set[str]) -> list[dict[str, Any]]:
    dist = reference_components().distribution
    result: list[dict[str, Any]] = []
    slots: Counter[tuple[int, str]] = Counter()
    for i, card in enumerate(cards, start=1):
        ident = card.get("id")
        here = at.sub(Problem.of(ErrorCode.ENTRY_ID, kind=Problem.of(ErrorCode.NOUN_CARD), id=ident)
                      if isinstance(ident, str) and len(ident) <= 16
                      else Problem.of(ErrorCode.ENTRY_NUMBER, kind=Problem.of(ErrorCode.NOUN_CARD),
                                      index=i))
        if isinstance(ident, str) and _CARD_NUMBER.match(ident) and not \
                1 <= int(ident[1:]) <= DECK_CARDS:
            raise here.bad("id", Problem.of(ErrorCode.BOX_CARD_SLOT, code=code, n=DECK_CARDS),
                           ident)
        season, kind = card.get("season"), card.get("type")
        if type(season) is not int or season not in SEASONS:
            raise here.bad("season", Problem.of(ErrorCode.BOX_SEASON), season)
        if not isinstance(kind, str) or kind not in {t.value for t in CardType}:
            raise here.bad("type", Problem.of(ErrorCode.EXPECT_ONE_OF,
                                              names=[t.value for t in CardType]), kind)
        slots[season, kind] += 1
        if slots[season, kind] > dist[season][CardType(kind)]:
            raise here.bad("type", Problem.of(ErrorCode.BOX_KIND_LIMIT,
                                              n=dist[season][CardType(kind)],
                                              kind=kind, season=season),
                           Problem.of(ErrorCode.BOX_CARD_OF_KIND, n=slots[season, kind]))
        given = [f for f in ("cost", "gain") if f in card]
        if len(given) == 1:
            raise here.bad("cost" if "cost" not in card else "gain", Problem.of(ErrorCode.BOX_BOTH),
                           Problem.of(ErrorCode.GOT_MISSING))
        result.append({"bonus": {}, "bane": 0, **card} if given
                      else _stand_in(card, code, unknown))
    used = {c.get("id") for c in result if isinstance(c.get("id"), str)}
    free = [f"{code}{n:02d}" for n in range(1, 25) if f"{code}{n:02d}" not in used]
    for season in SEASONS:
        for kind in CardType:
            for _ in range(dist[season][kind] - slots[season, kind.value]):
                if not free:
                    raise at.bad("card", Problem.of(ErrorCode.BOX_IDS_LEFT, code=code),
                                 Problem.of(ErrorCode.BOX_EVERY_ID))
                blank = {"id": free.pop(0), "season": season, "type": kind.value}
                result.append(_stand_in(blank, code, unknown))
    return result


def _stand_in(card: dict[str, Any], code: str, unknown: set[str]) -> dict[str, Any]:
    """An unknown card slot: the first face of its prior as a stand-in (never played as is)."""
    from precog.engine.components import NO_GAINS, Card
    from precog.engine.faces import prior_face_pool

    slot = Card(id=str(card.get("id", "")), deck=code, type=CardType(card["type"]), cost=0,
                gain=0, bonus=NO_GAINS, bane=0, season=int(card["season"]))
    face = prior_face_pool(slot, reference_components())[0]
    assert isinstance(face, Card)
    unknown.add(slot.id)
    out = {k: v for k, v in card.items() if k not in _VALUE_FIELDS}
    out.update(cost="X" if face.cost is None else face.cost,
               gain="X" if face.gain is None else face.gain, bonus=dict(face.bonus.items()),
               bane=face.bane)
    return out


def _rooms(at: _At, data: dict[str, Any]) -> list[dict[str, Any]]:
    rooms = {str(r["id"]): r for r in _shipped_source("rooms").data["room"]}  # type: ignore
    for i, room in enumerate(_entries(at, data, "room", 12), start=1):
        ident = room.get("id")
        if not isinstance(ident, str) or ident not in rooms:
            raise at.sub(Problem.of(ErrorCode.ENTRY_NUMBER, kind=Problem.of(ErrorCode.NOUN_ROOM),
                                    index=i)).bad(
                "id", Problem.of(ErrorCode.BOX_ROOM_ID, ids=list(rooms)), ident)
        rooms[ident] = room
    return list(rooms.values())


def _tiles(at: _At, data: dict[str, Any], field: str, shipped: list[Any], per_season: int,
           unknown: set[str]) -> list[dict[str, Any]]:
    entered = _entries(at, data, field, 3 * per_season)
    counts: Counter[int] = Counter()
    for i, tile in enumerate(entered, start=1):
        here = at.sub(Problem.of(ErrorCode.ENTRY_NUMBER, kind=field, index=i))
        season = tile.get("season")
        if type(season) is not int or season not in SEASONS:
            raise here.bad("season", Problem.of(ErrorCode.BOX_SEASON), season)
        ident = tile.get("id")
        if not isinstance(ident, str) or not _ID.match(ident):
            raise here.bad("id", Problem.of(ErrorCode.EXPECT_ID, example="W1a"), ident)
        slots = [str(t["id"]) for t in shipped if t["season"] == season]
        if ident not in slots:  # the box's tiles of a season are its slots, each once
            raise here.bad("id", Problem.of(ErrorCode.BOX_TILE_SLOT, ids=slots, season=season),
                           ident)
        counts[season] += 1
        if counts[season] > per_season:
            raise here.bad("season", Problem.of(ErrorCode.BOX_TILES_PER_SEASON, n=per_season,
                                                field=field),
                           Problem.of(ErrorCode.BOX_TILE_OF_SEASON, n=counts[season],
                                      season=season))
    used = {t["id"] for t in entered}
    result = list(entered)
    for season in SEASONS:
        free = [t for t in shipped if t["season"] == season and t["id"] not in used]
        for tile in free[:per_season - counts[season]]:
            result.append(tile)
            unknown.add(str(tile["id"]))
    return result


def _river(at: _At, data: dict[str, Any], unknown: set[str]) -> tuple[list[Any], Any, Any]:
    shipped = _shipped_source("river").data
    river = _tiles(at, data, "river", list(shipped["river"]),  # type: ignore[call-overload]
                   RIVER_TILES_PER_SEASON, unknown)
    return river, shipped["island"], shipped["coop_river"]


def _objectives(at: _At, data: dict[str, Any], unknown: set[str]) -> list[Any]:
    shipped = _shipped_source("objectives").data["objective"]
    return _tiles(at, data, "objective", list(shipped),  # type: ignore[call-overload]
                  OBJECTIVES_PER_SEASON, unknown)

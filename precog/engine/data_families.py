"""Each family of component file read into engine values: decks, rooms, River, Objectives.

One reader per family (``_read_distribution``, ``_read_deck``, ``_read_rooms``,
``_read_river``, ``_read_objectives``) with the entries they are made of (a card, a machine, a
room face, a tile, an objective side), and the counts and standard machines a component set must
have. :mod:`precog.engine.data_loading` puts them together into a :class:`Components`; the field
readers they share are in :mod:`precog.engine.data_fields`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import fields

from precog.engine.components import (
    MITIGATION_RESOURCES,
    NO_GAINS,
    REQUIREMENT_RESOURCES,
    RESOURCE_GAINS,
    Card,
    CardType,
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
from precog.engine.data_fields import (
    _ID,
    _MISSING,
    MAX_AMOUNT,
    MAX_BANE,
    SEASONS,
    _amounts,
    _array,
    _At,
    _entry_name,
    _fields,
    _int,
    _int_or_x,
    _season_counts,
    _Source,
    _text,
    _top,
)
from precog.engine.errors import DataError
from precog.engine.machines import LINE_SCOPE, parse_condition
from precog.engine.problems import ErrorCode, Problem

CARDS_PER_SEASON = {1: 10, 2: 8, 3: 6}
ROOM_COUNT = 12
RIVER_TILES_PER_SEASON = 4
OBJECTIVES_PER_SEASON = 8

_GAIN_KEYS = tuple(f.name for f in fields(Gains))
_LOSS_KEYS = tuple(f.name for f in fields(Losses))
_SUPPLY_KEYS = ("food", "human", "doctor", "protector", "heal")  # no placing choice
_TYPE_NAMES = tuple(f'"{t.value}"' for t in CardType)
_STANDARD = {  # the six standard machines: (condition kind, card type) -> allowed effects
    ("type_and_other", "Human"): (Gains(human=1),),
    ("type_and_other", "Battery"): (Gains(protector=1),),
    ("type_and_other", "Ymune"): (Gains(ymune=1),),
    ("type_and_other", "Food"): (Gains(food=1), Gains(food=2)),
    ("bane_and_no_bane", ""): (Gains(human=2),),
}


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

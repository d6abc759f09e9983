"""Actions: small frozen values with a short text notation that prints and parses.

=====================  ==========================================================
notation               meaning
=====================  ==========================================================
``rooms R03 R07``      advanced setup: keep these 2 of your 3 Machine Rooms
``pass D02 D05``       advanced setup: these 2 of your first 4 cards go right
``keep D03 give T07``  Decision phase: Keep D03, Give T07 to the left neighbour
``activate both``      Action phase: activate both cards (``G``: only the kept
                       card, ``R``: only the card from the right neighbour)
``food 3``             take 3 of the Food on offer (fewer declines the rest)
``humans 2``           take 2 of the Humans on offer
``ymunes 1D 2P``       place Ymunes on offer: 1 Doctor, 2 Protectors
``heal 2``             heal 2 Contaminated Humans (a machine's effect)
``battery m4``         put one Battery on machine 4 (m1-m3 first room, m4-m6
                       second); ``battery none`` declines or loses it
``reveal``             cooperative: reveal the season's next Objective tile
``mitigate O12``       cooperative: pay O12's price to flip it to its mitigated side
``done``               cooperative: end your Action phase
``protectors 2``       Maintenance: return 2 Protectors to lower Bane
``lose 2H 1C``         Maintenance: lose 2 Healthy and 1 Contaminated Humans
``river ignore``       return a Protector to ignore the River tile (``river accept``)
=====================  ==========================================================
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from precog.engine.errors import ActionParseError
from precog.engine.problems import ErrorCode, Problem
from precog.engine.refusals import Refusal, RefusalCode


@dataclass(frozen=True, slots=True)
class ChooseRooms:
    rooms: tuple[str, str]

    def __str__(self) -> str:
        return f"rooms {self.rooms[0]} {self.rooms[1]}"


@dataclass(frozen=True, slots=True)
class PassCards:
    cards: tuple[str, str]

    def __str__(self) -> str:
        return f"pass {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True, slots=True)
class Choose:
    """The Dual Select choice: Keep one of the 4 cards, Give one Decision Zone card."""

    keep: str
    give: str

    def __str__(self) -> str:
        return f"keep {self.keep} give {self.give}"


@dataclass(frozen=True, slots=True)
class Activate:
    slots: str  # "both", "G" or "R"

    def __str__(self) -> str:
        return f"activate {self.slots}"


@dataclass(frozen=True, slots=True)
class TakeFood:
    amount: int

    def __str__(self) -> str:
        return f"food {self.amount}"


@dataclass(frozen=True, slots=True)
class TakeHumans:
    amount: int

    def __str__(self) -> str:
        return f"humans {self.amount}"


@dataclass(frozen=True, slots=True)
class PlaceYmunes:
    doctors: int
    protectors: int

    def __str__(self) -> str:
        return f"ymunes {self.doctors}D {self.protectors}P"


@dataclass(frozen=True, slots=True)
class Heal:
    amount: int

    def __str__(self) -> str:
        return f"heal {self.amount}"


@dataclass(frozen=True, slots=True)
class PlaceBattery:
    machine: int | None  # 0..5, or None to decline / lose it

    def __str__(self) -> str:
        return "battery none" if self.machine is None else f"battery m{self.machine + 1}"


@dataclass(frozen=True, slots=True)
class Reveal:
    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True, slots=True)
class Mitigate:
    tile: str

    def __str__(self) -> str:
        return f"mitigate {self.tile}"


@dataclass(frozen=True, slots=True)
class EndActions:
    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class SpendProtectors:
    amount: int

    def __str__(self) -> str:
        return f"protectors {self.amount}"


@dataclass(frozen=True, slots=True)
class LoseHumans:
    healthy: int
    contaminated: int

    def __str__(self) -> str:
        return f"lose {self.healthy}H {self.contaminated}C"


@dataclass(frozen=True, slots=True)
class IgnoreRiver:
    ignore: bool

    def __str__(self) -> str:
        return "river ignore" if self.ignore else "river accept"


Action = (ChooseRooms | PassCards | Choose | Activate | TakeFood | TakeHumans | PlaceYmunes | Heal
          | PlaceBattery | Reveal | Mitigate | EndActions | SpendProtectors | LoseHumans
          | IgnoreRiver)

A = TypeVar("A")

_ID = r"([A-Za-z0-9][A-Za-z0-9_-]{0,15})"
_N = r"([0-9]{1,2})"  # ASCII digits only (int() would also read other scripts' digits)
_PATTERNS: list[tuple[re.Pattern[str], type]] = [
    (re.compile(rf"^rooms {_ID} {_ID}$"), ChooseRooms),
    (re.compile(rf"^pass {_ID} {_ID}$"), PassCards),
    (re.compile(rf"^keep {_ID} give {_ID}$"), Choose),
    (re.compile(r"^activate (both|g|r)$"), Activate),
    (re.compile(rf"^food {_N}$"), TakeFood),
    (re.compile(rf"^humans {_N}$"), TakeHumans),
    (re.compile(rf"^ymunes {_N}d {_N}p$"), PlaceYmunes),
    (re.compile(rf"^heal {_N}$"), Heal),
    (re.compile(r"^battery (?:m([1-6])|(none))$"), PlaceBattery),
    (re.compile(r"^reveal$"), Reveal),
    (re.compile(rf"^mitigate {_ID}$"), Mitigate),
    (re.compile(r"^done$"), EndActions),
    (re.compile(rf"^protectors {_N}$"), SpendProtectors),
    (re.compile(rf"^lose {_N}h {_N}c$"), LoseHumans),
    (re.compile(r"^river (ignore|accept)$"), IgnoreRiver),
]



MAX_ACTION_TEXT = 200  # the longest notation is about 20 characters; spaces are allowed

# The type of each field of each action: an action built in code with a float, a bool or a
# list where a number or an id belongs is refused (1.0 == 1 would pass a legality check).
_FIELD_TYPES: dict[type, tuple[tuple[str, type | tuple[type, ...]], ...]] = {
    ChooseRooms: (("rooms", tuple),), PassCards: (("cards", tuple),),
    Choose: (("keep", str), ("give", str)), Activate: (("slots", str),),
    TakeFood: (("amount", int),), TakeHumans: (("amount", int),),
    PlaceYmunes: (("doctors", int), ("protectors", int)), Heal: (("amount", int),),
    PlaceBattery: (("machine", (int, type(None))),), Reveal: (), Mitigate: (("tile", str),),
    EndActions: (), SpendProtectors: (("amount", int),),
    LoseHumans: (("healthy", int), ("contaminated", int)), IgnoreRiver: (("ignore", bool),),
}


def malformed(action: object) -> Refusal | None:
    """None for a well-formed action value, else what is wrong with it (any legality aside)."""
    spec = _FIELD_TYPES.get(type(action))
    if spec is None:
        return Refusal.of(RefusalCode.NOT_AN_ACTION, kind=type(action).__name__)
    for name, kind in spec:
        value = getattr(action, name)
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if type(value) not in kinds:
            want = " | ".join("None" if k is type(None) else k.__name__ for k in kinds)
            return Refusal.of(RefusalCode.FIELD_TYPE, field=name, want=want,
                              got=type(value).__name__)
        if kind is tuple and (len(value) != 2 or {type(v) for v in value} != {str}):
            return Refusal.of(RefusalCode.FIELD_IDS, field=name, count=len(value))
    return None


def parse_action_text(text: str) -> Action:
    """Read action notation (case and extra spaces do not matter), without a position.

    Card, room and tile ids keep the case they were typed in; :func:`precog.engine.parse_action`
    matches them to the position's ids without regard to case.

    >>> str(parse_action_text("Keep D03  GIVE T07"))
    'keep D03 give T07'
    """
    if not isinstance(text, str):
        raise ActionParseError(Problem.of(ErrorCode.ACTION_TEXT_TYPE, got=type(text).__name__),
                               input=text)
    if len(text) > MAX_ACTION_TEXT:
        raise ActionParseError(Problem.of(ErrorCode.ACTION_TEXT_LONG, n=len(text),
                                          top=MAX_ACTION_TEXT,
                                          help=Problem.of(ErrorCode.ACTION_NOTATION)), input=text)
    typed = " ".join(text.strip().split())
    for pattern, kind in _PATTERNS:
        m = pattern.match(typed.lower())
        if m:
            ids = re.match(pattern.pattern, typed, re.IGNORECASE | re.ASCII)
            assert ids is not None
            return _build(kind, ids.groups())
    raise ActionParseError(Problem.of(ErrorCode.ACTION_UNREADABLE, text=text,
                                      help=Problem.of(ErrorCode.ACTION_NOTATION)),
                           input=text)


def _build(kind: type, groups: tuple[str | None, ...]) -> Action:
    g = [x for x in groups]
    if kind is ChooseRooms:
        return ChooseRooms((str(g[0]), str(g[1])))
    if kind is PassCards:
        return PassCards((str(g[0]), str(g[1])))
    if kind is Choose:
        return Choose(str(g[0]), str(g[1]))
    if kind is Activate:
        return Activate("both" if str(g[0]).lower() == "both" else str(g[0]).upper())
    if kind is PlaceYmunes:
        return PlaceYmunes(int(str(g[0])), int(str(g[1])))
    if kind is LoseHumans:
        return LoseHumans(int(str(g[0])), int(str(g[1])))
    if kind is PlaceBattery:
        return PlaceBattery(None if g[1] else int(str(g[0])) - 1)
    if kind is Mitigate:
        return Mitigate(str(g[0]))
    if kind is IgnoreRiver:
        return IgnoreRiver(str(g[0]).lower() == "ignore")
    if kind in (Reveal, EndActions):
        result: Action = kind()
        return result
    return kind(int(str(g[0])))  # type: ignore[no-any-return]


_MOST_SHARED = 100_000  # a bound on the shared actions of one kind (ids come from the box)


def shared(kind: Callable[..., A]) -> Callable[..., A]:
    """``kind(*fields)``, one instance per value: the engine lists the same few actions at
    every step, and an action is an immutable value, so one object serves every list."""
    table: dict[tuple[object, ...], A] = {}

    def make(*fields: object) -> A:
        found = table.get(fields)
        if found is None:
            if len(table) >= _MOST_SHARED:
                table.clear()
            found = table[fields] = kind(*fields)
        return found

    return make

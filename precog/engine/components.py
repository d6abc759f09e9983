"""Component types: Expedition cards, machine rooms, River, Island and Objective tiles.

These are plain frozen values. Their contents come from data files (see
:mod:`precog.engine.data_loading`); the engine itself only knows the shapes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import Enum

from precog.engine.fastcopy import maker
from precog.engine.fastenum import plain_members


@plain_members
class CardType(str, Enum):
    """The four kinds of Expedition card, one per Resource."""

    FOOD = "Food"
    HUMAN = "Human"
    BATTERY = "Battery"
    YMUNE = "Ymune"

    @property
    def letter(self) -> str:
        return self.value[0]


@dataclass(frozen=True, slots=True)
class Gains:
    """Resources a card, machine or River tile gives.

    ``ymune`` is a free Ymune the player places as Doctor or Protector; ``doctor`` and
    ``protector`` are Ymunes whose task is fixed; ``heal`` moves Contaminated Humans to the
    Cabins.
    """

    food: int = 0
    human: int = 0
    battery: int = 0
    ymune: int = 0
    doctor: int = 0
    protector: int = 0
    heal: int = 0

    def __add__(self, other: Gains) -> Gains:
        return make_gains(self.food + other.food, self.human + other.human,
                          self.battery + other.battery, self.ymune + other.ymune,
                          self.doctor + other.doctor, self.protector + other.protector,
                          self.heal + other.heal)

    def __sub__(self, other: Gains) -> Gains:
        return make_gains(self.food - other.food, self.human - other.human,
                          self.battery - other.battery, self.ymune - other.ymune,
                          self.doctor - other.doctor, self.protector - other.protector,
                          self.heal - other.heal)

    def astuple(self) -> tuple[int, ...]:
        return (self.food, self.human, self.battery, self.ymune, self.doctor, self.protector,
                self.heal)

    def total(self) -> int:
        return (self.food + self.human + self.battery + self.ymune + self.doctor
                + self.protector + self.heal)

    def is_empty(self) -> bool:
        return not (self.food or self.human or self.battery or self.ymune or self.doctor
                    or self.protector or self.heal)

    def items(self) -> list[tuple[str, int]]:
        """Non-zero (name, amount) pairs in field order, e.g. ``[("food", 2)]``."""
        return [(n, v) for n, v in zip(GAIN_KINDS, self.astuple(), strict=True) if v]

    def describe(self) -> str:
        return ", ".join(f"{n} {k.capitalize()}" for k, n in self.items()) or "nothing"

    @staticmethod
    def of_type(card_type: CardType, amount: int) -> Gains:
        if card_type is CardType.FOOD:
            return make_gains(amount, 0, 0, 0, 0, 0, 0)
        if card_type is CardType.HUMAN:
            return make_gains(0, amount, 0, 0, 0, 0, 0)
        if card_type is CardType.BATTERY:
            return make_gains(0, 0, amount, 0, 0, 0, 0)
        if card_type is CardType.YMUNE:
            return make_gains(0, 0, 0, amount, 0, 0, 0)
        return Gains(**{CardType(card_type).value.lower(): amount})


make_gains: Callable[[int, int, int, int, int, int, int], Gains] = maker(Gains)
"""``Gains(food, human, battery, ymune, doctor, protector, heal)``, built faster (every value
given, in field order): the engine builds one at most steps."""
NO_GAINS = Gains()
GAIN_KINDS: tuple[str, ...] = tuple(f.name for f in fields(Gains))
"""The kinds of resource a :class:`Gains` holds, in its field (and ``astuple``) order."""


@dataclass(frozen=True, slots=True)
class Losses:
    """Resources a season 2/3 River tile takes away (each clamped at what the player has).

    Only Resources: a River tile never raises Bane (the rulebook's season 2 and 3 events
    take Resources)."""

    food: int = 0
    healthy: int = 0
    contaminated: int = 0
    doctor: int = 0
    protector: int = 0

    def astuple(self) -> tuple[int, ...]:
        return (self.food, self.healthy, self.contaminated, self.doctor, self.protector)

    def is_empty(self) -> bool:
        return not (self.food or self.healthy or self.contaminated or self.doctor
                    or self.protector)

    def items(self) -> list[tuple[str, int]]:
        """Non-zero (name, amount) pairs in field order, e.g. ``[("healthy", 1)]``."""
        return [(n, v) for n, v in zip(LOSS_KINDS, self.astuple(), strict=True) if v]

    def describe(self) -> str:
        return ", ".join(f"-{n} {k.capitalize()}" for k, n in self.items()) or "nothing"


LOSS_KINDS: tuple[str, ...] = tuple(f.name for f in fields(Losses))
"""The kinds a :class:`Losses` takes, in its field (and ``astuple``) order."""

RESOURCE_GAINS: tuple[str, ...] = ("food", "human", "battery", "ymune")
"""The four Resources as :class:`Gains` kinds: what a card's bonus and a season 1 River tile
may give (a Ymune's role is chosen by its owner as it is placed; a heal is not a Resource)."""


X = None
"""A Cost or gain printed as X is stored as ``None``."""


@dataclass(frozen=True, slots=True)
class Card:
    """An Expedition card."""

    id: str
    deck: str
    type: CardType
    cost: int | None  # None means X
    gain: int | None  # None means X; resources of the card's own type
    bonus: Gains
    bane: int
    season: int
    name: str = ""

    @property
    def face(self) -> tuple[object, ...]:
        """What a player sees of the card: all but its id and the deck it came from (the
        same card of two decks has one face, and plays alike)."""
        return (self.type, self.cost, self.gain, self.bonus, self.bane, self.season, self.name)

    @property
    def cost_text(self) -> str:
        return "X" if self.cost is None else str(self.cost)

    @property
    def gain_text(self) -> str:
        return "X" if self.gain is None else str(self.gain)

    def describe(self) -> str:
        bonus = f" | bonus {self.bonus.describe()}" if not self.bonus.is_empty() else ""
        bane = f" | Bane {self.bane}" if self.bane else ""
        return (f"{self.id} {self.type.value} +{self.gain_text} (Cost {self.cost_text}){bonus}"
                f"{bane} [season {self.season}]")


@dataclass(frozen=True, slots=True)
class Condition:
    """A machine's requirement, parsed from its text form (see ``machines.parse_condition``).

    ``scope`` is "pair" (the 2 Action Zone cards), "given" (the card given left this round)
    or "received" (what activated cards gave this round). ``kind`` and ``args`` say what is
    tested there.
    """

    text: str
    scope: str
    kind: str
    args: tuple[str | int, ...] = ()


@dataclass(frozen=True, slots=True)
class Machine:
    """One of the 3 machines of a room face: powered when ``batteries`` slots are filled."""

    batteries: int
    condition: Condition
    effect: Gains
    line: int = 0  # 1, 2 or 3 on an advanced face; 0 on a standard face

    def describe(self) -> str:
        return f"[{self.batteries} Battery] if {self.condition.text}: {self.effect.describe()}"


@dataclass(frozen=True, slots=True)
class MachineRoom:
    """A Machine Room tile with its standard and advanced faces."""

    id: str
    name: str
    standard: tuple[Machine, Machine, Machine]
    advanced: tuple[Machine, Machine, Machine]

    def face(self, advanced: bool) -> tuple[Machine, Machine, Machine]:
        return self.advanced if advanced else self.standard


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A River tile: season 1 tiles give Resources, season 2 and 3 tiles take them."""

    id: str
    season: int
    name: str
    gains: Gains = NO_GAINS
    losses: Losses = field(default_factory=Losses)


@dataclass(frozen=True, slots=True)
class IslandTile:
    """The Island that ends a season: every Healthy Human eats 1 Food."""

    id: str
    season: int
    name: str


@dataclass(frozen=True, slots=True)
class Requirement:
    """What an Objective side asks: ``amount`` of ``resource`` held by one player or each."""

    resource: str  # food, healthy, contaminated, humans, doctor, protector, ymune, battery
    amount: int
    scope: str  # "one" or "each"

    def describe(self) -> str:
        who = "one player" if self.scope == "one" else "each player"
        return f"{who} holds {self.amount} {self.resource}"


REQUIREMENT_RESOURCES = ("food", "healthy", "contaminated", "humans", "doctor", "protector",
                         "ymune", "battery")
MITIGATION_RESOURCES = ("food", "human", "doctor", "protector")


@dataclass(frozen=True, slots=True)
class ObjectiveTile:
    """A cooperative Objective: a full side, a mitigated side, and the price to mitigate."""

    id: str
    season: int
    full: tuple[Requirement, ...]
    mitigated: tuple[Requirement, ...]
    mitigate_cost: Gains  # only food, human, doctor, protector are used


@dataclass(frozen=True, slots=True)
class CoopRiverTile:
    """A cooperative River tile; its ``supplies`` reach every Boat as its season begins.

    Supplies are the project's design (the rulebook does not print the tiles): only resources
    that need no placing choice (food, human, doctor, protector, heal).
    """

    id: str
    season: int
    name: str
    supplies: Gains = NO_GAINS


@dataclass(frozen=True, slots=True)
class Components:
    """Everything in the box that the engine needs, validated."""

    name: str
    decks: dict[str, tuple[Card, ...]]  # deck code -> its 24 cards
    prescients: dict[str, str]  # deck code -> Prescient name
    distribution: dict[int, dict[CardType, int]]  # season -> type -> count, same for each deck
    rooms: tuple[MachineRoom, ...]
    river: tuple[RiverTile, ...]
    islands: tuple[IslandTile, ...]
    coop_river: tuple[CoopRiverTile, ...]
    objectives: tuple[ObjectiveTile, ...]
    cards: dict[str, Card] = field(default_factory=dict)  # id -> card, filled by __post_init__
    room_by_id: dict[str, MachineRoom] = field(default_factory=dict)
    river_by_id: dict[str, RiverTile] = field(default_factory=dict)
    objective_by_id: dict[str, ObjectiveTile] = field(default_factory=dict)
    fingerprint: str = ""
    unknown: frozenset[str] = frozenset()
    """Ids of cards, River tiles and Objectives whose printed face the box does not say (their
    deck, season and type are known). In a box their entry holds a stand-in face; in a world
    (see :mod:`precog.engine.faces`) it holds the face that world gives them."""
    box_fingerprint: str = ""  # a world: the fingerprint of the box it was drawn from
    prior: str = ""  # the component set unknown faces are sampled from ("" when none unknown)

    def __post_init__(self) -> None:
        self.cards.update({c.id: c for deck in self.decks.values() for c in deck})
        self.room_by_id.update({r.id: r for r in self.rooms})
        self.river_by_id.update({t.id: t for t in self.river})
        self.objective_by_id.update({o.id: o for o in self.objectives})

    @property
    def partly_known(self) -> bool:
        return bool(self.unknown)

    @property
    def box_id(self) -> str:
        """The fingerprint of the box: the same for the box and every world drawn from it."""
        return self.box_fingerprint or self.fingerprint

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Components) and self.fingerprint == other.fingerprint

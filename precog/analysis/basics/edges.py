"""What the analysis says, as data: the edges of the look-ahead tree and its progress stages.

Each edge of :class:`~precog.analysis.search.tree.TreeNode` is one of these small frozen records
(a choice, a card arriving, a plan, a River tile, the next cards); the principal line is a
tuple of them. They hold actions, card and tile ids and seat numbers, never sentences:
:mod:`precog.session.lines` says them in the reader's language. ``str()`` of each is the
analysis' own notation (``keep T16 give T15``, ``River W2b``), kept for the command line's
text and the JSON downloads.

>>> from precog.engine.actions import Choose
>>> str(Chosen(Choose("T16", "T15"))), str(Arrives("D02", 2)), str(RiverTile("I1"))
('keep T16 give T15', 'D02 arrives from seat 2', 'River I1 (Island: feeding)')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from precog.engine import Action
from precog.engine.actions import Choose

if TYPE_CHECKING:
    from precog.analysis.playing.plans import Line

PLAN_NOTE = 60  # the principal line's notation cuts a plan's text to this many characters


@dataclass(frozen=True, slots=True)
class Start:
    """The root: ``seat`` keeps one card and gives one in ``round``."""

    round: int
    seat: int

    def __str__(self) -> str:
        return f"round {self.round}: seat {self.seat} keeps one card and gives one"


@dataclass(frozen=True, slots=True)
class Chosen:
    """A (Keep, Give) choice of the analysing seat."""

    choice: Choose

    def __str__(self) -> str:
        return str(self.choice)


@dataclass(frozen=True, slots=True)
class Arrives:
    """``card`` comes to the analysing seat from ``seat`` (its right neighbour's Give);
    ``chance``: how likely, where a principal line says it (None on the tree's edges, whose
    node holds the probability)."""

    card: str
    seat: int
    chance: float | None = None

    def __str__(self) -> str:
        return f"{self.card} arrives from seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Plan:
    """The seat's moves for the round: ``steps``, then per River tile what follows."""

    steps: tuple[Action, ...] = ()
    forks: tuple[tuple[str | None, Plan], ...] = ()

    @classmethod
    def of(cls, line: Line) -> Plan:
        """The moves of a searched line (River branches with nothing to decide left out)."""
        forks = tuple((tile, sub) for tile, sub in
                      ((tile, cls.of(sub)) for _, tile, sub in line.forks) if not sub.empty)
        return cls(tuple(line.steps), forks)

    @property
    def empty(self) -> bool:
        return not self.steps and not self.forks

    def notation(self) -> str:
        parts = [str(a) for a in self.steps]
        if self.forks:
            parts.append("[" + "; ".join(f"{tile}: {sub.notation()}"
                                         for tile, sub in self.forks) + "]")
        return ", ".join(parts)

    def __str__(self) -> str:
        return self.notation() or "nothing to decide"


@dataclass(frozen=True, slots=True)
class RiverTile:
    """The River tile that turns up (an Island tile id starts with ``I``: a feeding);
    ``chance`` as :class:`Arrives`'s."""

    tile: str
    chance: float | None = None

    @property
    def island(self) -> bool:
        return self.tile.startswith("I")

    def __str__(self) -> str:
        return f"River {self.tile}" + (" (Island: feeding)" if self.island else "")


@dataclass(frozen=True, slots=True)
class Draw:
    """The next round's cards: the seat's draw and the pair its left neighbour passes.
    ``deal`` (1 to ``deals``) tells apart sampled worlds that bring the seat the same cards
    but deal differently the cards it cannot see (0: the only one with these cards).
    ``chance`` as :class:`Arrives`'s (the share of the sampled worlds that bring them)."""

    hand: tuple[str, ...]
    passed: tuple[str, ...]
    deal: int = 0
    deals: int = 0
    chance: float | None = None

    def __str__(self) -> str:
        text = (f"you draw {' '.join(self.hand) or 'nothing'}; left neighbour passes "
                f"{' '.join(self.passed)}")
        return text + (f" (deal {self.deal} of {self.deals})" if self.deal else "")


Edge = Start | Chosen | Arrives | Plan | RiverTile | Draw
EDGE_TYPES: tuple[type, ...] = (Start, Chosen, Arrives, Plan, RiverTile, Draw)
SAMPLED: tuple[type, ...] = (Arrives, RiverTile, Draw)
"""The edges chance decides (the right neighbour's Give, the River, the next cards): a line
says them as possibilities, each with its ``chance``."""


def with_chance(edge: Edge, chance: float) -> Edge:
    """``edge`` with its chance attached (an edge chance does not decide is returned as is)."""
    if isinstance(edge, Arrives | RiverTile | Draw):
        return replace(edge, chance=round(chance, 6))
    return edge


def chance_note(edge: Edge) -> str:
    """`` (p=0.33)`` after a sampled edge of a line ('' when certain or unknown)."""
    chance = getattr(edge, "chance", None)
    return "" if chance is None or chance >= 0.9995 else f" (p={chance:.2f})"


def line_notation(line: tuple[Edge, ...]) -> str:
    """The principal line in the analysis' notation (``precog analyse`` and the JSON)."""
    parts = []
    for edge in line:
        if isinstance(edge, Arrives):
            parts.append(f"{edge.card} arrives{chance_note(edge)}")
        elif isinstance(edge, Plan):
            text = str(edge)
            parts.append(text if len(text) < PLAN_NOTE else text[:PLAN_NOTE - 3] + "...")
        elif isinstance(edge, Chosen):
            parts.append(f"then {edge}")
        elif isinstance(edge, (RiverTile, Draw)):
            parts.append(f"{edge}{chance_note(edge)}")
    return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Stage:
    """How far a long analysis is: ``code`` names the stage, ``values`` its numbers and ids.

    ``first`` (round, choice), ``deepen`` (round, choice, card) or ``rollouts`` (done, total).
    """

    code: str
    values: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str) -> Any:
        return dict(self.values)[key]

    def __str__(self) -> str:
        v = dict(self.values)
        if self.code == "first":
            return f"round {v['round']}: {v['choice']}"
        if self.code == "deepen":
            return f"round {v['round']} after {v['choice']}, {v['card']} arriving"
        if self.code == "rollouts":
            return f"{v['done']} of {v['total']} rollouts per choice"
        return self.code

"""The learner's choice in progress on a lesson page, with no widget in it.

A Decision is picked card by card (a Keep, then a Give); any other decision is one option
selected, then committed. :class:`Choosing` holds those picks (and the quiz's ticks, the Boat
part looked at, the look-ahead rows shown) and says, for each card, whether it may be kept
or given now and why not, from the runner's :class:`~precog.tutor.runner.Option` list (every
reason comes from the engine).

>>> from precog.engine.actions import Choose
>>> from precog.tutor.runner import Option
>>> options = [Option(Choose("A", "B"), "keep A give B", True),
...            Option(Choose("B", "A"), "keep B give A", False, "no")]
>>> c = Choosing()
>>> c.pick("keep", "A")
>>> [(p.card, p.keep_ok, p.give_ok) for p in c.cards(options, ("A", "B"))]
[('A', True, False), ('B', False, True)]
>>> c.pick("give", "B"); c.ready(options).label
'keep A give B'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from precog.engine.actions import Action, Choose
from precog.tutor.runner import Option


@dataclass(frozen=True)
class CardPick:
    """One card of the Decision: may it be kept or given now (and why not), and its role."""

    card: str
    keep_ok: bool
    give_ok: bool
    reason: str  # why it may not be given ("" when it may, or when no reason is known)
    role: str  # "keep", "give" or ""


@dataclass
class Choosing:
    """Picks on the page until they are committed or reset."""

    selected: Action | None = None
    keep: str | None = None
    give: str | None = None
    quiz_picks: set[str] = field(default_factory=set)
    focus_part: str | None = None
    tree_rows: dict[str, tuple[float, str, bool]] | None = None

    def reset(self) -> None:
        """Forget every pick (a new step, an undo, a restart)."""
        self.selected = None
        self.keep = self.give = None
        self.quiz_picks = set()
        self.focus_part = None
        self.tree_rows = None

    def clear_choice(self) -> None:
        self.selected = None
        self.keep = self.give = None

    def pick(self, role: str, card: str) -> None:
        """``card`` as the Keep or the Give (a new Keep drops a Give of the same card)."""
        if role == "keep":
            self.keep = card
            if self.give == card:
                self.give = None
        else:
            self.give = card
        self.selected = None

    def cards(self, options: list[Option], cards: tuple[str, ...]) -> list[CardPick]:
        """What each of ``cards`` allows, given the picks so far."""
        grid = _grid(options)
        out = []
        for card in cards:
            keep_ok = any(o.legal for (k, _g), o in grid.items() if k == card)
            if self.keep:
                o = grid.get((self.keep, card))
                give_ok = o is not None and o.legal
                reason = o.reason if o is not None else ""
            else:
                give_ok = any(o.legal for (_k, g), o in grid.items() if g == card)
                reason = next((o.reason for (k, g), o in grid.items()
                               if g == card and k != card), "")
            role = "keep" if card == self.keep else "give" if card == self.give else ""
            out.append(CardPick(card, keep_ok, give_ok, "" if give_ok else reason, role))
        return out

    def ready(self, options: list[Option]) -> Option | None:
        """The (Keep, Give) option picked, when both are picked and it is legal (it becomes
        the selection)."""
        if not (self.keep and self.give):
            return None
        o = _grid(options).get((self.keep, self.give))
        if o is None or not o.legal:
            return None
        self.selected = o.action
        return o


def _grid(options: list[Option]) -> dict[tuple[str, str], Option]:
    return {(o.action.keep, o.action.give): o for o in options if isinstance(o.action, Choose)}

"""The Dual Select reveal as a sequence of card moves, read off two engine positions.

Given the position just before the last secret choice, that choice, and the position after it
(the reveal), :func:`card_flow` says where every card of every seat came from and went to. It
asks no rule: it looks up each card in both positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from precog.engine import GameState
from precog.engine.actions import Action, Choose
from precog.tutor.preview import locate

STAGES = ("reveal", "keep", "give", "pass")


@dataclass(frozen=True)
class CardMove:
    card: str
    role: str  # keep, give or pass
    from_seat: int
    from_zone: str  # hand or decision
    to_seat: int
    to_zone: str  # G, R or decision

    @property
    def stage(self) -> int:
        return STAGES.index(self.role)


@dataclass(frozen=True)
class CardFlow:
    before: GameState
    after: GameState
    choices: tuple[Choose, ...]
    moves: tuple[CardMove, ...]

    def moves_of(self, seat: int) -> list[CardMove]:
        return [m for m in self.moves if m.from_seat == seat]


def card_flow(before: GameState, last: Action, after: GameState) -> CardFlow:
    """Every card's move in the reveal that ``last`` (the final secret choice) set off."""
    choices = list(before.choices)
    choices[before.to_move] = last
    chosen = tuple(c for c in choices if isinstance(c, Choose))
    if len(chosen) != before.config.players:
        raise ValueError("card_flow needs a Decision phase whose last choice is `last`")
    moves = []
    for seat, p in enumerate(before.players):
        choice = chosen[seat]
        for zone, cards in (("hand", p.hand), ("decision", p.decision_zone)):
            for card in cards:
                role = "keep" if card == choice.keep else "give" if card == choice.give else "pass"
                to_seat, to_zone = locate(after, card)
                moves.append(CardMove(card, role, seat, zone, to_seat, to_zone))
    return CardFlow(before, after, chosen, tuple(moves))

"""The choices of the seat to move, legal or refused, each refused one with the rules' reason.

Play and the tutor show the same list: every legal action, and the nearby actions the rules
refuse (Activate both when the Cabins cannot pay, a Give from the hand…) greyed, with the
reason from :func:`~precog.engine.why_illegal` in the page's words.

>>> from precog.engine import new_game
>>> from precog.engine.actions import Choose
>>> state = new_game(players=3, seed=11)
>>> refused = [o for o in options(state) if not o.legal]
>>> isinstance(refused[0].action, Choose), bool(refused[0].reason)
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from precog.engine import GameState, Phase, legal_actions, why_illegal
from precog.engine.actions import (
    Action,
    Activate,
    Choose,
    EndActions,
    Heal,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PlaceBattery,
    Reveal,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.state import Step
from precog.session.words import DEFAULT_LANGUAGE, action_label, words

__all__ = ["Option", "nearby", "options"]


@dataclass(frozen=True)
class Option:
    """A choice that could be made now: legal (clickable) or refused, with the reason."""

    action: Action
    label: str
    legal: bool
    reason: str = ""


def options(state: GameState, lang: str = DEFAULT_LANGUAGE) -> list[Option]:
    """The choices of the seat to move: every legal action, then the refused nearby ones."""
    if state.is_over or state.to_move < 0:
        return []
    w = words(lang)
    out, seen = [], set()
    for action in legal_actions(state) + nearby(state, state.to_move):
        key = str(action)
        if key in seen:
            continue
        seen.add(key)
        refused = why_illegal(state, action)
        out.append(Option(action, action_label(state, action, lang), legal=refused is None,
                          reason="" if refused is None else w.explain(refused)))
    return out


def nearby(state: GameState, seat: int) -> list[Action]:
    """Refused actions worth showing next to the legal ones, so the player sees why not."""
    p = state.players[seat]
    if state.phase is Phase.DECISION:
        cards = p.hand + p.decision_zone
        return [Choose(k, g) for k in cards for g in cards]
    if state.step is Step.ACTIVATE:
        return [Activate("both"), Activate("G"), Activate("R")]
    if state.step is Step.PROTECT:
        return [SpendProtectors(k) for k in range(p.protectors + 1)]
    if state.step is Step.LOSE:
        n = max((a.healthy + a.contaminated for a in legal_actions(state)
                 if isinstance(a, LoseHumans)), default=0)
        return [LoseHumans(h, n - h) for h in range(n + 1)]
    if state.step is Step.IGNORE:
        return [IgnoreRiver(False), IgnoreRiver(True)]
    if state.step in (Step.COOP, Step.TEAM):
        return [Reveal(), *(Mitigate(t) for t, m in state.objectives if not m), EndActions()]
    if state.step is Step.GAINS:
        return _gains_nearby(state)
    return []


def _gains_nearby(state: GameState) -> list[Action]:
    g = state.pending
    if g.food:
        return [TakeFood(n) for n in range(g.food, -1, -1)]
    if g.human:
        return [TakeHumans(n) for n in range(g.human, -1, -1)]
    if g.ymune or g.doctor or g.protector:
        return []
    if g.heal:
        return [Heal(n) for n in range(g.heal, -1, -1)]
    batteries: list[Action] = [PlaceBattery(m) for m in range(6)]
    return batteries + [PlaceBattery(None)]

"""The tutor's words for engine values: cards, actions, and refusals said kindly.

The sentences come from ``ui.toml`` (keyed by language); the values from the engine.

>>> from precog.engine import new_game, legal_actions
>>> state = new_game(players=3, seed=11)
>>> action_label(state, legal_actions(state)[0], ui_texts())
'Keep D07, give T06'
>>> kind_reason("you cannot Keep and Give the same card", ui_texts()).startswith("That card")
True
"""

from __future__ import annotations

import re

from precog.engine import GameState
from precog.engine.action_phase import activation_cost
from precog.engine.actions import (
    Action,
    Activate,
    Choose,
    ChooseRooms,
    EndActions,
    Heal,
    IgnoreRiver,
    LoseHumans,
    Mitigate,
    PassCards,
    PlaceBattery,
    PlaceYmunes,
    Reveal,
    SpendProtectors,
    TakeFood,
    TakeHumans,
)
from precog.engine.components import Card
from precog.tutor.data import UiTexts, ui_texts
from precog.tutor.text import RuleFormatter

__all__ = ["action_kind", "action_label", "card_label", "kind_reason", "ui_texts"]


def card_label(card: Card, texts: UiTexts) -> str:
    """A one-line description of a card, e.g. ``D07 Battery +2, Cost 1``."""
    return texts.say("card", "label", id=card.id, name=card.name,
                     type=texts.card_type(card.type.value), gain=card.gain_text,
                     cost=card.cost_text).replace("  ", " ")


def action_kind(action: Action) -> str:
    """The first word of the action's notation: ``keep``, ``activate``, ``food``..."""
    return str(action).split()[0]


def action_label(state: GameState, action: Action, texts: UiTexts) -> str:
    """A button label for ``action`` in ``state``, in the tutor's words."""
    say = texts.say
    seat = state.to_move
    if isinstance(action, Choose):
        return say("action", "choose", keep=action.keep, give=action.give)
    if isinstance(action, Activate):
        if action.slots == "both":
            return say("action", "activate_both", cost=activation_cost(state, seat))
        zone = state.players[seat].action_zone
        card = zone[0] if action.slots == "G" else zone[1]
        return say("action", f"activate_{action.slots}", card=card)
    simple: dict[type, tuple[str, dict[str, object]]] = {
        TakeFood: ("food", {"n": getattr(action, "amount", 0)}),
        TakeHumans: ("humans", {"n": getattr(action, "amount", 0)}),
        Heal: ("heal", {"n": getattr(action, "amount", 0)}),
        SpendProtectors: ("protectors", {"n": getattr(action, "amount", 0)}),
        Reveal: ("reveal", {}),
        EndActions: ("done", {}),
    }
    if type(action) in simple:
        key, values = simple[type(action)]
        return say("action", key, **values)
    if isinstance(action, PlaceYmunes):
        return say("action", "ymunes", d=action.doctors, p=action.protectors)
    if isinstance(action, PlaceBattery):
        if action.machine is None:
            return say("action", "battery_none")
        return say("action", "battery", m=action.machine + 1)
    if isinstance(action, LoseHumans):
        return say("action", "lose", h=action.healthy, c=action.contaminated)
    if isinstance(action, IgnoreRiver):
        return say("action", "river_ignore" if action.ignore else "river_accept")
    if isinstance(action, Mitigate):
        return say("action", "mitigate", tile=action.tile)
    if isinstance(action, ChooseRooms):
        names = [state.components.room_by_id[r].name for r in action.rooms]
        return say("action", "rooms", a=names[0], b=names[1])
    if isinstance(action, PassCards):
        return say("action", "pass", a=action.cards[0], b=action.cards[1])
    return str(action)


def kind_reason(reason: str, texts: UiTexts) -> str:
    """The engine's refusal reason rephrased for a learner (the engine's words if no match).

    ``ui.toml`` lists ``[[refusal]]`` entries: a regular expression over the engine's reason
    and the sentence to say, with ``{0}``, ``{1}``... for the expression's groups.
    """
    for pattern, say in texts.refusals():
        m = re.search(pattern, reason)
        if m:
            groups = [int(g) if g and g.isdigit() else g for g in m.groups()]
            return RuleFormatter(texts.and_word).format(say, *groups)
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")

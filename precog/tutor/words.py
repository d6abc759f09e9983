"""The tutor's words for cards and actions.

Action labels and refusal texts are :mod:`precog.session.words` (one set of words for every
page); the tutor explains a refusal from its code with ``words(lang).explain(refusal)``.

>>> from precog.engine import new_game
>>> state = new_game(players=3, seed=11)
>>> card_label(state.card("D07"), ui_texts())
'D07 Salvage crate (Battery +2, Cost 1)'
"""

from __future__ import annotations

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
from precog.session.names import component_name
from precog.tutor.data import UiTexts, ui_texts

__all__ = ["action_kind", "card_label", "ui_texts"]


def card_label(card: Card, texts: UiTexts) -> str:
    """A one-line description of a card, e.g. ``D07 Battery +2, Cost 1``."""
    return texts.say("card", "label", id=card.id, name=component_name(card.name, texts.lang),
                     type=texts.card_type(card.type.value), gain=card.gain_text,
                     cost=card.cost_text).replace("  ", " ")


ACTION_KIND: dict[type, str] = {
    Choose: "keep", ChooseRooms: "rooms", PassCards: "pass", Activate: "activate",
    TakeFood: "food", TakeHumans: "humans", PlaceYmunes: "ymunes", Heal: "heal",
    PlaceBattery: "battery", Reveal: "reveal", Mitigate: "mitigate", EndActions: "done",
    SpendProtectors: "protectors", LoseHumans: "lose", IgnoreRiver: "river"}
"""Each kind of action and the first word of its notation, the word a lesson's ``accept``
patterns start with."""


def action_kind(action: Action) -> str:
    """The first word of the action's notation (``keep``, ``activate``, ``food``...), from
    the action's kind."""
    return ACTION_KIND[type(action)]

"""Pictures for the landing page (pure HTML strings)."""

from __future__ import annotations

from precog.engine import Card, reference_components
from precog.render.cards import card_html
from precog.render.speech import Speech

SAMPLE_CARDS = ("D02", "T04", "P07", "K10")


def card_strip(speech: Speech) -> str:
    """A fan of four reference cards, one of each type, drawn in ``speech``'s language."""
    cards = reference_components().cards
    shown = [cards[c] for c in SAMPLE_CARDS if c in cards]
    types = {c.type for c in shown}
    if len(types) < 4:  # the reference set changed: take the first card of each type
        by_type: dict[object, Card] = {}
        for card in cards.values():
            by_type.setdefault(card.type, card)
        shown = list(by_type.values())[:4]
    drawn = "".join(card_html(c, size="large", speech=speech) for c in shown)
    return f'<div class="pc-fan">{drawn}</div>'

"""Expedition cards drawn as HTML: face up (type colour, Cost, gain, bonus, Bane, season) or
face down (the back of a Prescient's deck).

Pure strings. The page needs :func:`precog.render.style.style_tag` once (``board_html``
includes it); a card alone can be wrapped with ``standalone=True``.

>>> from precog.engine import reference_components
>>> card = reference_components().cards["D02"]
>>> 'data-card="D02"' in card_html(card)
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from precog.engine.components import Card, Gains
from precog.render.icons import RESOURCE_ICON, icon
from precog.render.style import attrs, style_tag

TYPE_CLASS = {"Food": "food", "Human": "human", "Battery": "battery", "Ymune": "ymune"}
TYPE_ICON = {"Food": "food", "Human": "human", "Battery": "battery", "Ymune": "ymune"}
SEASON_MARK = {1: "I", 2: "II", 3: "III"}
_RESOURCE_WORD = {"food": "Food", "human": "Human", "battery": "Battery", "ymune": "Ymune",
                  "doctor": "Doctor", "protector": "Protector", "heal": "heal"}


def gains_html(g: Gains, size: int = 14, sign: str = "+") -> str:
    """Resources as amount + picture pairs, e.g. ``+2 [cube]``; "nothing" when empty."""
    if g.is_empty():
        return '<span class="pc-none">nothing</span>'
    return "".join(
        f'<span class="pc-amt" title="{n} {_RESOURCE_WORD[k]}">{sign}{n}'
        f"{icon(RESOURCE_ICON[k], size)}</span>"
        for k, n in g.items())


def card_title(card: Card) -> str:
    """One sentence describing the card, for tooltips."""
    bits = [f"{card.id} {card.name}: {card.type.value} card (season {card.season}).",
            f"Gives {card.gain_text} {card.type.value}."]
    if card.cost is None:
        bits.append("Cost X: the Cost of the other Action Zone card.")
    else:
        bits.append(f"Cost {card.cost} (paid in Healthy Humans only when both cards are "
                    "activated).")
    if not card.bonus.is_empty():
        bits.append(f"Bonus with a card of the same type: {card.bonus.describe()}.")
    if card.season > 1:
        bits.append(f"Bane {card.bane}.")
    return " ".join(bits)


def card_html(card: Card, *, labels: bool = False, part: str | None = None,
              tags: Iterable[str] = (), dim: bool = False, size: str = "",
              note: str | None = None, standalone: bool = False) -> str:
    """A face-up Expedition card.

    ``tags`` are short ribbons drawn on the card ("Keep", "Give", "activated"); ``size`` is
    "" (normal), "small" or "large"; ``part`` names the card for ``labels``; ``note`` (any
    text, even empty) highlights it.
    """
    kind = TYPE_CLASS[card.type.value]
    classes = " ".join(c for c in ("pc-card", f"pc-{kind}", "pc-dim" if dim else "",
                                   f"pc-{size}" if size else "") if c)
    cost = (icon("x", 15) if card.cost is None else
            f'<span class="pc-cost-n">{card.cost}</span>')
    gain = "X" if card.gain is None else str(card.gain)
    bonus = (f'<div class="pc-bonus" title="bonus when paired with a {card.type.value} card">'
             f'<span class="pc-pair">{icon(TYPE_ICON[card.type.value], 10)}'
             f'{icon(TYPE_ICON[card.type.value], 10)}</span>{gains_html(card.bonus, 12)}</div>'
             if not card.bonus.is_empty() else '<div class="pc-bonus pc-empty"></div>')
    bane = (f'<span class="pc-card-bane" title="Bane {card.bane}">{icon("bane", 12)}'
            f"{card.bane}</span>" if card.season > 1 else "<span></span>")
    ribbons = "".join(f'<span class="pc-tag pc-tag-{escape(t.lower())}">{escape(t)}</span>'
                      for t in tags)
    body = (
        f'<div class="{classes}" data-card="{card.id}"'
        f'{attrs(part, card_title(card), labels, note)}>'
        f'<div class="pc-card-top"><span class="pc-cost" title="Cost in Healthy Humans">{cost}'
        f'</span><span class="pc-card-type">{card.type.value}</span></div>'
        f'<div class="pc-card-name">{escape(card.name)}</div>'
        f'<div class="pc-gain">+{gain}{icon(TYPE_ICON[card.type.value], 22)}</div>'
        f"{bonus}"
        f'<div class="pc-card-foot">{bane}<span class="pc-card-id">{card.id}</span>'
        f'<span class="pc-season" title="season {card.season}">{SEASON_MARK[card.season]}'
        f"</span></div>{ribbons}</div>")
    return style_tag() + body if standalone else body


def card_back_html(deck: str, prescient: str = "", *, labels: bool = False,
                   part: str | None = None, size: str = "", count: int | None = None,
                   title: str = "", note: str | None = None) -> str:
    """The back of a card of ``deck`` (a face-down hand card or a deck); ``count`` stacks it."""
    classes = " ".join(c for c in ("pc-card", "pc-back", f"pc-deck-{deck.lower()}",
                                   "pc-stack" if count is not None else "",
                                   f"pc-{size}" if size else "") if c)
    tip = title or f"a face-down card of {prescient or deck}'s deck"
    number = f'<span class="pc-back-count">{count}</span>' if count is not None else ""
    return (f'<div class="{classes}"{attrs(part, tip, labels, note)}>'
            f'<span class="pc-back-mark">{escape(deck)}</span>{number}</div>')


def empty_slot_html(text: str, *, labels: bool = False, part: str | None = None,
                    title: str = "", size: str = "", note: str | None = None) -> str:
    """An empty card place (an Action Zone slot before the cards arrive)."""
    extra = f" pc-{size}" if size else ""
    return (f'<div class="pc-card pc-slot{extra}"{attrs(part, title or text, labels, note)}>'
            f"<span>{escape(text)}</span></div>")

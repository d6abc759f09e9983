"""Expedition cards drawn as HTML: face up (type colour, Cost, gain, bonus, Bane, season) or
face down (the back of a Prescient's deck).

Pure strings. The page needs :func:`precog.render.style.style_tag` once (``board_html``
includes it); a card alone can be wrapped with ``standalone=True``.

>>> from precog.engine import reference_components
>>> from precog.session.speech import speech
>>> card = reference_components().cards["D02"]
>>> 'data-card="D02"' in card_html(card, speech=speech("en"))
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape

from precog.engine.components import Card, Components, Gains
from precog.render.icons import RESOURCE_ICON, icon
from precog.render.speech import Speech
from precog.render.style import attrs, style_tag

TYPE_CLASS = {"Food": "food", "Human": "human", "Battery": "battery", "Ymune": "ymune"}
TYPE_ICON = {"Food": "food", "Human": "human", "Battery": "battery", "Ymune": "ymune"}
SEASON_MARK = {1: "I", 2: "II", 3: "III"}


def _say(speech: Speech, key: str, **values: object) -> str:
    return speech.say(f"card.{key}", **values)


def gains_html(g: Gains, speech: Speech, size: int = 14, sign: str = "+") -> str:
    """Resources as amount + picture pairs, e.g. ``+2 [cube]``; "nothing" when empty."""
    w = speech
    if g.is_empty():
        return f'<span class="pc-none">{escape(w.say("word.nothing"))}</span>'
    return "".join(
        f'<span class="pc-amt" title="{n} {escape(w.say(f"kind.{k}"))}">{sign}{n}'
        f"{icon(RESOURCE_ICON[k], size)}</span>"
        for k, n in g.items())


def card_title(card: Card, speech: Speech) -> str:
    """One sentence describing the card, for tooltips."""
    kind = speech.say(f"kind.{card.type.value.lower()}")
    bits = [_say(speech, "title", id=card.id, name=speech.name(card.name), type=kind,
                 season=card.season),
            _say(speech, "gives", gain=card.gain_text, type=kind)]
    if card.cost is None:
        bits.append(_say(speech, "cost_x"))
    else:
        bits.append(_say(speech, "cost", cost=card.cost))
    if not card.bonus.is_empty():
        bits.append(_say(speech, "bonus", bonus=speech.gains(card.bonus)))
    if card.season > 1:
        bits.append(_say(speech, "bane", bane=card.bane))
    return " ".join(bits)


def card_html(card: Card, *, labels: bool = False, part: str | None = None,
              tags: Iterable[str] = (), dim: bool = False, size: str = "",
              note: str | None = None, standalone: bool = False, speech: Speech) -> str:
    """A face-up Expedition card.

    ``tags`` are short ribbons drawn on the card ("Keep", "Give", "activated"); ``size`` is
    "" (normal), "small" or "large"; ``part`` names the card for ``labels``; ``note`` (any
    text, even empty) highlights it.
    """
    kind = TYPE_CLASS[card.type.value]
    type_name = speech.say(f"kind.{card.type.value.lower()}")
    classes = " ".join(c for c in ("pc-card", f"pc-{kind}", "pc-dim" if dim else "",
                                   f"pc-{size}" if size else "") if c)
    cost = (icon("x", 15) if card.cost is None else
            f'<span class="pc-cost-n">{card.cost}</span>')
    gain = "X" if card.gain is None else str(card.gain)
    bonus = (f'<div class="pc-bonus" title="{escape(_say(speech, "bonus_tip", type=type_name))}">'
             f'<span class="pc-pair">{icon(TYPE_ICON[card.type.value], 10)}'
             f'{icon(TYPE_ICON[card.type.value], 10)}</span>'
             f'{gains_html(card.bonus, speech, 12)}</div>'
             if not card.bonus.is_empty() else '<div class="pc-bonus pc-empty"></div>')
    bane = (f'<span class="pc-card-bane" title="{escape(_say(speech, "bane", bane=card.bane))}">'
            f'{icon("bane", 12)}'
            f"{card.bane}</span>" if card.season > 1 else "<span></span>")
    ribbons = "".join(f'<span class="pc-tag pc-tag-{escape(t.lower())}">{escape(t)}</span>'
                      for t in tags)
    body = (
        f'<div class="{classes}" data-card="{card.id}"'
        f'{attrs(part, card_title(card, speech), labels, note)}>'
        f'<div class="pc-card-top">'
        f'<span class="pc-cost" title="{escape(_say(speech, "cost_tip"))}">'
        f'{cost}</span><span class="pc-card-type">{escape(type_name)}</span></div>'
        f'<div class="pc-card-name">{escape(speech.name(card.name))}</div>'
        f'<div class="pc-gain">+{gain}{icon(TYPE_ICON[card.type.value], 22)}</div>'
        f"{bonus}"
        f'<div class="pc-card-foot">{bane}<span class="pc-card-id">{card.id}</span>'
        f'<span class="pc-season" title="{escape(_say(speech, "season", season=card.season))}">'
        f'{SEASON_MARK[card.season]}'
        f"</span></div>{ribbons}</div>")
    return style_tag() + body if standalone else body


def card_back_html(deck: str, prescient: str = "", *, labels: bool = False,
                   part: str | None = None, size: str = "", count: int | None = None,
                   title: str = "", note: str | None = None, speech: Speech) -> str:
    """The back of a card of ``deck`` (a face-down hand card or a deck); ``count`` stacks it."""
    classes = " ".join(c for c in ("pc-card", "pc-back", f"pc-deck-{deck.lower()}",
                                   "pc-stack" if count is not None else "",
                                   f"pc-{size}" if size else "") if c)
    tip = title or _say(speech, "back_tip", deck=speech.name(prescient) or deck)
    number = f'<span class="pc-back-count">{count}</span>' if count is not None else ""
    return (f'<div class="{classes}"{attrs(part, tip, labels, note)}>'
            f'<span class="pc-back-mark">{escape(deck)}</span>{number}</div>')


def empty_slot_html(text: str, *, labels: bool = False, part: str | None = None,
                    title: str = "", size: str = "", note: str | None = None) -> str:
    """An empty card place (an Action Zone slot before the cards arrive)."""
    extra = f" pc-{size}" if size else ""
    return (f'<div class="pc-card pc-slot{extra}"{attrs(part, title or text, labels, note)}>'
            f"<span>{escape(text)}</span></div>")


def card_chip_html(card: Card, speech: Speech, mark: str = "") -> str:
    """A card named in a sentence: its type's colour and picture, its name, and the whole card
    face when the pointer rests on it; ``mark``: what tells it from a card of the same name
    (``speech.mark``, its id), drawn small after the name."""
    kind = TYPE_CLASS[card.type.value]
    name = escape(speech.name(card.name) or card.id)
    marked = f'<span class="pc-chip-mark">·{escape(mark)}</span>' if mark else ""
    return (f'<span class="pc-chip pc-chip-{kind}" data-card="{card.id}" '
            f'title="{escape(card_title(card, speech))}">{icon(TYPE_ICON[card.type.value], 12)}'
            f'<span class="pc-chip-name">{name}</span>{marked}<span class="pc-chip-face">'
            f"{card_html(card, speech=speech)}</span></span>")


def marked_html(text: str, components: Components | None, speech: Speech) -> str:
    """A marked sentence (:func:`precog.session.lines.mark`) as HTML: each card drawn as a
    :func:`card_chip_html`, each tile by name and effect, the rest escaped."""

    def chip(match: re.Match[str]) -> str:
        cid = match.group(1)
        if components is None:
            return escape(cid)
        if cid in components.cards:
            return card_chip_html(components.cards[cid], speech, speech.mark(cid, components))
        label = escape(speech.label(cid, components))
        return f'<span class="pc-chip pc-chip-tile" data-tile="{escape(cid)}">{label}</span>'

    return speech.marked.sub(chip, escape(text, quote=False))

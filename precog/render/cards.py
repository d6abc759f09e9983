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

import re
from collections.abc import Iterable
from html import escape

from precog.engine.components import Card, Components, Gains
from precog.render.icons import RESOURCE_ICON, icon
from precog.render.style import attrs, style_tag
from precog.session.card_names import card_mark
from precog.session.lines import MARKED, component_label
from precog.session.names import component_name
from precog.session.words import DEFAULT_LANGUAGE, words

TYPE_CLASS = {"Food": "food", "Human": "human", "Battery": "battery", "Ymune": "ymune"}
TYPE_ICON = {"Food": "food", "Human": "human", "Battery": "battery", "Ymune": "ymune"}
SEASON_MARK = {1: "I", 2: "II", 3: "III"}


def _say(lang: str, key: str, **values: object) -> str:
    return words(lang).say(f"card.{key}", **values)


def gains_html(g: Gains, size: int = 14, sign: str = "+", lang: str = DEFAULT_LANGUAGE) -> str:
    """Resources as amount + picture pairs, e.g. ``+2 [cube]``; "nothing" when empty."""
    w = words(lang)
    if g.is_empty():
        return f'<span class="pc-none">{escape(w.say("word.nothing"))}</span>'
    return "".join(
        f'<span class="pc-amt" title="{n} {escape(w.say(f"kind.{k}"))}">{sign}{n}'
        f"{icon(RESOURCE_ICON[k], size)}</span>"
        for k, n in g.items())


def card_title(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """One sentence describing the card, for tooltips."""
    kind = words(lang).say(f"kind.{card.type.value.lower()}")
    bits = [_say(lang, "title", id=card.id, name=component_name(card.name, lang), type=kind,
                 season=card.season),
            _say(lang, "gives", gain=card.gain_text, type=kind)]
    if card.cost is None:
        bits.append(_say(lang, "cost_x"))
    else:
        bits.append(_say(lang, "cost", cost=card.cost))
    if not card.bonus.is_empty():
        bits.append(_say(lang, "bonus", bonus=words(lang).gains(card.bonus)))
    if card.season > 1:
        bits.append(_say(lang, "bane", bane=card.bane))
    return " ".join(bits)


def card_html(card: Card, *, labels: bool = False, part: str | None = None,
              tags: Iterable[str] = (), dim: bool = False, size: str = "",
              note: str | None = None, standalone: bool = False,
              lang: str = DEFAULT_LANGUAGE) -> str:
    """A face-up Expedition card.

    ``tags`` are short ribbons drawn on the card ("Keep", "Give", "activated"); ``size`` is
    "" (normal), "small" or "large"; ``part`` names the card for ``labels``; ``note`` (any
    text, even empty) highlights it.
    """
    kind = TYPE_CLASS[card.type.value]
    type_name = words(lang).say(f"kind.{card.type.value.lower()}")
    classes = " ".join(c for c in ("pc-card", f"pc-{kind}", "pc-dim" if dim else "",
                                   f"pc-{size}" if size else "") if c)
    cost = (icon("x", 15) if card.cost is None else
            f'<span class="pc-cost-n">{card.cost}</span>')
    gain = "X" if card.gain is None else str(card.gain)
    bonus = (f'<div class="pc-bonus" title="{escape(_say(lang, "bonus_tip", type=type_name))}">'
             f'<span class="pc-pair">{icon(TYPE_ICON[card.type.value], 10)}'
             f'{icon(TYPE_ICON[card.type.value], 10)}</span>'
             f'{gains_html(card.bonus, 12, lang=lang)}</div>'
             if not card.bonus.is_empty() else '<div class="pc-bonus pc-empty"></div>')
    bane = (f'<span class="pc-card-bane" title="{escape(_say(lang, "bane", bane=card.bane))}">'
            f'{icon("bane", 12)}'
            f"{card.bane}</span>" if card.season > 1 else "<span></span>")
    ribbons = "".join(f'<span class="pc-tag pc-tag-{escape(t.lower())}">{escape(t)}</span>'
                      for t in tags)
    body = (
        f'<div class="{classes}" data-card="{card.id}"'
        f'{attrs(part, card_title(card, lang), labels, note)}>'
        f'<div class="pc-card-top"><span class="pc-cost" title="{escape(_say(lang, "cost_tip"))}">'
        f'{cost}</span><span class="pc-card-type">{escape(type_name)}</span></div>'
        f'<div class="pc-card-name">{escape(component_name(card.name, lang))}</div>'
        f'<div class="pc-gain">+{gain}{icon(TYPE_ICON[card.type.value], 22)}</div>'
        f"{bonus}"
        f'<div class="pc-card-foot">{bane}<span class="pc-card-id">{card.id}</span>'
        f'<span class="pc-season" title="{escape(_say(lang, "season", season=card.season))}">'
        f'{SEASON_MARK[card.season]}'
        f"</span></div>{ribbons}</div>")
    return style_tag() + body if standalone else body


def card_back_html(deck: str, prescient: str = "", *, labels: bool = False,
                   part: str | None = None, size: str = "", count: int | None = None,
                   title: str = "", note: str | None = None,
                   lang: str = DEFAULT_LANGUAGE) -> str:
    """The back of a card of ``deck`` (a face-down hand card or a deck); ``count`` stacks it."""
    classes = " ".join(c for c in ("pc-card", "pc-back", f"pc-deck-{deck.lower()}",
                                   "pc-stack" if count is not None else "",
                                   f"pc-{size}" if size else "") if c)
    tip = title or _say(lang, "back_tip", deck=component_name(prescient, lang) or deck)
    number = f'<span class="pc-back-count">{count}</span>' if count is not None else ""
    return (f'<div class="{classes}"{attrs(part, tip, labels, note)}>'
            f'<span class="pc-back-mark">{escape(deck)}</span>{number}</div>')


def empty_slot_html(text: str, *, labels: bool = False, part: str | None = None,
                    title: str = "", size: str = "", note: str | None = None) -> str:
    """An empty card place (an Action Zone slot before the cards arrive)."""
    extra = f" pc-{size}" if size else ""
    return (f'<div class="pc-card pc-slot{extra}"{attrs(part, title or text, labels, note)}>'
            f"<span>{escape(text)}</span></div>")


def card_chip_html(card: Card, lang: str = DEFAULT_LANGUAGE, mark: str = "") -> str:
    """A card named in a sentence: its type's colour and picture, its name, and the whole card
    face when the pointer rests on it; ``mark``: what tells it from a card of the same name
    (:func:`~precog.session.card_names.card_mark`, its id), drawn small after the name."""
    kind = TYPE_CLASS[card.type.value]
    name = escape(component_name(card.name, lang) or card.id)
    marked = f'<span class="pc-chip-mark">·{escape(mark)}</span>' if mark else ""
    return (f'<span class="pc-chip pc-chip-{kind}" data-card="{card.id}" '
            f'title="{escape(card_title(card, lang))}">{icon(TYPE_ICON[card.type.value], 12)}'
            f'<span class="pc-chip-name">{name}</span>{marked}<span class="pc-chip-face">'
            f"{card_html(card, lang=lang)}</span></span>")


def marked_html(text: str, components: Components | None,
                lang: str = DEFAULT_LANGUAGE) -> str:
    """A marked sentence (:func:`precog.session.lines.mark`) as HTML: each card drawn as a
    :func:`card_chip_html`, each tile by name and effect, the rest escaped."""

    def chip(match: re.Match[str]) -> str:
        cid = match.group(1)
        if components is None:
            return escape(cid)
        if cid in components.cards:
            return card_chip_html(components.cards[cid], lang, card_mark(cid, components))
        label = escape(component_label(cid, components, lang))
        return f'<span class="pc-chip pc-chip-tile" data-tile="{escape(cid)}">{label}</span>'

    return MARKED.sub(chip, escape(text, quote=False))

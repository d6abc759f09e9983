"""The cards entered on a table put into the position: each entered face checked as the box
editor checks it, given a card id of the right deck that may carry it, and swapped into the
place it was entered at.

A card is entered by its face (type, season, Cost and gain, bonus, Bane, name) or by name
alone; a card named alone is the face of that card in the named set, of the deck of the seat
that put it there (:func:`giver`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from precog.engine import Components, GameState
from precog.engine.components import Card
from precog.engine.faces import Face, face_values
from precog.engine.problems import Problem
from precog.session import table_lines as lines
from precog.session.box import BoxDraft, CardEntry
from precog.session.errors import SessionCode
from precog.session.table_description import CARD_FIELDS
from precog.session.words import words


class CardPlacer:
    """Puts entered cards into a position's JSON on ``box`` (messages said with ``say``)."""

    def __init__(self, box: Components, lang: str, say: Callable[..., str]) -> None:
        self.box = box
        self.lang = lang
        self.say = say

    def place(self, path: str, raw: dict[str, Any], position: dict[str, Any], n: int,
              zone: str, i: int, faces: dict[str, Face], errors: dict[str, str],
              season: int = 1, prescient: str = "") -> None:
        """The card entered at ``path`` (seat ``n``'s ``zone``, place ``i``) put there, its
        face in ``faces``; or the message of each field that does not fit in ``errors``."""
        places = position["players"][n][zone]
        if i >= len(places):
            errors[path] = self.say("table.zone_full", n=len(places))
            return
        deck = self.box.cards[places[i]].deck
        if "type" not in raw and ("card" in raw or "name" in raw):
            named = self.named_face(raw, deck, prescient)
            if not named:
                errors[path] = words(self.lang).error(lines.TableLineError(
                    Problem.of(SessionCode.TABLE_LINE_NO_CARD, got=str(raw.get("card") or
                                                            raw.get("name")), hint=""), 1))
                return
            raw = named
        elif raw.get("type") and not raw.get("season"):
            raw = {**raw, "season": str(season)}  # the round's season unless told otherwise
        entry = CardEntry(deck=deck, id=f"{deck}01", **{k: str(raw.get(k, "") or "")
                                                         for k in CARD_FIELDS})
        checked = BoxDraft(lang=self.lang).check_card(entry)
        for name, message in checked.errors.items():
            errors[f"{path}.{name}"] = message
        if checked.errors or checked.card is None:
            return
        if not checked.known:
            errors[f"{path}.cost"] = self.say("box.both")
            return
        ident = self.slot(checked.card, deck, faces)
        if ident is None:
            errors[path] = self.say("table.no_slot", deck=deck, season=checked.card.season,
                                    type=checked.card.type.value)
            return
        faces[ident] = replace(checked.card, id=ident)
        swap(position, places[i], ident)

    def named_face(self, raw: dict[str, Any], deck: str, prescient: str) -> dict[str, Any]:
        """A card entered by name (the copy of ``prescient``'s deck: the deck of the seat that
        put it there, else of the place's) or by mark: the face of that card of the named
        set, as a face entry."""
        named = lines.named_box(self.box)
        ident = raw.get("card")
        if not isinstance(ident, str) or ident not in named.cards:
            copies = {c.deck: c for c in named.cards.values() if c.name == raw.get("name")}
            card = copies.get(prescient) or copies.get(deck) or next(iter(copies.values()),
                                                                       None)
            if card is None:
                return {}
            ident = card.id
        card = named.cards[ident]
        if card.id in named.unknown:
            return {}
        return {"type": card.type.value, "season": str(card.season),
                "cost": "X" if card.cost is None else str(card.cost),
                "gain": "X" if card.gain is None else str(card.gain),
                "bonus": ", ".join(f"{f.name} {getattr(card.bonus, f.name)}"
                                   for f in fields(card.bonus) if getattr(card.bonus, f.name)),
                "bane": str(card.bane) if card.bane else "", "name": card.name}

    def slot(self, card: Card, deck: str, faces: dict[str, Face]) -> str | None:
        """A card id of ``deck`` that may carry ``card``'s face: a known card with that face,
        else an unknown one of its season and type not yet given a face."""
        for c in self.box.decks[deck]:
            if (c.id not in faces and c.season == card.season and c.type == card.type
                    and c.id not in self.box.unknown and face_values(c) == face_values(card)):
                return c.id
        for c in self.box.decks[deck]:
            if (c.id in self.box.unknown and c.id not in faces and c.season == card.season
                    and c.type == card.type):
                return c.id
        return None


def giver(state: GameState, seat: int, zone: str, index: int) -> int:
    """The seat whose deck a card named alone at this place comes from: the seat's own for
    its hand and its kept card (G), the left neighbour's for the Decision Zone (the left
    neighbour put them there), the right neighbour's for the card received (R)."""
    if zone == "decision_zone":
        return state.left(seat)
    if zone == "action_zone" and index == 1:
        return state.right(seat)
    return seat


def swap(position: dict[str, Any], a: str, b: str) -> None:
    """Exchange the places of cards ``a`` and ``b`` in a position's JSON."""
    if a == b:
        return
    for p in position["players"]:
        for zone in ("deck", "hand", "decision_zone", "action_zone", "discard"):
            p[zone] = [b if c == a else a if c == b else c for c in p[zone]]
        if p.get("gave") in (a, b):
            p["gave"] = b if p["gave"] == a else a
